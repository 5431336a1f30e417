"use client";
import Link from "next/link";
import { StatusChip } from "@/components/ui/status-chip";
import { useStageReport } from "@/components/gates/use-gate-report";

/** The contract-reconciliation gate, computed by the server from the family's facts (never typed in). */
export function ReconciliationPanel({ familyId }: { familyId: string }) {
  const gate = useStageReport(familyId, "reconciliation");
  return (
    <section className="panel" aria-label="Reconciliation gate">
      <div className="row" style={{ alignItems: "center" }}>
        <h2 style={{ margin: 0 }}>Contract reconciliation gate</h2>
        {gate.data && <StatusChip status={gate.data.status} testId="reconciliation-status" />}
        {gate.isFetching && <span className="muted">checking…</span>}
      </div>
      {gate.error && <p className="error">{gate.error.message}</p>}
      {gate.data?.stage.locked && (
        <p className="muted">
          These are this stage&apos;s own checks. The <Link href={`/families/${familyId}`}>gate dashboard</Link> keeps the stage pending until the earlier stage is green: {gate.data.stage.missing}
        </p>
      )}
      {gate.data && (
        <table style={{ marginTop: 8 }}>
          <tbody>
            {gate.data.stage.gates.map((g) => (
              <tr key={g.key} data-gate={g.key}>
                <td style={{ width: 90 }}><StatusChip status={g.status} /></td>
                <td>
                  <div>{g.title}</div>
                  {g.missing && <div className={g.status === "fail" ? "error" : "muted"}>{g.missing}</div>}
                </td>
                <td className="muted">{g.evidence.map((e) => `${e.label}: ${e.detail}`).join(" · ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
