import { route } from "@/lib/http/route";
import { jsonText } from "@/lib/http/respond";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { getGateReportJson } from "@/lib/families/get-gate-report";

export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyParamsSchema }, async ({ params }) =>
  jsonText(await getGateReportJson(params.familyId)),
);
