"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { api, ApiError } from "@/lib/http/api-client";
import type { Candidate } from "../types";
import { queryKeys } from "@/components/query-keys";
import { Form } from "@/components/ui/form";
import { refreshQueries } from "@/components/ui/refresh-queries";

type Mode = null | "admit" | "reject" | "pr";

/** Admit (a reason is needed when the gate dropped it) or reject with a reason. */
export function CandidateActions({ suiteId, candidate }: { suiteId: string; candidate: Candidate }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>(null);
  const refresh = () => void refreshQueries(queryClient, { queryKey: queryKeys.candidates(suiteId) });
  const admit = useMutation({
    mutationFn: (overrideReason?: string) =>
      api<{ familyId: string }>(`/api/suites/${suiteId}/candidates/${candidate.id}/admit`, { body: { version: candidate.version, overrideReason } }),
    onSuccess: ({ familyId }) => {
      refresh();
      router.push(`/families/${familyId}/evidence`);
    },
    onError: refresh,
  });
  const reject = useMutation({
    mutationFn: (reason: string) => api<Candidate>(`/api/suites/${suiteId}/candidates/${candidate.id}/reject`, { body: { version: candidate.version, reason } }),
    onSuccess: () => {
      setMode(null);
      refresh();
    },
  });

  const provenance = useMutation({
    mutationFn: (pr: string) =>
      api<Candidate & { provenance: { repo: string | null; fetched: boolean; reason: string | null } }>(`/api/suites/${suiteId}/candidates/${candidate.id}/provenance`, { method: "PUT", body: { version: candidate.version, pr } }),
    onSuccess: () => {
      setMode(null);
      refresh();
    },
  });

  if (candidate.family) return <Link href={`/families/${candidate.family.id}/evidence`}>Open evidence</Link>;
  const error = (admit.error ?? reject.error ?? provenance.error) as ApiError | null;
  const label = `${candidate.title} (${candidate.mergeCommit.slice(0, 10)})`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get("reason") ?? "");
    if (mode === "pr") provenance.mutate(String(new FormData(event.currentTarget).get("pr") ?? ""));
    else if (mode === "reject") reject.mutate(reason);
    else admit.mutate(reason);
  }

  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 6, minWidth: 180 }}>
      {mode === null && (
        <div className="row" style={{ gap: 6 }}>
          {candidate.kept ? (
            <button className="primary" onClick={() => admit.mutate(undefined)} disabled={admit.isPending} aria-label={`Admit ${label}`}>Admit</button>
          ) : (
            <button onClick={() => setMode("admit")} aria-label={`Admit anyway ${label}`}>Admit anyway…</button>
          )}
          {candidate.status !== "rejected" && <button onClick={() => setMode("reject")} aria-label={`Reject ${label}`}>Reject…</button>}
          {candidate.source === "local" && <button onClick={() => setMode("pr")} aria-label={`Set pull request of ${label}`}>{candidate.prNumber ? `PR #${candidate.prNumber}…` : "Set PR…"}</button>}
        </div>
      )}
      {mode === "pr" && (
        <Form onSubmit={onSubmit} className="row" style={{ gap: 6 }}>
          <label style={{ flex: 1 }}>
            Pull request (number or GitHub URL)
            <input name="pr" autoFocus defaultValue={candidate.prNumber ? String(candidate.prNumber) : ""} placeholder="123 or https://github.com/owner/repo/pull/123" />
          </label>
          <button className="primary" disabled={provenance.isPending}>Save</button>
          <button type="button" onClick={() => setMode(null)}>Cancel</button>
        </Form>
      )}
      {provenance.data && (
        <p className="muted" role="status" style={{ margin: 0 }}>
          {provenance.data.provenance.fetched
            ? `Fetched the PR's description, review discussion and linked issues from ${provenance.data.provenance.repo}.`
            : `PR number saved; nothing fetched: ${provenance.data.provenance.reason}.`}
        </p>
      )}
      {(mode === "admit" || mode === "reject") && (
        <Form onSubmit={onSubmit} className="row" style={{ gap: 6 }}>
          <label className="grow">
            {mode === "reject" ? "Reason for rejecting" : "Why admit it anyway?"}
            <input name="reason" autoFocus />
          </label>
          <button className={mode === "reject" ? "" : "primary"} disabled={admit.isPending || reject.isPending}>{mode === "reject" ? "Reject" : "Admit"}</button>
          <button type="button" onClick={() => setMode(null)}>Cancel</button>
        </Form>
      )}
      {error && <p className="error m0" role="alert">{error.message}</p>}
    </div>
  );
}
