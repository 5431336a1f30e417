"use client";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import { probeFailures } from "@/lib/runs/failure-reasons";
import { queryKeys } from "@/components/query-keys";

type Result = { attempt: number; status: string; workerId: string; stdout: string; stderr: string; message: string | null; sandbox: string; warnings: string[]; timings: Record<string, number>; probes?: unknown };

/** Per probe that did not pass: the report's failure message, and its full text on demand. */
function ProbeFailures({ probes, kind }: { probes: unknown; kind?: string }) {
  if (kind === "collect") return null;
  const failures = probeFailures(probes);
  if (failures.length === 0) return null;
  return (
    <div data-testid="probe-failures">
      <strong>Why it did not pass</strong>
      <ul style={{ margin: "4px 0" }}>
        {failures.map((f) => (
          <li key={f.probe}>
            <span className="mono">{f.probe}</span> · {f.status}{f.message ? <>: <span>{f.message}</span></> : null}
            {f.detail && <details><summary>failure text from the report</summary><pre className="mono" style={{ whiteSpace: "pre-wrap" }}>{f.detail}</pre></details>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A run's attempts with their stored (capped) stdout and stderr. */
export function RunLog({ runId }: { runId: string }) {
  const run = useQuery({ queryKey: queryKeys.run(runId), queryFn: () => api<{ kind?: string; results: Result[] }>(`/api/runs/${runId}`) });
  if (run.isPending) return <p className="muted">Loading logs…</p>;
  if (run.error) return <p className="error">{run.error.message}</p>;
  if (run.data.results.length === 0) return <p className="muted">No attempt has finished yet.</p>;
  return (
    <div>
      {run.data.results.map((r) => (
        <div key={r.attempt} className="panel">
          <div>
            Attempt {r.attempt} · <strong>{r.status}</strong> · sandbox <span className={r.sandbox === "none" ? "error" : ""}>{r.sandbox === "none" ? "none (unsandboxed)" : r.sandbox}</span> · worker <span className="mono">{r.workerId}</span>
          </div>
          {r.message && <p>{r.message}</p>}
          {r.warnings.map((w) => <p key={w} className="error">⚠ {w}</p>)}
          <ProbeFailures probes={r.probes} kind={run.data.kind} />
          <p className="muted mono">{Object.entries(r.timings).map(([k, v]) => `${k} ${Math.round(v)} ms`).join(" · ")}</p>
          <details><summary>stdout</summary><pre className="mono" style={{ whiteSpace: "pre-wrap" }}>{r.stdout || "(empty: the test command wrote its report to $SPECPATH_REPORT; the failure text above comes from that report)"}</pre></details>
          <details><summary>stderr</summary><pre className="mono" style={{ whiteSpace: "pre-wrap" }}>{r.stderr || "(empty)"}</pre></details>
        </div>
      ))}
    </div>
  );
}
