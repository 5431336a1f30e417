import { useState } from "react";
import { compareMatrixRows, orderProbeColumns, type TColumnMode } from "./matrix-order";
import type { TRunRow, TRunsPayload } from "./types";

const bit = (run: TRunRow, probeId: string) => {
  const i = run.probeIds.indexOf(probeId);
  return i === -1 ? null : run.signature[i] ?? null;
};

const rowLabel = (run: TRunRow) =>
  `${run.patchName ?? run.patchRole}${run.patchRole === "gold" ? ` #${run.repeat + 1}` : ""}${run.patchRole === "negative" && run.targetAtom ? ` (${run.targetAtom})` : ""}`;

/** The table scrolls inside its panel, with the patch column and the header row kept in view. */
const SCROLL = { overflow: "auto", maxHeight: "70vh", maxWidth: "100%" } as const;
const STICKY_COL = { position: "sticky", left: 0, background: "var(--panel-bg, #fff)", zIndex: 1 } as const;
const STICKY_HEAD = { position: "sticky", top: 0, background: "var(--panel-bg, #fff)", zIndex: 2 } as const;

/**
 * Patches × probes over the current content only: one row per calibration run,
 * gold #1…#3, base, negatives by target atom, alternatives. Runs of older content
 * are in the history below, never mixed in.
 */
export function SignatureMatrix({ data }: { data: TRunsPayload }) {
  const [mode, setMode] = useState<TColumnMode>("verifier");
  const runs = data.runs.filter((r) => r.kind === "calibrate" && r.current).sort(compareMatrixRows);
  if (runs.length === 0) return <p className="muted">No calibration run of the current content yet.</p>;
  const probes = orderProbeColumns(data.probes, (id) => runs.some((r) => bit(r, id) === 0), mode);
  return (
    <>
    <label className="row center-y" style={{ flexDirection: "row" }}>Columns
      <select aria-label="Signature matrix columns" value={mode} onChange={(e) => setMode(e.target.value as TColumnMode)}>
        <option value="verifier">in verifier order</option>
        <option value="failing_first">failing columns first</option>
        <option value="failing_only">failing columns only</option>
      </select>
    </label>
    <div style={SCROLL} data-testid="signature-matrix-scroll">
      <table data-testid="signature-matrix">
        <thead>
          <tr>
            <th style={{ ...STICKY_HEAD, ...STICKY_COL, zIndex: 3 }}>Patch</th>
            {probes.map((p) => (
              <th key={p.id} title={p.testId} data-probe-header={p.testId} style={{ ...STICKY_HEAD, verticalAlign: "bottom", minWidth: "4em" }}>
                P{data.probes.indexOf(p) + 1} {p.kind === "guard" ? "guard" : p.atoms.join(", ") || "—"}
                <div className="muted mono" style={{ textTransform: "none", fontWeight: 400, fontSize: 11, maxWidth: "10em", whiteSpace: "normal", overflowWrap: "anywhere" }}>{p.testId}</div>
              </th>
            ))}
            <th style={STICKY_HEAD}>Outcome</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id} data-run={run.id} data-role={run.patchRole}>
              <td style={STICKY_COL}>{rowLabel(run)}</td>
              {probes.map((p) => {
                const v = bit(run, p.id);
                return <td key={p.id} className="mono" title={`${p.testId}: ${v === 1 ? "passed" : v === 0 ? "failed" : "not run"}`} style={{ background: v === 1 ? "#e3f4ea" : v === 0 ? "#fbe4e2" : undefined, textAlign: "center" }}>{v ?? "·"}</td>;
              })}
              <td><span className={`chip ${run.status === "passed" ? "status-pass" : run.status === "failed" ? "status-fail" : "status-pending"}`}>{run.status}</span></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
    </>
  );
}

/** Fixed patch × core history over the current content: the signature in each cell; a row must be uniform. */
export function ReplayMatrix({ data }: { data: TRunsPayload }) {
  const runs = data.runs.filter((r) => r.kind === "replay" && r.current).sort(compareMatrixRows);
  if (runs.length === 0) return <p className="muted">No replay run of the current content yet: they are queued with calibration once the core histories exist.</p>;
  const conditions = [...new Set(runs.map((r) => r.condition ?? "?"))];
  const patches = [...new Set(runs.map((r) => r.patchName ?? r.patchRole ?? "?"))];
  return (
    <div style={SCROLL}>
      <table data-testid="replay-matrix">
        <thead><tr><th>Fixed patch</th>{conditions.map((c) => <th key={c}>{c}</th>)}<th>Identical?</th></tr></thead>
        <tbody>
          {patches.map((patch) => {
            const row = conditions.map((c) => runs.filter((r) => (r.patchName ?? r.patchRole) === patch && r.condition === c).at(-1));
            const sigs = row.filter((r) => r && r.status !== "queued" && r.status !== "running").map((r) => r!.signature.join(""));
            const same = sigs.length === conditions.length && sigs.every((s) => s === sigs[0]);
            return (
              <tr key={patch}>
                <td>{patch}</td>
                {row.map((r, i) => <td key={i} className="mono">{r ? (r.signature.length ? r.signature.join("") : r.status) : "—"}</td>)}
                <td>{sigs.length < conditions.length ? <span className="chip status-pending">waiting</span> : same ? <span className="chip status-pass">yes</span> : <span className="chip status-fail">no</span>}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Calibration and replay runs of content the family no longer has: visible, counted for nothing. */
export function RunHistory({ data }: { data: TRunsPayload }) {
  const older = data.runs.filter((r) => (r.kind === "calibrate" || r.kind === "replay") && !r.current);
  if (older.length === 0) return null;
  return (
    <details className="panel" data-testid="run-history">
      <summary>History: {older.length} older run(s) of content that has changed since (a patch, the hidden tests, the verifier, the probe list or a history text)</summary>
      <div style={SCROLL}>
        <table>
          <thead><tr><th>Kind</th><th>Patch</th><th>History</th><th>Status</th><th>Signature (its own probe list)</th><th>Requested</th></tr></thead>
          <tbody>
            {older.map((run) => (
              <tr key={run.id} data-run={run.id}>
                <td>{run.kind}</td>
                <td>{rowLabel(run)}</td>
                <td>{run.condition ? `${run.condition} r${run.revision}` : "—"}</td>
                <td><span className="chip">{run.status}</span></td>
                <td className="mono">{run.signature.join("") || "—"}</td>
                <td className="muted">{new Date(run.createdAt).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
