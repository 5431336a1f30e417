import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { getFamily } from "@/lib/families/get-family";
import { notFound } from "@/lib/errors/app-error";

export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyParamsSchema }, async ({ params }) => {
  const family = await getFamily(params.familyId);
  if (!family) throw notFound("Task family", params.familyId);
  return family;
});
