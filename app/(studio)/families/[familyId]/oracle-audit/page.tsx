import { requirePageUser } from "@/lib/auth/page-guard";
import { OracleAuditView } from "@/components/oracle-audit/oracle-audit-view";

export default async function OracleAuditPage({ params }: { params: Promise<{ familyId: string }> }) {
  const user = await requirePageUser(["curator", "lead", "admin"]);
  const { familyId } = await params;
  return <OracleAuditView familyId={familyId} canPlace={user.roles.includes("curator")} canWaive={user.roles.includes("lead")} canRun={user.roles.some((r) => r === "curator" || r === "lead")} />;
}
