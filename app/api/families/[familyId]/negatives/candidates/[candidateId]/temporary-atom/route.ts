import { route } from "@/lib/http/route";
import { ZCandidateParamsSchema } from "@/lib/schemas/mining";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { temporaryAtomFromNegative } from "@/lib/patches/mining/temporary-atom-from-negative";
import { db } from "@/lib/db";

/** An accepted mined negative becomes the temporary atom its target replaces (the override and cancellation paths). */
export const POST = route({ roles: ["curator"], params: ZCandidateParamsSchema }, async ({ user, params }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  return temporaryAtomFromNegative(user.id, params.familyId, params.candidateId);
});
