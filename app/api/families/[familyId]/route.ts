import { route } from "@/lib/http/route";
import { jsonText } from "@/lib/http/respond";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { getFamilyJson } from "@/lib/families/get-family";

export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyParamsSchema }, async ({ params }) =>
  jsonText(await getFamilyJson(params.familyId)),
);
