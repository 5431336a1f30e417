"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { api, ApiError } from "@/lib/http/api-client";
import styles from "../anchoring.module.css";
import type { ImportJob } from "../types";
import { queryKeys } from "@/components/query-keys";
import { ErrorText } from "@/components/ui/error-text";
import { Form } from "@/components/ui/form";
import { refreshQueries } from "@/components/ui/refresh-queries";

const live = (job: ImportJob) => job.active && (job.status === "queued" || job.status === "running" || job.status === "waiting");

/** Start an import (git repository or GitHub) and follow the suite's recent imports. */
export function ImportPanel({ suiteId, canImport }: { suiteId: string; canImport: boolean }) {
  const queryClient = useQueryClient();
  const jobs = useQuery({
    queryKey: queryKeys.imports(suiteId),
    queryFn: () => api<ImportJob[]>(`/api/suites/${suiteId}/imports`),
    refetchInterval: (query) => (query.state.data?.some(live) ? 1000 : false),
  });
  // While an import writes candidates, and when it stops, the funnel changes.
  const running = jobs.data?.filter(live).map((j) => `${j.id}:${j.progress}`).join(",") ?? "";
  const previous = useRef(running);
  useEffect(() => {
    if (previous.current !== running) void refreshQueries(queryClient, { queryKey: queryKeys.candidates(suiteId) });
    previous.current = running;
  }, [running, suiteId, queryClient]);

  return (
    <section className="panel">
      <h2 className="mt0">Import candidates</h2>
      {canImport && <ImportForm suiteId={suiteId} />}
      <ErrorText error={jobs.error} />
      {jobs.data && jobs.data.length > 0 && (
        <ul style={{ listStyle: "none", padding: 0, margin: "12px 0 0" }} data-testid="import-jobs">
          {jobs.data.map((job) => <ImportJobRow key={job.id} job={job} suiteId={suiteId} canResume={canImport} />)}
        </ul>
      )}
    </section>
  );
}

function ImportForm({ suiteId }: { suiteId: string }) {
  const queryClient = useQueryClient();
  const [source, setSource] = useState<"local" | "github">("local");
  const start = useMutation({
    mutationFn: (body: Record<string, string>) => api<ImportJob>(`/api/suites/${suiteId}/imports`, { body }),
    onSuccess: () => void refreshQueries(queryClient, { queryKey: queryKeys.imports(suiteId) }),
  });
  const error = start.error as ApiError | null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    start.mutate({ ...form, source });
  }

  return (
    <Form onSubmit={onSubmit}>
      <div className="row" role="radiogroup" aria-label="Source" style={{ marginBottom: 10 }}>
        <label style={{ flexDirection: "row", alignItems: "center" }}>
          <input type="radio" name="source-kind" checked={source === "local"} onChange={() => setSource("local")} /> Git repository (path or clone URL)
        </label>
        <label style={{ flexDirection: "row", alignItems: "center" }}>
          <input type="radio" name="source-kind" checked={source === "github"} onChange={() => setSource("github")} /> GitHub
        </label>
      </div>
      {source === "local" ? (
        <div className="row" key="local">
          <label className="grow">Repository path or clone URL<input name="repo" placeholder="/srv/repos/project or https://example.org/project.git" required /></label>
          <label>Branch (optional)<input name="ref" placeholder="default branch" /></label>
          <button className="primary" disabled={start.isPending}>Import</button>
        </div>
      ) : (
        <div className="row" key="github">
          <label>Repository<input name="repo" placeholder="owner/name" required /></label>
          <label className="grow">Search terms (optional)<input name="query" placeholder="label:bug parser" /></label>
          <label>Merged from<input name="mergedFrom" type="date" /></label>
          <label>Merged to<input name="mergedTo" type="date" /></label>
          <button className="primary" disabled={start.isPending}>Import</button>
        </div>
      )}
      {error && (
        <p className="error" role="alert">
          {error.message}
        </p>
      )}
    </Form>
  );
}

function ImportJobRow({ job, suiteId, canResume }: { job: ImportJob; suiteId: string; canResume: boolean }) {
  const queryClient = useQueryClient();
  const resume = useMutation({
    mutationFn: () => api<ImportJob>(`/api/imports/${job.id}/resume`, { method: "POST" }),
    onSettled: () => void refreshQueries(queryClient, { queryKey: queryKeys.imports(suiteId) }),
  });
  const percent = job.total > 0 ? Math.min(100, Math.round((job.progress / job.total) * 100)) : null;
  const status = job.interrupted ? "interrupted" : job.status;
  return (
    <li data-testid="import-job" data-status={job.status} style={{ padding: "8px 0", borderTop: "1px solid var(--line)" }}>
      <div className="row spread">
        <span className="mono">{job.source === "github" ? "GitHub " : ""}{job.repo}</span>
        <span className={`chip ${job.status === "done" ? "status-pass" : job.status === "failed" || job.interrupted ? "status-fail" : "status-pending"}`}>{status}</span>
      </div>
      {live(job) && (
        <div className={styles.progress} role="progressbar" aria-label={`Import of ${job.repo}`} aria-valuenow={percent ?? undefined} aria-valuemin={0} aria-valuemax={100}>
          <div className={`${styles.progressBar} ${percent === null ? styles.indeterminate : ""}`} style={percent === null ? undefined : { width: `${percent}%` }} />
        </div>
      )}
      <p className={job.status === "failed" ? "error" : "muted"} style={{ margin: "4px 0" }} data-testid="import-message">
        {job.message}
        {job.interrupted && " — the worker running this import stopped; another worker takes it up again, or resume it."}
        {job.status === "running" && job.total > 0 && ` (${job.progress} / ${job.total})`}
      </p>
      {canResume && job.resumable && (
        <button onClick={() => resume.mutate()} disabled={resume.isPending}>Resume from where it stopped</button>
      )}
      <ErrorText error={resume.error} />
    </li>
  );
}
