import type { TStageReport } from "@/lib/gates/types";
import Link from "next/link";
import { fixLinkOf } from "./fix-links";
import { GateStatus } from "./gate-status";

/** One stage's gates with their evidence and what is missing. */
export function StageGates({ stage, familyId }: { stage: TStageReport; familyId?: string }) {
  return (
    <section className="panel" data-stage-gates={stage.stage} aria-label={`${stage.title} gates`}>
      <h2 style={{ marginTop: 0 }}>
        {stage.title} <GateStatus status={stage.status} />
        {stage.locked && <span className="muted"> · locked</span>}
      </h2>
      {stage.missing && <p className="muted">{stage.missing}</p>}
      <table>
        <tbody>
          {stage.gates.map((gate) => (
            <tr key={gate.key} data-gate={gate.key}>
              <td style={{ width: 90 }}><GateStatus status={gate.status} /></td>
              <td>
                <strong>{gate.title}</strong>
                {gate.missing && <div className={gate.status === "fail" ? "error" : "muted"}>{gate.missing}</div>}
                {familyId && gate.status !== "pass" && (() => {
                  const fix = fixLinkOf(familyId, stage.stage, gate.key);
                  return <Link href={fix.href} data-fix-link>Fix on {fix.label} →</Link>;
                })()}
                {gate.evidence.length > 0 && (
                  <details>
                    <summary className="muted">evidence ({gate.evidence.length})</summary>
                    <ul className="mono">
                      {gate.evidence.map((e, i) => <li key={i}><strong>{e.label}:</strong> {e.detail}</li>)}
                    </ul>
                  </details>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
