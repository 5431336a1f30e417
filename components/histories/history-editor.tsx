"use client";
// The turns of one history: edit text and hidden events, move turns about,
// save with the revision's version, send to review, open the next revision.
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { TCondition } from "@/lib/contract";
import type { ApiError } from "@/lib/http/api-client";
import type { THistoryCheck } from "@/lib/histories/check-history";
import { reviewBlockers } from "@/lib/histories/check-history";
import { addEvent, addTurn, deleteTurn, mergeWithNext, moveTurn, removeEvent, setText, splitTurn } from "@/lib/histories/turn-ops";
import type { TCatalogAtomDto, THistoryDto, TRevisionDto } from "@/lib/schemas/histories";
import { shortcutFor } from "./shortcuts";
import { TurnCard, type TTurnMove } from "./turn-card";
import type { TTextHandle } from "./turn-text";
import type { THistoryDrafts } from "./use-history-drafts";
import { useCreateRevision, useSaveRevision, useSendToReview } from "./use-histories";
import { SendToReviewConfirm } from "./send-to-review-confirm";
import styles from "./histories.module.css";
import { ErrorText } from "@/components/ui/error-text";

type Props = {
  familyId: string;
  condition: TCondition;
  history: THistoryDto | undefined;
  drafts: THistoryDrafts;
  check: THistoryCheck | undefined;
  catalog: TCatalogAtomDto[];
  canEdit: boolean;
};

type TConflict = { message: string; current: TRevisionDto | null };

const STATUS_LABEL: Record<string, string> = { draft: "draft", in_review: "in review", accepted: "accepted", superseded: "superseded" };

