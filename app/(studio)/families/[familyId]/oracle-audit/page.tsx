import { requirePageUser } from "@/lib/auth/page-guard";
import { frozenPackageHash } from "@/lib/family-guard/frozen-package";
import { OracleAuditView } from "@/components/oracle-audit/oracle-audit-view";

export default async function OracleAuditPage({ params }: { params: Promise<{ familyId: string }> }) {
  const user = await requirePageUser(["curator", "lead", "admin"]);
  const { familyId } = await params;
  // A frozen family renders without forms on every tab (the server refuses its changes anyway).
  const frozen = (await frozenPackageHash(familyId)) !== null;
  return <OracleAuditView familyId={familyId} canPlace={user.roles.includes("curator") && !frozen} canWaive={user.roles.includes("lead") && !frozen} canRun={user.roles.some((r) => r === "curator" || r === "lead") && !frozen} />;
}
