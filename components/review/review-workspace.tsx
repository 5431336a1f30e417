"use client";
// The blind workspace: the history as the agent receives it, the neutral catalog,
// per-turn operations, the final active set, free-text requirements and the ambiguity
// flag. Drafts autosave with the draft's version; a stale second tab gets a conflict.
import { useCallback, useEffect, useRef, useState } from "react";
import { DraftSaver } from "./draft-saver";
import { ApiError } from "@/lib/http/api-client";
import type { TReviewerDraft, TReviewerWorkspace } from "@/lib/schemas/reviews";
import { TurnEncoding, type TOp, type TTurnOps } from "./turn-encoding";
import { useSaveDraft, useSubmitReview, useWorkspace, type TDraftBody } from "./use-review";

type TLocal = { version: number; ops: Record<number, TTurnOps>; finalSet: string[]; freeText: string[]; ambiguous: boolean; ambiguityNote: string };

function fromDraft(d: TReviewerDraft): TLocal {
  const ops: Record<number, TTurnOps> = {};
  for (const t of d.operations) {
    const turn: TTurnOps = {};
    for (const l of t.activate) turn[l] = "activate";
    for (const l of t.deactivate) turn[l] = "deactivate";
    for (const l of t.restate) turn[l] = "restate";
    ops[t.turn] = turn;
  }
  return { version: d.version, ops, finalSet: d.finalSet, freeText: d.freeText, ambiguous: d.ambiguous, ambiguityNote: d.ambiguityNote ?? "" };
}

function toBody(l: TLocal): TDraftBody {
  const operations = Object.entries(l.ops).map(([turn, ops]) => {
    const of = (op: TOp) => Object.entries(ops).filter(([, o]) => o === op).map(([label]) => label);
    return { turn: Number(turn), activate: of("activate"), deactivate: of("deactivate"), restate: of("restate") };
  }).filter((t) => t.activate.length + t.deactivate.length + t.restate.length > 0);
  return { version: l.version, operations, finalSet: l.finalSet, freeText: l.freeText.filter((t) => t.trim()), ambiguous: l.ambiguous, ambiguityNote: l.ambiguous ? l.ambiguityNote || null : null };
}

export function ReviewWorkspace({ assignmentId }: { assignmentId: string }) {
  const query = useWorkspace(assignmentId);
  if (query.isPending) return <p className="muted">Opening the history…</p>;
  if (query.error) return <p className="error" role="alert">{query.error.message}</p>;
  return <Workspace ws={query.data} />;
}

