"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, ApiError } from "@/lib/http/api-client";
import { useStageReport } from "@/components/gates/use-gate-report";
import { useRefreshGatesOnRunFinish } from "@/components/gates/use-refresh-gates-on-run-finish";
import { StageGates } from "@/components/gates/stage-gates";
import { ReplayMatrix, RunHistory, SignatureMatrix } from "./signature-matrix";
import { RunLog } from "./run-log";
import { ACTIVE, STATUS_ORDER, type TRunsPayload } from "./types";
import { queryKeys } from "@/components/query-keys";
import { refreshQueries } from "@/components/ui/refresh-queries";

export function RunsView({ familyId }: { familyId: string }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const [batch, setBatch] = useState<{ id: string; reused: number } | null>(null);
  const runs = useQuery({
    queryKey: queryKeys.runs(familyId),
    queryFn: () => api<TRunsPayload>(`/api/families/${familyId}/runs`),
    // Live progress: poll every second while anything is queued or running.
    refetchInterval: (q) => (q.state.data?.runs.some((r) => ACTIVE.has(r.status)) ? 1000 : false),
  });
  const active = runs.data?.runs.some((r) => ACTIVE.has(r.status)) ?? false;
  const calibration = useStageReport(familyId, "calibration", active ? 2000 : false);
  const act = useMutation({
    mutationFn: (action: string) => api<{ batchId?: string; created?: number; reused?: number; requeued?: number; rerun?: number }>(`/api/families/${familyId}/runs`, { body: { action } }),
    onSuccess: (r) => {
      setBatch(r.batchId ? { id: r.batchId, reused: r.reused ?? 0 } : null);
      setNotice({ error: false, text: r.rerun !== undefined ? `Re-running ${r.rerun} run(s).` : `Queued ${r.created} new run(s); ${r.reused ?? 0} unchanged run(s) reused.${r.requeued ? ` ${r.requeued} run(s) that ran since-changed content run again.` : ""}` });
      void refreshQueries(queryClient, { queryKey: queryKeys.runs(familyId) });
      void refreshQueries(queryClient, { queryKey: queryKeys.gates(familyId) });
    },
    onError: (e) => setNotice({ error: true, text: (e as ApiError).message }),
  });

  const data = runs.data;
  // The counter is for the batch just asked for (a click that queued nothing shows nothing to wait for), else every run.
  const counted = data ? (batch ? data.runs.filter((r) => r.batchId === batch.id) : data.runs) : [];
  const total = counted.length;
  const finished = counted.filter((r) => !ACTIVE.has(r.status)).length;
  useRefreshGatesOnRunFinish(familyId, data ? data.runs.filter((r) => !ACTIVE.has(r.status)).length : undefined);
  return (
    <>
      <div className="row" style={{ marginBottom: 12 }}>
        <button className="primary" onClick={() => act.mutate("calibrate")} disabled={act.isPending}>Calibrate</button>
        <button onClick={() => act.mutate("rerun_failed")} disabled={act.isPending}>Re-run failed</button>
        <button onClick={() => act.mutate("checkout")} disabled={act.isPending}>Check out base</button>
        <button onClick={() => act.mutate("collect")} disabled={act.isPending}>Collect tests</button>
      </div>
      {notice && <p className={notice.error ? "error" : "muted"} role="status">{notice.text}</p>}
      {data && total > 0 && (
        <div className="panel" data-testid="run-progress">
          <progress max={total} value={finished} style={{ width: "100%" }} aria-label="Runs finished" />
          <div className="muted">
            {finished} of {total} runs finished{batch ? ` in the batch just requested${batch.reused ? ` (${batch.reused} unchanged run(s) reused)` : ""}` : ""} ·{" "}
            {STATUS_ORDER.filter((s) => counted.some((r) => r.status === s)).map((s) => `${counted.filter((r) => r.status === s).length} ${s}`).join(" · ")}
          </div>
        </div>
      )}
      {calibration.data && <StageGates stage={calibration.data.stage} />}
      {calibration.data && <NonDiscriminatingWarning stage={calibration.data.stage} />}
      <h2>Signature matrix</h2>
      {data && <SignatureMatrix data={data} />}
      <h2>Replay under the core histories</h2>
      {data && <ReplayMatrix data={data} />}
      {data && <RunHistory data={data} />}
      <h2>All runs</h2>
      <table data-testid="runs-table">
        <thead><tr><th>Kind</th><th>Patch</th><th>History</th><th>Status</th><th>Attempt</th><th>Message</th><th></th></tr></thead>
        <tbody>
          {data?.runs.map((run) => (
            <tr key={run.id} data-status={run.status}>
              <td>{run.kind}</td>
              <td>{run.patchName ?? run.patchRole ?? "—"}{run.patchRole === "gold" ? ` #${run.repeat + 1}` : ""}</td>
              <td>{run.condition ? `${run.condition} r${run.revision}` : "—"}</td>
              <td><span className="chip">{run.status}</span>{!run.current && <span className="chip" title="Ran content the family no longer has">older content</span>}</td>
              <td>{run.attempt}</td>
              <td className="muted">{run.message}{run.warnings.length > 0 && <span className="error"> ⚠ {run.warnings[0]}</span>}</td>
              <td><button onClick={() => setOpen(open === run.id ? null : run.id)}>{open === run.id ? "Hide" : "Logs"}</button></td>
            </tr>
          ))}
        </tbody>
      </table>
      {open && <RunLog runId={open} />}
    </>
  );
}

/** Probes passing on the unmodified base, from the base gate's evidence: a warning in view, not a collapsed line. */
function NonDiscriminatingWarning({ stage }: { stage: { gates: { key: string; evidence: { label: string; detail: string }[] }[] } }) {
  const detail = stage.gates.find((g) => g.key === "base")?.evidence.find((e) => e.label === "probes of final atoms passing on base")?.detail;
  if (!detail || detail === "none") return null;
  return (
    <p className="warning" role="note" data-testid="non-discriminating">
      Non-discriminating probes: {detail} pass{detail.includes(",") ? "" : "es"} on the unmodified base, so {detail.includes(",") ? "they cannot" : "it cannot"} tell gold from the base.
      Make each a guard test (pass-to-pass), or cover its atom with a test that fails on the base.
    </p>
  );
}
