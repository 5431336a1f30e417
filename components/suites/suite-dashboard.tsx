"use client";
import { queryKeys } from "@/components/query-keys";
import Link from "next/link";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "@/lib/http/api-client";
import { StatusChip } from "@/components/ui/status-chip";
import { ApiErrorNotice } from "@/components/ui/api-error-notice";
import { fixLinkOf } from "@/components/gates/fix-links";
import type { TStageKey } from "@/lib/gates/stages";
import type { TSuiteDashboard } from "@/lib/suites/suite-dashboard";

/** A family's stage as the gate report says it: the first stage not green (a family stores only whether it is frozen). */
export function currentStageLabel(row: { frozen: boolean; stages: { stage: string; status: string }[] }, stages: readonly { key: string; label: string }[]): string {
  if (row.frozen) return "Frozen";
  const open = row.stages.find((s) => s.status !== "pass" && s.stage !== "freeze");
  if (!open) return "Ready to freeze";
  return stages.find((s) => s.key === open.stage)?.label ?? open.stage;
}

/** One family's current stage, read from the suite's gate dashboard (one query for the whole page). */
export function SuiteFamilyStage({ suiteId, familyId, fallback }: { suiteId: string; familyId: string; fallback: string }) {
  const dashboard = useQuery({ queryKey: queryKeys.suiteDashboard(suiteId), queryFn: () => api<TSuiteDashboard>(`/api/suites/${suiteId}/dashboard`), refetchInterval: 10_000 });
  const row = dashboard.data?.rows.find((r) => r.id === familyId);
  return <span data-testid={`family-stage-${familyId}`}>{row && dashboard.data ? currentStageLabel(row, dashboard.data.stages) : fallback}</span>;
}

type TExportJob = { id: string; status: string; progress: number; total: number; message: string };

/** Families × stages, each cell linking to the page that fixes it; counts per stage; the suite export. */
export function SuiteDashboard({ suiteId, canExport }: { suiteId: string; canExport: boolean }) {
  const dashboard = useQuery({ queryKey: queryKeys.suiteDashboard(suiteId), queryFn: () => api<TSuiteDashboard>(`/api/suites/${suiteId}/dashboard`), refetchInterval: 10_000 });
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useMutation({ mutationFn: () => api<TExportJob>(`/api/suites/${suiteId}/export`, { method: "POST" }), onSuccess: (job) => setJobId(job.id) });
  const job = useQuery({
    queryKey: queryKeys.exportJob(jobId),
    queryFn: () => api<TExportJob>(`/api/exports/${jobId}`),
    enabled: jobId !== null,
    refetchInterval: (q) => (q.state.data?.status === "queued" || q.state.data?.status === "running" || !q.state.data ? 1000 : false),
  });
  if (dashboard.error) return <p className="error">{dashboard.error.message}</p>;
  if (!dashboard.data) return <p className="muted">Loading the gate dashboard…</p>;
  const { stages, rows, counts, agreement } = dashboard.data;
  return (
    <section className="panel" aria-label="Gate dashboard">
      <h2 style={{ marginTop: 0 }}>Gate dashboard</h2>
      <p className="muted" data-testid="audit-agreement">Independent audit: {agreement}</p>
      <table data-testid="suite-dashboard">
        <thead>
          <tr><th>Family</th>{stages.map((s) => <th key={s.key}>{s.label}</th>)}</tr>
          <tr className="muted"><td>pass / fail / pending</td>{stages.map((s) => <td key={s.key}>{counts[s.key]!.pass} / {counts[s.key]!.fail} / {counts[s.key]!.pending}</td>)}</tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{row.title}{row.version > 1 && <span className="muted"> v{row.version}</span>}{row.frozen && <span className="muted"> · frozen</span>}</td>
              {row.stages.map((cell) => {
                const fix = fixLinkOf(row.id, cell.stage as TStageKey);
                return (
                  <td key={cell.stage} title={cell.missing ?? undefined}>
                    <Link href={fix.href} aria-label={`${row.title}: ${cell.stage} ${cell.status}`}><StatusChip status={cell.status} /></Link>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {canExport && (
        <p className="row">
          <button disabled={start.isPending || job.data?.status === "queued" || job.data?.status === "running" || dashboard.data.frozen === 0} onClick={() => start.mutate()}>
            Export the {dashboard.data.frozen} frozen package{dashboard.data.frozen === 1 ? "" : "s"}
          </button>
          {job.data && (
            <span data-testid="suite-export">
              {job.data.status === "queued" && <>Waiting for a worker…</>}
              {job.data.status === "running" && <>Exporting… {job.data.progress}/{job.data.total} <progress max={job.data.total || 1} value={job.data.progress} /></>}
              {job.data.status === "done" && <>{job.data.message}: <a href={`/api/exports/${job.data.id}/download`}>packages (.tar.gz)</a> · <a href={`/api/exports/${job.data.id}/download?kind=jsonl`}>JSONL</a></>}
              {job.data.status === "failed" && <span className="error">Export failed: {job.data.message}</span>}
            </span>
          )}
        </p>
      )}
      <ApiErrorNotice error={start.error} />
    </section>
  );
}
