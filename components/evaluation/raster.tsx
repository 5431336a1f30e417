"use client";
import type { TRasterBlock } from "@/lib/evaluation/analysis";
import { CORE_CONDITIONS } from "@/lib/contract/types";

/** Complete blocks × the five core histories, coloured by outcome; direct-success blocks first. */
export function Raster({ blocks }: { blocks: TRasterBlock[] }) {
  if (blocks.length === 0) return <p className="muted">No block has all five core histories scored yet.</p>;
  return (
    <div style={{ overflowX: "auto" }}>
      <table data-testid="raster">
        <thead>
          <tr><th>Family</th><th>Configuration</th><th>Repeat</th>{CORE_CONDITIONS.map((c) => <th key={c}>{c}</th>)}<th>CPV</th></tr>
        </thead>
        <tbody>
          {blocks.map((b) => (
            <tr key={`${b.family}|${b.configuration}|${b.repeat}`} style={b.directSuccess ? undefined : { opacity: 0.6 }}>
              <td>{b.family}</td><td>{b.configuration}</td><td>{b.repeat}</td>
              {CORE_CONDITIONS.map((c) => (
                <td key={c} title={`signature ${b.signatures[c].join("") || "—"}`} className={b.outcomes[c] ? "status-pass" : "status-fail"}>
                  {b.outcomes[c] ? "■ pass" : "□ fail"} <span className="mono">{b.signatures[c].join("")}</span>
                </td>
              ))}
              <td>{b.violated.length > 0 ? <span className="chip status-fail">{b.violated.join(", ")}</span> : b.directSuccess ? "—" : <span className="muted">direct failed</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
