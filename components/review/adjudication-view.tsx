"use client";
// The lead's adjudication console for one family: each disagreement or ambiguity flag
// side by side (reviewer A, reviewer B, the gold trace, the visible text with the turn
// in question highlighted), and the decision as its own record.
import { useState } from "react";
import { useAdjudicate, useBoard, type TBoard, type TBoardRevision } from "./use-review-board";

export function AdjudicationView({ familyId }: { familyId: string }) {
  const board = useBoard(familyId);
  if (board.isPending) return <p className="muted">Loading…</p>;
  if (board.error) return <p className="error" role="alert">{board.error.message}</p>;
  const open = board.data.histories.filter((h) => h.current.agreement?.needsAdjudication);
  const decided = board.data.histories.filter((h) => h.current.decisions.length > 0 || h.earlier.some((e) => e.decisions.length > 0));
  return (
    <div data-testid="adjudication">
      <h1>Adjudication — {board.data.family.title}</h1>
      {open.length === 0 && <p className="muted">No disagreement or ambiguity waits for a decision.</p>}
      {open.map((h) => <Case key={h.id} board={board.data} condition={h.condition} revision={h.current} />)}
      <h2>Decision trail</h2>
      <ul>
        {decided.flatMap((h) => [...h.earlier, h.current].flatMap((r) => r.decisions.map((d) => (
          <li key={d.id} data-testid="decision">
            {h.condition} revision {r.number}: <strong>{d.decision}</strong> by {d.lead.name} on {new Date(d.createdAt).toLocaleString()} — {d.note}
            {d.supersededById ? <em> (superseded)</em> : null}
          </li>
        ))))}
      </ul>
    </div>
  );
}

const statementOf = (board: TBoard, key: string) => board.atoms.find((a) => a.key === key)?.statement ?? key;

function Case({ board, condition, revision }: { board: TBoard; condition: string; revision: TBoardRevision }) {
  const a = revision.agreement!;
  const adjudicate = useAdjudicate(board.family.id);
  const [rationale, setRationale] = useState("");
  const standing = revision.decisions.find((d) => !d.supersededById);
  const disputedTurns = new Set(a.operations.filter((o) => !o.agreed).map((o) => o.turn));
  // Reviewer A and B as the agreement names them (its first review is A), never by assignment order.
  const aReview = a.vsGold[0]?.reviewId;
  const x = revision.assignments.find((s) => s.review?.id === aReview) ?? revision.assignments[0];
  const y = revision.assignments.find((s) => s !== x && s.review) ?? revision.assignments.find((s) => s !== x);
  const side = (assignment: typeof x, name: string) => {
    const review = assignment?.review;
    const vs = a.vsGold.find((v) => v.reviewId === review?.id);
    return (
      <div className="panel" data-testid={`reviewer-${name}`}>
        <strong>Reviewer {name}: {assignment?.reviewer.name}</strong>
        <p>Final set: {review?.finalSet.join(", ") || "∅"} {vs && (vs.matches ? <span className="chip status-pass">matches gold</span> : <span className="chip status-fail">{[vs.missing.length ? `misses ${vs.missing.join(", ")}` : "", vs.extra.length ? `adds ${vs.extra.join(", ")}` : ""].filter(Boolean).join("; ")}</span>)}</p>
        <ul>{review?.operations.map((t) => <li key={t.turn}>Message {t.turn}: {[...t.activated.map((k) => `+${k}`), ...t.deactivated.map((k) => `−${k}`), ...t.restated.map((k) => `=${k}`)].join(" ")}</li>)}</ul>
        {review?.freeText.length ? <p>Free text: {review.freeText.join(" · ")}</p> : null}
        {review?.ambiguous && <p className="chip status-pending">ambiguous: {review.ambiguityNote}</p>}
      </div>
    );
  };
  return (
    <section id={condition} className="panel" data-testid={`case-${condition}`}>
      <h2>{condition}, revision {revision.number}</h2>
      <div style={{ display: "grid", gridTemplateColumns: "1fr 1fr 1fr", gap: 12 }}>
        {side(x, "A")}
        {side(y, "B")}
        <div className="panel" data-testid="gold">
          <strong>Gold trace</strong>
          <ul>{revision.turns.map((t, i) => <li key={i}>Message {i + 1}: {[...t.activated.map((k) => `+${k}`), ...t.deactivated.map((k) => `−${k}`), ...t.restated.map((k) => `=${k}`)].join(" ") || "no events"}</li>)}</ul>
          <p>Gold final set: {a.gold.map((k) => `${k} (${statementOf(board, k)})`).join("; ")}</p>
        </div>
      </div>
      <h3>Visible text</h3>
      {revision.turns.map((t, i) => (
        <p key={i} data-testid={`visible-${i + 1}`} style={disputedTurns.has(i + 1) ? { background: "#fff3c4", padding: 6 } : { padding: 6 }}>
          <strong>Message {i + 1}{disputedTurns.has(i + 1) ? " (in question)" : ""}:</strong> {t.text}
        </p>
      ))}
      <label>Rationale / note for the curator<textarea aria-label={`Rationale for ${condition}`} rows={3} style={{ width: "100%" }} value={rationale} onChange={(e) => setRationale(e.target.value)} /></label>
      <div className="row" style={{ gap: 8 }}>
        {(["accept", "revise"] as const).map((decision) => (
          <button key={decision} type="button" className={decision === "revise" ? "primary" : undefined} disabled={!rationale.trim() || adjudicate.isPending}
            onClick={() => adjudicate.mutate({ revisionId: revision.id, decision, rationale, supersedesId: standing?.id })}>
            {decision === "accept" ? "Accept (a reviewer erred)" : "Order a revision"}
          </button>
        ))}
      </div>
      {standing && <p className="muted">Standing decision: {standing.decision} — {standing.note}. A new decision supersedes it.</p>}
      {adjudicate.error && <p className="error" role="alert">{adjudicate.error.message}</p>}
    </section>
  );
}
