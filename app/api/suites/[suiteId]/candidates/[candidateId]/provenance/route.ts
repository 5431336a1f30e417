import { route } from "@/lib/http/route";
import { ZCandidateParamsSchema, ZCandidateProvenanceSchema } from "@/lib/schemas/candidates";
import { setCandidateProvenance } from "@/lib/anchoring/screening/set-candidate-provenance";

/** A local candidate's pull request (number or URL); with a GitHub remote and a token, its text is fetched. */
export const PUT = route({ roles: ["curator"], params: ZCandidateParamsSchema, body: ZCandidateProvenanceSchema }, async ({ user, params, body }) =>
  setCandidateProvenance(user.id, params.suiteId, params.candidateId, body),
);
