import { route } from "@/lib/http/route";
import { db } from "@/lib/db";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { ZStageKeySchema } from "@/lib/gates/stages";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { getStageReport } from "@/lib/families/get-stage-report";

const ZFamilyStageParamsSchema = ZFamilyParamsSchema.extend({ stage: ZStageKeySchema });

/** One stage of the family's gate report with what its panel shows beside the gates. */
export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyStageParamsSchema }, async ({ user, params }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  return getStageReport(params.familyId, params.stage);
});
