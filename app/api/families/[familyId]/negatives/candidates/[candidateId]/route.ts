import { route } from "@/lib/http/route";
import { ZCandidateParamsSchema, ZDecideCandidateSchema } from "@/lib/schemas/mining";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { decideCandidate } from "@/lib/patches/mining/decide-candidate";
import { db } from "@/lib/db";

/** Accept (as mined or edited: it becomes a negative patch) or reject a mined candidate. */
export const PUT = route({ roles: ["curator"], params: ZCandidateParamsSchema, body: ZDecideCandidateSchema }, async ({ user, params, body }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  return decideCandidate(user.id, params.familyId, params.candidateId, body);
});
