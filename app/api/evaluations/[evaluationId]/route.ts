import { route } from "@/lib/http/route";
import { loadEvaluationReport } from "@/lib/evaluation/load-evaluation-report";
import { ZEvaluationParamsSchema } from "@/lib/schemas/evaluations";

export const GET = route({ roles: ["lead", "admin"], params: ZEvaluationParamsSchema }, async ({ params }) => loadEvaluationReport(params.evaluationId));
