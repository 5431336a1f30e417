"use client";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import { queryKeys } from "@/components/query-keys";

type Result = { attempt: number; status: string; workerId: string; stdout: string; stderr: string; message: string | null; sandbox: string; warnings: string[]; timings: Record<string, number> };

/** A run's attempts with their stored (capped) stdout and stderr. */
export function RunLog({ runId }: { runId: string }) {
  const run = useQuery({ queryKey: queryKeys.run(runId), queryFn: () => api<{ results: Result[] }>(`/api/runs/${runId}`) });
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
          <p className="muted mono">{Object.entries(r.timings).map(([k, v]) => `${k} ${Math.round(v)} ms`).join(" · ")}</p>
          <details><summary>stdout</summary><pre className="mono" style={{ whiteSpace: "pre-wrap" }}>{r.stdout || "(empty)"}</pre></details>
          <details><summary>stderr</summary><pre className="mono" style={{ whiteSpace: "pre-wrap" }}>{r.stderr || "(empty)"}</pre></details>
        </div>
      ))}
    </div>
  );
}
