"use client";
// The path-construction gates as the server computes them from the database,
// and the replay matrix behind the replay-signature gate.
import type { TGate } from "@/lib/gates/types";
import type { TReplayMatrix } from "@/lib/histories/replay-matrix";
import { usePathGates, useRunReplay } from "./use-histories";
import styles from "./histories.module.css";

const STATUS_WORD = { pass: "pass", fail: "fail", pending: "pending" } as const;

export function PathGatesPanel({ familyId, canRunReplay, unsaved }: { familyId: string; canRunReplay: boolean; unsaved: boolean }) {
  const gates = usePathGates(familyId);
  const run = useRunReplay(familyId);
  if (gates.isPending) return <p className="muted">Computing the path gates…</p>;
  if (gates.error) return <p className="error">{gates.error.message}</p>;
  const { stage: paths, matrix } = gates.data;
  return (
    <>
      <section className="panel" data-testid="path-gates" aria-label="Path gates">
        <h3 className={styles.panelTitle}>
          Path construction gate: <span className={`chip status-${paths.status}`} data-testid="paths-status">{STATUS_WORD[paths.status]}</span>
        </h3>
        {paths.locked && <p className="muted">{paths.missing} The gates below are computed all the same.</p>}
        {unsaved && <p className={styles.warning}>The gates read the saved revisions; save to see your edits here.</p>}
        {paths.gates.map((gate) => <GateRow key={gate.key} gate={gate} />)}
      </section>
      <section className="panel" data-testid="replay-matrix" aria-label="Replay matrix">
        <div className={styles.toolbar}>
          <h3 className={styles.panelTitle} style={{ margin: 0 }}>Replay matrix: fixed patch × core history</h3>
          <span className={styles.spacer} />
          <span className="muted" data-testid="replay-counts">
            {matrix.counts.queued} queued · {matrix.counts.running} running · {matrix.counts.finished} finished{matrix.counts.other ? ` · ${matrix.counts.other} broken` : ""}
          </span>
          {canRunReplay && (
            <button type="button" onClick={() => run.mutate()} disabled={run.isPending}>
              {run.isPending ? "Requesting…" : "Run replay"}
            </button>
          )}
        </div>
        {run.data && <p className="muted" role="status">Requested {run.data.requested} run(s): {run.data.created} new, {run.data.reused} already there.</p>}
        {run.error && <p className="error" role="alert">{run.error.message}</p>}
        <MatrixTable matrix={matrix} />
      </section>
    </>
  );
}

function GateRow({ gate }: { gate: TGate }) {
  return (
    <div className={styles.gate} data-status={gate.status} data-gate={gate.key}>
      <strong>{gate.title}</strong> <span className={`chip status-${gate.status}`}>{STATUS_WORD[gate.status]}</span>
      {gate.missing && <div className={gate.status === "fail" ? styles.bad : "muted"}>{gate.missing}</div>}
      {gate.evidence.length > 0 && (
        <div className="muted">{gate.evidence.map((e) => `${e.label}: ${e.detail}`).join(" · ")}</div>
      )}
    </div>
  );
}

function MatrixTable({ matrix }: { matrix: TReplayMatrix }) {
  const outdated = matrix.rows.some((r) => Object.values(r.cells).some((c) => c?.outdated));
  return (
    <>
      <table className={`${styles.small} ${styles.matrix}`}>
        <thead>
          <tr>
            <th>Patch</th>
            {matrix.columns.map((c) => <th key={c.condition}>{c.condition}{c.number ? ` r${c.number}` : " (none)"}</th>)}
            <th>Same signature?</th>
          </tr>
        </thead>
        <tbody>
          {matrix.rows.map((row) => (
            <tr key={row.key}>
              <td>{row.label}</td>
              {matrix.columns.map((c) => {
                const cell = row.cells[c.condition];
                const cls = cell?.agrees === true ? styles.cellAgrees : cell?.agrees === false ? styles.cellDiffers : undefined;
                const title = cell
                  ? `run ${cell.runId}: ${cell.status}${cell.stale ? " (older probe list)" : ""}${cell.outdated ? " (replayed an earlier text of this draft)" : ""}`
                  : "no run";
                return (
                  <td key={c.condition} className={cls} title={title} data-outdated={cell?.outdated || undefined}>
                    {cell ? (cell.signature ?? cell.status) : "—"}
                    {cell?.outdated ? " *" : ""}
                  </td>
                );
              })}
              <td className={row.equal === true ? styles.good : row.equal === false ? styles.bad : "muted"}>
                {row.equal === true ? "equal" : row.equal === false ? "unequal" : "incomplete"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {outdated && (
        <p className={styles.warning} data-testid="matrix-outdated">
          * These runs replayed an earlier text of a draft that has been edited since; their signatures describe that earlier text.
        </p>
      )}
    </>
  );
}
