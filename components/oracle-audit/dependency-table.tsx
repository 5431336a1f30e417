"use client";
import { useMemo, useState } from "react";
import { StatusChip } from "@/components/ui/status-chip";
import type { TOracleAuditDto } from "@/lib/oracle-audit/oracle-audit-dto";

type TAudit = NonNullable<TOracleAuditDto["audit"]>;
export const CLASSES = ["hidden", "specified", "inferable", "visible"] as const;
const TONE = { hidden: "fail", specified: "pass", inferable: "pending", visible: "none" } as const;

/** Every dependency of every audited test file, per history, with its class and why — filterable by class, history and file. */
export function DependencyTable({ audit }: { audit: TAudit }) {
  const [category, setCategory] = useState("");
  const [history, setHistory] = useState("");
  const [file, setFile] = useState("");
  const rows = useMemo(
    () => audit.histories.flatMap((h) => h.listing.map((d) => ({ ...d, condition: h.condition, revision: h.number, current: h.current, revisionId: h.revisionId }))),
    [audit],
  );
  const files = [...new Set(rows.map((r) => r.file))].sort();
  const shown = rows.filter((r) => (!category || r.category === category) && (!history || r.revisionId === history) && (!file || r.file === file));
  return (
    <section data-testid="oracle-dependencies">
      <h2>Every dependency</h2>
      <div className="panel row">
        <label>Class
          <select value={category} onChange={(e) => setCategory(e.target.value)} aria-label="Class">
            <option value="">All classes</option>
            {CLASSES.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
        </label>
        <label>History
          <select value={history} onChange={(e) => setHistory(e.target.value)} aria-label="History">
            <option value="">All histories</option>
            {audit.histories.map((h) => <option key={h.revisionId} value={h.revisionId}>{h.condition}{h.number !== null ? ` r${h.number}` : ""}</option>)}
          </select>
        </label>
        <label>File
          <select value={file} onChange={(e) => setFile(e.target.value)} aria-label="File">
            <option value="">All files</option>
            {files.map((f) => <option key={f} value={f}>{f}</option>)}
          </select>
        </label>
        <span className="muted" role="status">{shown.length} of {rows.length} shown</span>
      </div>
      {shown.length === 0 ? <p className="muted">No dependency matches.</p> : (
        <table>
          <thead><tr><th>History</th><th>Class</th><th>Dependency</th><th>Test line</th><th>Why</th></tr></thead>
          <tbody>
            {shown.map((r, i) => (
              <tr key={`${r.revisionId}|${r.file}|${r.key}|${r.test ?? ""}|${i}`} data-testid="oracle-dependency" data-condition={r.condition} data-category={r.category} data-name={r.name}>
                <td>{r.condition}{r.revision !== null && ` r${r.revision}`}{!r.current && <span className="muted"> (older)</span>}</td>
                <td><StatusChip status={r.category} tone={TONE[r.category]} />{r.category === "hidden" && r.probes === 0 && <span className="chip" title="No probe the verifier runs depends on it">informational</span>}</td>
                <td><span className="muted">{r.kind}</span> <code>{r.name}</code>{r.module && <span className="muted"> from <code>{r.module}</code></span>}</td>
                <td><code>{r.file}:{r.line}</code>{r.test && <span className="muted"> in “{r.test}”</span>}<br /><code className="muted">{r.text}</code></td>
                <td>
                  {r.reason}
                  {r.where && <span className="muted" data-testid="oracle-dependency-where"> — {r.where}</span>}
                  {r.definedAt && <span className="muted"> — gold defines it in <code>{r.definedAt.file}{r.definedAt.line ? `:${r.definedAt.line}` : ""}</code></span>}
                  <span className="muted"> · {r.probes} probe{r.probes === 1 ? "" : "s"}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
