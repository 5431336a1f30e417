import { requirePageUser } from "@/lib/auth/page-guard";
import { EvaluationReport } from "@/components/evaluation/evaluation-report";

export default async function EvaluationPage({ params }: { params: Promise<{ evaluationId: string }> }) {
  const user = await requirePageUser(["lead", "admin"]);
  const { evaluationId } = await params;
  return <EvaluationReport evaluationId={evaluationId} canEdit={user.roles.includes("lead")} />;
}
