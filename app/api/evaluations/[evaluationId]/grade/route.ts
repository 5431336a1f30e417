import { route } from "@/lib/http/route";
import { requestGrading } from "@/lib/evaluation/request-grading";
import { ZEvaluationParamsSchema } from "@/lib/schemas/evaluations";

export const POST = route({ roles: ["lead"], params: ZEvaluationParamsSchema }, async ({ user, params }) => requestGrading(user.id, params.evaluationId));
