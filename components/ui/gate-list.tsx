import type { ReactNode } from "react";
import type { TGate } from "@/lib/gates/types";
import { StatusChip } from "./status-chip";

/**
 * A stage's gates as rows: status, title, what is missing, and the evidence. Every gate panel
 * uses it; rows carry data-gate (and data-testid gate-<key>) and data-status for tests.
 */
/** `action`: an optional link or button per gate (e.g. where to fix it). */
export function GateList({ gates, evidence = "inline", action }: { gates: readonly TGate[]; evidence?: "inline" | "details"; action?: (gate: TGate) => ReactNode }) {
  return (
    <table className="gate-list">
      <tbody>
        {gates.map((gate) => (
          <tr key={gate.key} data-gate={gate.key} data-testid={`gate-${gate.key}`} data-status={gate.status}>
            <td className="gate-status"><StatusChip status={gate.status} /></td>
            <td>
              <strong>{gate.title}</strong>
              {gate.missing && <div className={gate.status === "fail" ? "error" : "muted"}>{gate.missing}</div>}
              {action?.(gate)}
              {gate.evidence.length > 0 && evidence === "inline" && (
                <div className="muted">{gate.evidence.map((e) => `${e.label}: ${e.detail}`).join(" · ")}</div>
              )}
              {gate.evidence.length > 0 && evidence === "details" && (
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
  );
}
