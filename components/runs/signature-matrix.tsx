import type { TRunRow, TRunsPayload } from "./types";

const bit = (run: TRunRow, probeId: string) => {
  const i = run.probeIds.indexOf(probeId);
  return i === -1 ? null : run.signature[i] ?? null;
};

/** Patches × probes: one row per calibration run, green where the probe passed. */
export function SignatureMatrix({ data }: { data: TRunsPayload }) {
  const runs = data.runs.filter((r) => r.kind === "calibrate");
  if (runs.length === 0) return <p className="muted">No calibration runs yet.</p>;
  return (
    <table data-testid="signature-matrix">
      <thead>
        <tr>
          <th>Patch</th>
          {data.probes.map((p) => <th key={p.id} title={p.testId}>{p.atoms.join(", ") || "—"}<div className="muted mono" style={{ textTransform: "none" }}>{p.testId.slice(0, 28)}</div></th>)}
          <th>Outcome</th>
        </tr>
      </thead>
      <tbody>
        {runs.map((run) => (
          <tr key={run.id} data-run={run.id}>
            <td>{run.patchName ?? run.patchRole}{run.patchRole === "gold" ? ` #${run.repeat + 1}` : ""}</td>
            {data.probes.map((p) => {
              const v = bit(run, p.id);
              return <td key={p.id} className="mono" style={{ background: v === 1 ? "#e3f4ea" : v === 0 ? "#fbe4e2" : undefined, textAlign: "center" }}>{v ?? "·"}</td>;
            })}
            <td><span className={`chip ${run.status === "passed" ? "status-pass" : run.status === "failed" ? "status-fail" : "status-pending"}`}>{run.status}</span></td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Fixed patch × core history: the signature in each cell; a row must be uniform. */
export function ReplayMatrix({ data }: { data: TRunsPayload }) {
  const runs = data.runs.filter((r) => r.kind === "replay");
  if (runs.length === 0) return <p className="muted">No replay runs yet: they are queued with calibration once the core histories exist.</p>;
  const conditions = [...new Set(runs.map((r) => r.condition ?? "?"))];
  const patches = [...new Set(runs.map((r) => r.patchName ?? r.patchRole ?? "?"))];
  return (
    <table data-testid="replay-matrix">
      <thead><tr><th>Fixed patch</th>{conditions.map((c) => <th key={c}>{c}</th>)}<th>Identical?</th></tr></thead>
      <tbody>
        {patches.map((patch) => {
          // The latest run of each cell: earlier ones replayed text that has been saved over since.
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
  );
}
