import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { getGateReport } from "@/lib/families/get-gate-report";

export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyParamsSchema }, async ({ params }) =>
  getGateReport(params.familyId),
);
