"use client";
// The lead's assignment panel: who reviews which current revision, the default pair,
// "assign the whole family", the audited reveal, and where adjudication is needed.
import Link from "next/link";
import { useState } from "react";
import { useAssign, useAssignAll, useBoard, useDefaultPair, useReveal, type TBoard } from "./use-review-board";

export function ReviewBoard({ familyId }: { familyId: string }) {
  const board = useBoard(familyId);
  if (board.isPending) return <p className="muted">Loading reviews…</p>;
  if (board.error) return <p className="error" role="alert">{board.error.message}</p>;
  return <Board data={board.data} />;
}

function Board({ data }: { data: TBoard }) {
  const familyId = data.family.id;
  const assignAll = useAssignAll(familyId);
  const s = data.summary;
  return (
    <div data-testid="review-board">
      <h2>Blind reviews</h2>
      <p className="muted">
        {s.bothMatchGold}/{s.histories} histories reviewed twice match gold · {s.operationsAgreed}/{s.operations} encoded operations agreed · {s.unresolvedAmbiguities} unresolved ambiguities ·{" "}
        <Link href={`/console/adjudication/${familyId}`}>Adjudication console →</Link>
      </p>
      <DefaultPair data={data} />
      <p>
        <button type="button" className="primary" disabled={assignAll.isPending} onClick={() => assignAll.mutate()}>Assign the whole family</button>{" "}
        {assignAll.data && <span role="status">{assignAll.data.assigned} assignment(s) made{assignAll.data.short.length ? `; ${assignAll.data.short.length} revision(s) lack eligible reviewers` : ""}.</span>}
        {assignAll.error && <span className="error" role="alert">{assignAll.error.message}</span>}
      </p>
      <table>
        <thead><tr><th>History</th><th>Revision</th><th>Status</th><th>Reviewers</th><th>Assign</th><th>Outcome</th></tr></thead>
        <tbody>{data.histories.map((h) => <Row key={h.id} data={data} history={h} />)}</tbody>
      </table>
    </div>
  );
}

function Row({ data, history }: { data: TBoard; history: TBoard["histories"][number] }) {
  const r = history.current;
  const assign = useAssign(data.family.id);
  const reveal = useReveal(data.family.id);
  const [reviewerId, setReviewerId] = useState("");
  const [override, setOverride] = useState("");
  const a = r.agreement;
  return (
    <tr data-testid={`review-row-${history.condition}`}>
      <td>{history.condition}</td>
      <td>{r.number}</td>
      <td><span className="chip">{r.status.replace("_", " ")}</span></td>
      <td>
        {r.assignments.map((x) => (
          <div key={x.id}>
            {x.reviewer.name} — {x.status === "submitted" ? "submitted" : "open"}{x.overrideReason ? ` (override: ${x.overrideReason})` : ""}
            {r.agreement === null && (
              <button type="button" style={{ marginLeft: 6 }} onClick={() => { const reason = window.prompt("Reveal this extraction before both submit? The reveal is recorded in the audit log. Reason:"); if (reason) reveal.mutate({ assignmentId: x.id, reason }); }}>Reveal…</button>
            )}
          </div>
        ))}
        {reveal.data && <pre className="mono">{JSON.stringify(reveal.data.review.finalSet)}</pre>}
      </td>
      <td>
        {r.status === "in_review" && r.assignments.length < 2 && (
          <div className="row" style={{ gap: 4 }}>
            <select aria-label={`Reviewer for ${history.condition}`} value={reviewerId} onChange={(e) => setReviewerId(e.target.value)}>
              <option value="">choose…</option>
              {data.reviewers.filter((p) => !p.curator).map((p) => <option key={p.id} value={p.id}>{p.name} ({p.open} open)</option>)}
            </select>
            <input aria-label={`Override reason for ${history.condition}`} placeholder="override reason (earlier reviewer)" value={override} onChange={(e) => setOverride(e.target.value)} />
            <button type="button" disabled={!reviewerId || assign.isPending} onClick={() => assign.mutate({ revisionId: r.id, reviewerId, overrideReason: override.trim() || undefined }, { onSuccess: () => { setReviewerId(""); setOverride(""); } })}>Assign</button>
          </div>
        )}
        {assign.error && <p className="error" role="alert">{assign.error.message}</p>}
      </td>
      <td>
        {!a ? <span className="muted">waiting for both reviews</span> : a.needsAdjudication ? (
          <Link className="chip status-fail" href={`/console/adjudication/${data.family.id}#${history.condition}`}>needs adjudication</Link>
        ) : <span className="chip status-pass">{a.bothMatchGold ? "both match gold" : "accepted by the lead"}</span>}
      </td>
    </tr>
  );
}

function DefaultPair({ data }: { data: TBoard }) {
  const save = useDefaultPair(data.family.id);
  const [pair, setPair] = useState<string[]>([data.family.defaultReviewerIds[0] ?? "", data.family.defaultReviewerIds[1] ?? ""]);
  const eligible = data.reviewers.filter((p) => !p.curator);
  return (
    <p className="row" style={{ gap: 6 }}>
      Default pair (assigned when a revision is sent):
      {[0, 1].map((i) => (
        <select key={i} aria-label={`Default reviewer ${i + 1}`} value={pair[i]} onChange={(e) => setPair((p) => p.map((x, j) => (j === i ? e.target.value : x)))}>
          <option value="">none</option>
          {eligible.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
        </select>
      ))}
      <button type="button" disabled={save.isPending} onClick={() => save.mutate({ version: data.family.version, reviewerIds: pair.filter(Boolean) })}>Save pair</button>
      {save.error && <span className="error" role="alert">{save.error.message}</span>}
    </p>
  );
}
