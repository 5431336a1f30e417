import { route } from "@/lib/http/route";
import { ZCandidateParamsSchema, ZRejectCandidateSchema } from "@/lib/schemas/candidates";
import { rejectCandidate } from "@/lib/anchoring/screening/reject-candidate";

export const POST = route({ roles: ["curator"], params: ZCandidateParamsSchema, body: ZRejectCandidateSchema }, async ({ user, params, body }) =>
  rejectCandidate(user.id, params.suiteId, params.candidateId, body),
);