export function HistoryEditor({ familyId, condition, history, drafts, check, catalog, canEdit }: Props) {
  const save = useSaveRevision(familyId);
  const send = useSendToReview(familyId);
  const next = useCreateRevision(familyId);
  const [conflict, setConflict] = useState<TConflict | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmSend, setConfirmSend] = useState(false);
  const handles = useRef(new Map<number, TTextHandle>());
  const [focusTurn, setFocusTurn] = useState<number | null>(null);

  useEffect(() => {
    setConflict(null);
    setNotice(null);
  }, [condition]);
  useEffect(() => {
    if (focusTurn === null) return;
    handles.current.get(focusTurn)?.focus();
    setFocusTurn(null);
  }, [focusTurn]);

  if (!history) {
    return (
      <div className="panel" data-testid="history-editor" data-condition={condition}>
        <p>There is no {condition} history yet. Scaffold it from the catalog, or start it empty.</p>
        {canEdit && (
          <button type="button" onClick={() => next.mutate({ condition })} disabled={next.isPending}>
            Start {condition} empty
          </button>
        )}
        <ErrorText error={next.error} alert />
      </div>
    );
  }

  const revision = history.revision;
  const turns = drafts.turnsOf(condition);
  const dirty = drafts.isDirty(condition);
  const readOnly = !canEdit || revision.status !== "draft";
  const blockers = check ? reviewBlockers(check) : [];
  const edit = (change: Parameters<THistoryDrafts["update"]>[1]) => drafts.update(condition, change);

  const doSave = (version = revision.version) => {
    setNotice(null);
    save.mutate(
      { condition, number: revision.number, version, turns },
      {
        onSuccess: ({ check: server }) => {
          setConflict(null);
          drafts.settle(condition, turns);
          const problems = server.errors.length + server.comparisons.length + (server.atContract ? 0 : 1);
          setNotice(`Saved revision ${revision.number}. Server check: ${server.atContract ? "replays to C*" : "does not replay to C*"}${problems > 0 ? `, ${problems} problem(s) — see the path gate` : ", structure holds"}.`);
        },
        onError: (e) => {
          const error = e as ApiError;
          setConflict(error.status === 409 ? { message: error.message, current: (error.current as TRevisionDto | undefined) ?? null } : { message: error.message, current: null });
        },
      },
    );
  };

  const move = (index: number, what: TTurnMove) => {
    if (readOnly) return;
    switch (what) {
      case "up":
        edit((t) => moveTurn(t, index, -1));
        return setFocusTurn(Math.max(index - 1, 0));
      case "down":
        edit((t) => moveTurn(t, index, 1));
        return setFocusTurn(Math.min(index + 1, turns.length - 1));
      case "split": {
        const offset = handles.current.get(index)?.cursorOffset() ?? turns[index]!.text.length;
        edit((t) => splitTurn(t, index, offset));
        return setFocusTurn(index + 1);
      }
      case "merge":
        edit((t) => mergeWithNext(t, index));
        return setFocusTurn(index);
      case "delete":
        edit((t) => deleteTurn(t, index));
        return setFocusTurn(Math.max(index - 1, 0));
      case "addBelow":
        edit((t) => addTurn(t, index));
        return setFocusTurn(index + 1);
    }
  };

  const onKeys = (index: number) => (e: KeyboardEvent<HTMLElement>) => {
    const action = shortcutFor(e);
    if (!action) return;
    e.preventDefault();
    e.stopPropagation();
    if (action === "save") return !readOnly && dirty && doSave();
    const moves = { addBelow: "addBelow", split: "split", mergeNext: "merge", delete: "delete", moveUp: "up", moveDown: "down" } as const;
    move(index, moves[action]);
  };

  const problemsAt = (n: number) => (check ? [...check.errors, ...check.comparisons].filter((e) => e.turn === n).map((e) => e.message) : []);

  return (
    <div data-testid="history-editor" data-condition={condition}>
      <div className={styles.toolbar}>
        <strong>Revision {revision.number}</strong>
        <span className="chip" data-testid="revision-status">{STATUS_LABEL[revision.status] ?? revision.status}</span>
        <span className="muted">version {revision.version}</span>
        {dirty && <span className="chip status-pending">unsaved changes</span>}
        <span className={styles.spacer} />
        {canEdit && revision.status === "draft" && (
          <>
            <button type="button" onClick={() => drafts.discard(condition)} disabled={!dirty}>Discard changes</button>
            <button type="button" className="primary" onClick={() => doSave()} disabled={!dirty || save.isPending}>
              {save.isPending ? "Saving…" : "Save"}
            </button>
            <button
              type="button"
              disabled={dirty || blockers.length > 0 || send.isPending}
              title={dirty ? "Save first." : blockers.join(" ") || "Freeze this revision for the blind reviewers."}
              onClick={() => setConfirmSend(true)}
            >
              Send to review
            </button>
          </>
        )}
        {canEdit && revision.status !== "draft" && (
          <button type="button" className="primary" disabled={next.isPending} onClick={() => next.mutate({ condition }, { onSuccess: (r) => setNotice(`Revision ${r.number} opened as a copy of revision ${revision.number}.`) })}>
            Edit as revision {revision.number + 1}
          </button>
        )}
      </div>
      {readOnly && canEdit && revision.status !== "draft" && (
        <p className="muted">Revision {revision.number} was sent to review{revision.sentToReviewAt ? ` on ${new Date(revision.sentToReviewAt).toLocaleString()}` : ""} and is immutable. Editing opens revision {revision.number + 1}; this one stays as it is.</p>
      )}
      {confirmSend && revision.status === "draft" && (
        <SendToReviewConfirm
          number={revision.number}
          pending={send.isPending}
          onCancel={() => setConfirmSend(false)}
          onConfirm={(assignDefaultPair) =>
            send.mutate({ condition, number: revision.number, version: revision.version, assignDefaultPair }, {
              onSuccess: (r) => {
                setConfirmSend(false);
                const pair = r.reviewers ? ` ${r.reviewers.assigned.length} default reviewer(s) assigned.${r.reviewers.skipped.length ? ` Skipped: ${r.reviewers.skipped.join(" ")}` : ""}` : "";
                setNotice(`Revision ${revision.number} was sent to review; it can no longer be edited.${pair}`);
              },
              onError: (e) => { setConfirmSend(false); setConflict({ message: e.message, current: null }); },
            })
          }
        />
      )}
      {conflict && <ConflictBanner conflict={conflict} dirty={dirty} onLoadTheirs={() => { drafts.discard(condition); setConflict(null); }} onOverwrite={(v) => doSave(v)} />}
      {notice && <p className={`${styles.banner} ${styles.info}`} role="status">{notice}</p>}
      <ErrorText error={next.error} alert />
      {turns.map((turn, index) => (
        <TurnCard
          key={index}
          turn={turn}
          index={index}
          count={turns.length}
          catalog={catalog}
          readOnly={readOnly}
          problems={problemsAt(index + 1)}
          leaks={check?.leaks.filter((w) => w.turn === index + 1) ?? []}
          leakWaivers={{ familyId, condition, number: revision.number, waivers: revision.waivers ?? [], canWaive: canEdit, dirty }}
          activeAfter={check?.activeSets?.[index + 1] ?? null}
          onText={(text) => edit((t) => setText(t, index, text))}
          onAddEvent={(kind, key) => edit((t) => addEvent(t, index, kind, key))}
          onRemoveEvent={(kind, key) => edit((t) => removeEvent(t, index, kind, key))}
          onMove={(what) => move(index, what)}
          onHandle={(h) => handles.current.set(index, h)}
          onKeyDownCapture={onKeys(index)}
        />
      ))}
      {!readOnly && (
        <button type="button" onClick={() => { edit((t) => addTurn(t, t.length - 1)); setFocusTurn(turns.length); }}>
          + Add turn
        </button>
      )}
    </div>
  );
}

function ConflictBanner({ conflict, dirty, onLoadTheirs, onOverwrite }: { conflict: TConflict; dirty: boolean; onLoadTheirs: () => void; onOverwrite: (version: number) => void }) {
  const current = conflict.current;
  const stale = current?.status === "draft";
  return (
    <div className={styles.banner} role="alert" data-testid="conflict">
      <strong>{conflict.message}</strong>
      {stale && (
        <>
          <p className="muted">
            The saved copy is now version {current.version}{current.updatedAt ? `, saved ${new Date(current.updatedAt).toLocaleString()}` : ""}; it has {current.turns.length} turn(s). Your edits are still here.
          </p>
          <details>
            <summary>Their copy</summary>
            <ol className={styles.list}>{current.turns.map((t, i) => <li key={i}>{t.text || <em>(empty)</em>}</li>)}</ol>
          </details>
          <div className="row">
            <button type="button" onClick={onLoadTheirs}>Load their version (drop mine)</button>
            {dirty && <button type="button" onClick={() => onOverwrite(current.version)}>Save mine over it</button>}
          </div>
        </>
      )}
    </div>
  );
}
