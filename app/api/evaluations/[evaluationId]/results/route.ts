import { route } from "@/lib/http/route";
import { importResults, ZImportResultsSchema } from "@/lib/evaluation/import-results";
import { requestGrading } from "@/lib/evaluation/request-grading";
import { RESULTS_MAX_BYTES, ZEvaluationParamsSchema } from "@/lib/schemas/evaluations";

/** Upload agent results (all or nothing), then queue grading of the new patches. */
export const POST = route(
  { roles: ["lead"], params: ZEvaluationParamsSchema, body: ZImportResultsSchema, maxBodyBytes: RESULTS_MAX_BYTES },
  async ({ user, params, body }) => {
    const imported = await importResults(user.id, params.evaluationId, body);
    return { ...imported, grading: await requestGrading(user.id, params.evaluationId) };
  },
);
