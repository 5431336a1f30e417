import { requirePageUser } from "@/lib/auth/page-guard";
import { EvaluationsView } from "@/components/evaluation/evaluations-view";

export default async function EvaluationsPage() {
  const user = await requirePageUser(["lead", "admin"]);
  return <EvaluationsView canCreate={user.roles.includes("lead")} />;
}
