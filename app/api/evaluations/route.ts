import { route } from "@/lib/http/route";
import { createEvaluation, ZCreateEvaluationSchema } from "@/lib/evaluation/create-evaluation";
import { listEvaluations } from "@/lib/evaluation/list-evaluations";

export const GET = route({ roles: ["lead", "admin"] }, async () => listEvaluations());

export const POST = route({ roles: ["lead"], body: ZCreateEvaluationSchema }, async ({ user, body }) => createEvaluation(user.id, body));
