"use client";
import { WithTabRights } from "@/components/families/tab-rights-gate";
import { OracleAuditView } from "./oracle-audit-view";

export function OracleAuditTab({ familyId }: { familyId: string }) {
  return (
    <WithTabRights familyId={familyId}>
      {(r) => <OracleAuditView familyId={familyId} canPlace={r.has("curator") && !r.frozen} canWaive={r.has("lead") && !r.frozen} canRun={r.has("curator", "lead") && !r.frozen} />}
    </WithTabRights>
  );
}
