import { route } from "@/lib/http/route";
import { ZSuiteParamsSchema } from "@/lib/schemas/common";
import { ZCandidateFilterSchema } from "@/lib/schemas/candidates";
import { listCandidates } from "@/lib/anchoring/screening/list-candidates";

export const GET = route(
  { roles: ["curator", "lead", "admin"], params: ZSuiteParamsSchema, query: ZCandidateFilterSchema },
  async ({ params, query }) => listCandidates(params.suiteId, query),
);
