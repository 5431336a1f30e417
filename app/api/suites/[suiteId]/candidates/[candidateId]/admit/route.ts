import { route } from "@/lib/http/route";
import { ZAdmitCandidateSchema, ZCandidateParamsSchema } from "@/lib/schemas/candidates";
import { admitCandidate } from "@/lib/anchoring/screening/admit-candidate";

export const POST = route({ roles: ["curator"], params: ZCandidateParamsSchema, body: ZAdmitCandidateSchema }, async ({ user, params, body }) =>
  admitCandidate(user.id, params.suiteId, params.candidateId, body),
);
