"use client";
// One turn: its visible text beside its hidden events, the moves that apply to
// it, and what the live check says about this turn.
import type { KeyboardEvent } from "react";
import type { TTurn } from "@/lib/contract";
import { EVENT_KINDS, type TEventKind } from "@/lib/histories/turn-ops";
import type { TLeakWarning } from "@/lib/histories/leak-lint";
import type { TCatalogAtomDto } from "@/lib/schemas/histories";
import { AtomChips } from "./atom-chips";
import { LeakWarnings, type TLeakWaiverContext } from "./leak-warnings";
import { TurnText, type TTextHandle } from "./turn-text";
import styles from "./histories.module.css";

export type TTurnMove = "up" | "down" | "split" | "merge" | "delete" | "addBelow";

type Props = {
  turn: TTurn;
  index: number;
  count: number;
  catalog: TCatalogAtomDto[];
  readOnly: boolean;
  problems: string[];
  leaks: TLeakWarning[];
  /** Lets a curator waive a leak-lint hit of the saved revision, with a reason. */
  leakWaivers?: TLeakWaiverContext;
  activeAfter: string[] | null;
  onText: (text: string) => void;
  onAddEvent: (kind: TEventKind, key: string) => void;
  onRemoveEvent: (kind: TEventKind, key: string) => void;
  onMove: (move: TTurnMove) => void;
  onHandle: (handle: TTextHandle) => void;
  onKeyDownCapture: (e: KeyboardEvent<HTMLElement>) => void;
};

export function TurnCard(props: Props) {
  const { turn, index, count, readOnly, problems, leaks } = props;
  const n = index + 1;
  const button = (move: TTurnMove, label: string, text: string, disabled = false) => (
    <button type="button" aria-label={`${label} (turn ${n})`} title={label} disabled={readOnly || disabled} onClick={() => props.onMove(move)}>
      {text}
    </button>
  );
  return (
    <section className={styles.turn} aria-label={`Turn ${n}`} data-problem={problems.length > 0} onKeyDownCapture={props.onKeyDownCapture}>
      <div className={styles.turnHead}>
        <strong>Turn {n}</strong>
        {button("up", "Move up", "↑", index === 0)}
        {button("down", "Move down", "↓", index === count - 1)}
        {button("split", "Split at cursor", "Split")}
        {button("merge", "Merge with next", "Merge", index === count - 1)}
        {button("addBelow", "Add a turn below", "+ Turn")}
        {button("delete", "Delete turn", "Delete")}
      </div>
      <div className={styles.turnBody}>
        <TurnText value={turn.text} onChange={props.onText} label={`Turn ${n} text`} readOnly={readOnly} onHandle={props.onHandle} />
        <div className={styles.events}>
          {EVENT_KINDS.map((kind) => (
            <AtomChips
              key={kind}
              kind={kind}
              turnNumber={n}
              keys={turn[kind]}
              catalog={props.catalog}
              readOnly={readOnly}
              onAdd={(key) => props.onAddEvent(kind, key)}
              onRemove={(key) => props.onRemoveEvent(kind, key)}
            />
          ))}
          <div className={styles.eventRow}>
            <span className={styles.label}>Active after turn {n}</span>
            <span data-testid={`active-after-${n}`}>{props.activeAfter ? props.activeAfter.join(", ") || "∅" : "— (does not replay)"}</span>
          </div>
        </div>
      </div>
      {problems.map((p) => (
        <p key={p} className={styles.problem} role="status">{p}</p>
      ))}
      <LeakWarnings leaks={leaks} context={props.leakWaivers} />
    </section>
  );
}
