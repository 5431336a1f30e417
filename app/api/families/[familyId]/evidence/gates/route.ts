import { route } from "@/lib/http/route";
import { db } from "@/lib/db";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { assertFamilyAccess } from "@/lib/families/access";
import { getAnchoringStatus } from "@/lib/anchoring/evidence/get-anchoring-status";

export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyParamsSchema }, async ({ user, params }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  return getAnchoringStatus(params.familyId);
});
