import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { listHistories } from "@/lib/histories/list-histories";
import { db } from "@/lib/db";

// Turn events are hidden material: construction roles only, never reviewers.
export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyParamsSchema }, async ({ user, params }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  return listHistories(params.familyId);
});
