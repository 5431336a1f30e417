"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "@/lib/http/api-client";
import type { TCandidateDto, TMiningDto } from "@/lib/schemas/mining";
import { ApiErrorNotice } from "@/components/ui/api-error-notice";
import { useFamilyMutation } from "@/components/ui/use-family-mutation";
import { queryKeys } from "@/components/query-keys";
import { refreshQueries } from "@/components/ui/refresh-queries";

const GENERATING = new Set(["queued", "running"]);

type TDecision = { candidate: TCandidateDto; decision: "accept"; targetAtomId: string; diff?: string } | { candidate: TCandidateDto; decision: "reject" };

/**
 * Negatives mined from gold: "Mine negatives" queues one run per candidate on the
 * pool; the candidates that fail exactly one final atom's probes (and pass every
 * other probe and guard) are proposed under that atom, smallest first. Accept as
 * mined, edit then accept, or reject; the batch says how many were tried and selective.
 */
export function MinedNegatives({ familyId, canEdit }: { familyId: string; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const mining = useQuery({
    queryKey: queryKeys.mining(familyId),
    queryFn: () => api<TMiningDto>(`/api/families/${familyId}/negatives/mine`),
    refetchInterval: (q) => (q.state.data?.batch && (q.state.data.batch.finished < q.state.data.batch.tried || GENERATING.has(q.state.data.batch.generation.status)) ? 1000 : false),
  });
  const refresh = () => refreshQueries(queryClient, { queryKey: queryKeys.mining(familyId) });
  const mine = useFamilyMutation(familyId, () => api(`/api/families/${familyId}/negatives/mine`, { body: {} }).finally(refresh));
  const decide = useFamilyMutation(familyId, (d: TDecision) =>
    api(`/api/families/${familyId}/negatives/candidates/${d.candidate.id}`, {
      method: "PUT",
      body: d.decision === "accept" ? { decision: "accept", version: d.candidate.version, targetAtomId: d.targetAtomId, ...(d.diff !== undefined ? { diff: d.diff } : {}) } : { decision: "reject", version: d.candidate.version },
    }).finally(refresh));
  const temporary = useFamilyMutation(familyId, (c: TCandidateDto) => api<{ key: string; replacedBy: string[] }>(`/api/families/${familyId}/negatives/candidates/${c.id}/temporary-atom`, { body: {} }));
  const [editing, setEditing] = useState<{ id: string; diff: string } | null>(null);
  const [showAll, setShowAll] = useState(false);
  const data = mining.data;
  const batch = data?.batch;
  const generating = batch ? GENERATING.has(batch.generation.status) : false;
  const running = batch ? generating || batch.finished < batch.tried : false;

  return (
    <div className="panel" aria-label="Negatives mined from gold">
      <div className="row center-y">
        <strong>Negatives mined from gold</strong>
        {canEdit && <button type="button" className="primary" disabled={mine.isPending || running} onClick={() => mine.mutate(undefined)}>Mine negatives</button>}
        <span className="muted">Reverts one hunk, block or line of gold, or mutates its added code; each candidate runs once over every probe and guard.</span>
      </div>
      <ApiErrorNotice error={mine.error} />
      {batch && generating && <p className="muted" data-testid="mining-generating"><progress aria-label="Generating candidates" style={{ verticalAlign: "middle", marginRight: 6 }} />Generating candidates from gold on the pool…</p>}
      {batch && !generating && batch.generation.status !== "passed" && <p className="error" role="alert">Mining failed: {batch.generation.message ?? batch.generation.status}</p>}
      {batch && !generating && (
        <p data-testid="mining-summary" className={running ? "muted" : undefined}>
          {running && <progress aria-label="Mining negatives" value={batch.finished} max={batch.tried} style={{ verticalAlign: "middle", marginRight: 6 }} />}
          Tried {batch.tried} candidate{batch.tried === 1 ? "" : "s"}{batch.generated > batch.tried ? ` of ${batch.generated} generated` : ""}; {batch.finished} finished; {batch.selective} selective
          {batch.secondsPerAtom !== null ? `; ${batch.secondsPerAtom} s per atom on the pool` : ""}.
        </p>
      )}
      {data?.atoms.map((atom) => (
        <div key={atom.id} data-mined-atom={atom.key} className="mt10">
          <strong>{atom.key}</strong>{" "}
          {atom.proposals.length === 0
            ? <span className="muted">{batch && !running ? "no selective candidate: write a negative by hand, or split the probes so one test checks this atom alone." : "no proposal yet."}</span>
            : <span className="muted">{atom.proposals.length} proposal{atom.proposals.length === 1 ? "" : "s"}, smallest first</span>}
          <ul style={{ listStyle: "none", padding: 0, margin: "4px 0" }}>
            {atom.proposals.map((c) => (
              <li key={c.id} data-candidate={c.id} className="panel" style={{ padding: 6 }}>
                <div className="row center-y">
                  <span>{c.description}</span>
                  <span className="chip">{c.size} line{c.size === 1 ? "" : "s"}</span>
                  <span className="muted">{c.verdict}</span>
                  {c.decision !== "proposed" && <span className="chip status-pass">{c.decision}</span>}
                  {canEdit && c.decision === "accepted" && (
                    <button type="button" disabled={temporary.isPending} onClick={() => temporary.mutate(c)}
                      title="The override and cancellation histories need a requirement stated first and replaced later: this negative's behaviour is one"
                      aria-label={`Take ${c.description} as the earlier request ${atom.key} replaces`}>Take as the earlier request {atom.key} replaces</button>
                  )}
                  {canEdit && c.decision === "proposed" && (
                    <>
                      <button type="button" disabled={decide.isPending} onClick={() => decide.mutate({ candidate: c, decision: "accept", targetAtomId: atom.id })} aria-label={`Accept ${c.description} as a negative of ${atom.key}`}>Accept</button>
                      <button type="button" onClick={() => setEditing(editing?.id === c.id ? null : { id: c.id, diff: c.diff })}>Edit</button>
                      <button type="button" disabled={decide.isPending} onClick={() => decide.mutate({ candidate: c, decision: "reject" })}>Reject</button>
                    </>
                  )}
                </div>
                {editing?.id === c.id ? (
                  <div>
                    <textarea aria-label={`Diff of ${c.description}`} className="mono" rows={12} style={{ width: "100%" }} value={editing.diff} onChange={(e) => setEditing({ id: c.id, diff: e.target.value })} />
                    <button type="button" disabled={decide.isPending} onClick={() => decide.mutate({ candidate: c, decision: "accept", targetAtomId: atom.id, diff: editing.diff }, { onSuccess: () => setEditing(null) })}>Accept edited</button>
                  </div>
                ) : (
                  <details><summary className="muted">diff</summary><pre className="mono" style={{ whiteSpace: "pre-wrap" }}>{c.diff}</pre></details>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {data && data.candidates.length > 0 && (
        <div className="mt10">
          <button type="button" aria-expanded={showAll} onClick={() => setShowAll(!showAll)}>{showAll ? "Hide" : "Show"} every candidate tried ({data.candidates.length})</button>
          {showAll && (
            <table>
              <thead><tr><th>Candidate</th><th>Lines</th><th>Run</th><th>Verdict</th></tr></thead>
              <tbody>
                {data.candidates.map((c) => (
                  <tr key={c.id} data-tried={c.id}><td>{c.description}</td><td>{c.size}</td><td>{c.runStatus}</td><td>{c.verdict ?? "…"}</td></tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
      {temporary.data && <p role="status" data-testid="temporary-atom">{temporary.data.key} is a temporary atom replaced by {temporary.data.replacedBy.join(", ")}: the override and cancellation histories can be drafted.</p>}
      <ApiErrorNotice error={temporary.error} />
      <ApiErrorNotice error={decide.error} />
    </div>
  );
}
