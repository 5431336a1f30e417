import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { ZStageKeySchema } from "@/lib/gates/stages";
import { jsonText } from "@/lib/http/respond";
import { getStageReportJson } from "@/lib/families/get-stage-report";

const ZFamilyStageParamsSchema = ZFamilyParamsSchema.extend({ stage: ZStageKeySchema });

/**
 * One stage of the family's gate report with what its panel shows beside the gates. The roles
 * are assertFamilyAccess's (curators, leads, admins); the family's existence is told by the
 * fingerprint getStageReportJson reads anyway (404), so a request under load costs one statement.
 */
export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyStageParamsSchema }, async ({ params }) =>
  jsonText(await getStageReportJson(params.familyId, params.stage)),
);
