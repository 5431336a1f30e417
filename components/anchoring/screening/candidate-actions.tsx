"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { api, ApiError } from "@/lib/http/api-client";
import type { Candidate } from "../types";
import { queryKeys } from "@/components/query-keys";

type Mode = null | "admit" | "reject";

/** Admit (a reason is needed when the gate dropped it) or reject with a reason. */
export function CandidateActions({ suiteId, candidate }: { suiteId: string; candidate: Candidate }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.candidates(suiteId) });
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

  if (candidate.family) return <Link href={`/families/${candidate.family.id}/evidence`}>Open evidence</Link>;
  const error = (admit.error ?? reject.error) as ApiError | null;
  const label = `${candidate.title} (${candidate.mergeCommit.slice(0, 10)})`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get("reason") ?? "");
    if (mode === "reject") reject.mutate(reason);
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
        </div>
      )}
      {mode !== null && (
        <form onSubmit={onSubmit} className="row" style={{ gap: 6 }}>
          <label style={{ flex: 1 }}>
            {mode === "reject" ? "Reason for rejecting" : "Why admit it anyway?"}
            <input name="reason" autoFocus />
          </label>
          <button className={mode === "reject" ? "" : "primary"} disabled={admit.isPending || reject.isPending}>{mode === "reject" ? "Reject" : "Admit"}</button>
          <button type="button" onClick={() => setMode(null)}>Cancel</button>
        </form>
      )}
      {error && <p className="error" role="alert" style={{ margin: 0 }}>{error.message}</p>}
    </div>
  );
}