function Workspace({ ws }: { ws: TReviewerWorkspace }) {
  const [local, setLocal] = useState<TLocal>(() => fromDraft(ws.draft));
  const [dirty, setDirty] = useState(false);
  const [conflict, setConflict] = useState<TReviewerDraft | null>(null);
  const save = useSaveDraft(ws.assignmentId);
  const submit = useSubmitReview(ws.assignmentId);
  const submitted = ws.status === "submitted";
  const latest = useRef(local);
  latest.current = local;

  // One save at a time, each with the version the last one returned (draft-saver.ts).
  const saver = useRef<DraftSaver<Omit<TDraftBody, "version">> | null>(null);
  saver.current ??= new DraftSaver(ws.draft.version, (body) => save.mutateAsync(body));

  const flush = useCallback(async () => {
    try {
      const { version, clean } = await saver.current!.save(() => toBody(latest.current));
      setLocal((l) => ({ ...l, version }));
      if (clean) setDirty(false);
      return version;
    } catch (e) {
      if (e instanceof ApiError && e.status === 409 && e.current) setConflict(e.current as TReviewerDraft);
      throw e;
    }
  }, []);

  useEffect(() => {
    if (!dirty || conflict || submitted) return;
    const timer = setTimeout(() => void flush().catch(() => undefined), 700);
    return () => clearTimeout(timer);
  }, [dirty, local, conflict, submitted, flush]);

  const change = (f: (l: TLocal) => TLocal) => { saver.current!.edited(); setLocal(f); setDirty(true); };
  const setOp = (turn: number, label: string, op: TOp) => change((l) => ({ ...l, ops: { ...l.ops, [turn]: { ...l.ops[turn], [label]: op } } }));
  const toggleFinal = (label: string) => change((l) => ({ ...l, finalSet: l.finalSet.includes(label) ? l.finalSet.filter((x) => x !== label) : [...l.finalSet, label] }));

  const doSubmit = async () => {
    if (!window.confirm("Submit your extraction? Submission is final; you cannot change it afterwards.")) return;
    const version = dirty ? await flush() : local.version;
    submit.mutate(version);
  };

  return (
    <div data-testid="review-workspace">
      <h1>History {ws.label}</h1>
      <p className="muted">
        Read the history exactly as an agent receives it ({ws.rendered.path}). Encode, per message, which catalog entries it activates, deactivates or
        restates; then mark the requirements active at the end. {submitted ? `Submitted ${new Date(ws.draft.submittedAt!).toLocaleString()}.` : save.isPending ? "Saving…" : dirty ? "Unsaved changes" : "All changes saved."}
      </p>
      {conflict && (
        <div className="panel error" role="alert">
          Your draft was saved from another tab. <button type="button" onClick={() => { setLocal(fromDraft(conflict)); setConflict(null); setDirty(false); }}>Load the saved draft</button>
        </div>
      )}
      <section style={{ overflowX: "auto" }}>
        <h2>Catalog</h2>
        <table data-testid="catalog">
          <thead><tr><th>Entry</th><th>Statement</th><th>Scope</th><th>Input condition</th><th>Polarity</th><th>Observation</th><th>Active at the end</th></tr></thead>
          <tbody>
            {ws.catalog.map((c) => (
              <tr key={c.label}>
                <td className="mono">{c.label}</td><td>{c.statement}</td><td className="mono">{c.scope}</td><td>{c.inputCondition}</td><td>{c.polarity}</td><td>{c.observation}</td>
                <td><input type="checkbox" aria-label={`Final ${c.label}`} checked={local.finalSet.includes(c.label)} disabled={submitted} onChange={() => toggleFinal(c.label)} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div style={{ display: "grid", gridTemplateColumns: "minmax(0,1fr) minmax(0,1fr)", gap: 16 }}>
        <section style={{ minWidth: 0 }}>
          <h2>The history</h2>
          <pre className="panel mono" data-testid="rendered-history" style={{ whiteSpace: "pre-wrap" }}>{ws.rendered.content}</pre>
        </section>
        <section style={{ minWidth: 0 }}>
          <h2>Operations per message</h2>
          {ws.turns.map((t) => (
            <TurnEncoding key={t.turn} turn={t.turn} text={t.text} catalog={ws.catalog} ops={local.ops[t.turn] ?? {}} readOnly={submitted} onChange={(label, op) => setOp(t.turn, label, op)} />
          ))}
          <h2>Requirements that match no entry</h2>
          {local.freeText.map((text, i) => (
            <div key={i} className="row">
              <input aria-label={`Free-text requirement ${i + 1}`} value={text} disabled={submitted} style={{ flex: 1 }} onChange={(e) => change((l) => ({ ...l, freeText: l.freeText.map((x, j) => (j === i ? e.target.value : x)) }))} />
              {!submitted && <button type="button" onClick={() => change((l) => ({ ...l, freeText: l.freeText.filter((_, j) => j !== i) }))}>Remove</button>}
            </div>
          ))}
          {!submitted && <button type="button" onClick={() => change((l) => ({ ...l, freeText: [...l.freeText, ""] }))}>Add a requirement</button>}
          <h2>Ambiguity</h2>
          <label><input type="checkbox" checked={local.ambiguous} disabled={submitted} onChange={(e) => change((l) => ({ ...l, ambiguous: e.target.checked }))} /> The history is ambiguous</label>
          {local.ambiguous && (
            <textarea aria-label="Ambiguity note" value={local.ambiguityNote} disabled={submitted} rows={3} style={{ width: "100%" }} onChange={(e) => change((l) => ({ ...l, ambiguityNote: e.target.value }))} />
          )}
          {!submitted && (
            <p><button type="button" className="primary" disabled={submit.isPending || Boolean(conflict)} onClick={() => void doSubmit()}>Submit extraction</button></p>
          )}
          {(submit.error || (save.error && !conflict)) && <p className="error" role="alert">{(submit.error ?? save.error)!.message}</p>}
        </section>
      </div>
    </div>
  );
}
