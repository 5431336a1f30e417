"use client";
// The live replay of the history being edited: M_t after each turn, the final
// set beside C*, every structure violation with its turn, and for
// length_matched its counts beside cancellation's with a re-pad action.
import { useState } from "react";
import { deriveLengthMatched, type THistory } from "@/lib/contract";
import type { THistoryCheck } from "@/lib/histories/check-history";
import styles from "./histories.module.css";

type Props = {
  check: THistoryCheck | undefined;
  histories: THistory[];
  canRepad: boolean;
  onRepad: (history: THistory) => void;
};

function Keys({ keys, bad }: { keys: string[]; bad: Set<string> }) {
  if (keys.length === 0) return <span>∅</span>;
  return (
    <>
      {keys.map((k) => (
        <span key={k} className={`chip ${bad.has(k) ? "status-fail" : ""}`} data-bad={bad.has(k) || undefined}>
          {k}
        </span>
      ))}
    </>
  );
}

export function ReplayPanel({ check, histories, canRepad, onRepad }: Props) {
  const [repadError, setRepadError] = useState<string | null>(null);
  if (!check) return <div className="panel">No history to replay yet.</div>;
  const bad = new Set([...check.extra, ...check.missing]);
  const verdict = check.activeSets === null ? "does not replay" : check.atContract ? "replays to C*" : "does not reach C*";

  const repad = () => {
    const direct = histories.find((h) => h.condition === "direct");
    const cancellation = histories.find((h) => h.condition === "cancellation");
    if (!direct || !cancellation) return setRepadError("Re-padding needs the direct and cancellation histories.");
    const derived = deriveLengthMatched(direct, cancellation);
    if (!derived.ok) return setRepadError(derived.errors.map((e) => e.message).join(" "));
    setRepadError(null);
    onRepad(derived.value);
  };

  return (
    <div className="panel" data-testid="replay-panel" aria-label="Live replay">
      <h3 className={styles.panelTitle}>
        Live replay · <span className={check.atContract && check.errors.length === 0 ? styles.good : styles.bad} data-testid="replay-verdict">{verdict}</span>
      </h3>
      {check.activeSets && (
        <table className={styles.small}>
          <thead><tr><th>After</th><th>Active set M<sub>t</sub></th></tr></thead>
          <tbody>
            {check.activeSets.map((set, t) => (
              <tr key={t}><td>{t === 0 ? "start" : `turn ${t}`}</td><td className="mono">{set.join(", ") || "∅"}</td></tr>
            ))}
          </tbody>
        </table>
      )}
      <table className={styles.small} style={{ marginTop: 8 }}>
        <tbody>
          <tr><th>Final ∪ P</th><td data-testid="reached-set">{check.reached ? <Keys keys={check.reached} bad={bad} /> : "—"}</td></tr>
          <tr><th>C*</th><td data-testid="contract-set"><Keys keys={check.contract} bad={bad} /></td></tr>
        </tbody>
      </table>
      {check.extra.length > 0 && <p className={styles.problem}>Ends with {check.extra.join(", ")} active, which C* does not contain.</p>}
      {check.missing.length > 0 && <p className={styles.problem}>Never leaves {check.missing.join(", ")} of C* active.</p>}
      {check.errors.length > 0 && (
        <>
          <h4 className={styles.panelTitle} style={{ marginTop: 10 }}>{check.activeSets ? "Structure violations" : "Replay errors"}</h4>
          <ul className={styles.list} data-testid="structure-violations">
            {check.errors.map((e, i) => (
              <li key={i} className={styles.bad}>{e.turn !== null && !e.message.startsWith(`Turn ${e.turn}`) ? `Turn ${e.turn}: ` : ""}{e.message}</li>
            ))}
          </ul>
        </>
      )}
      {check.comparisons.length > 0 && (
        <ul className={styles.list} data-testid="comparisons">
          {check.comparisons.map((e, i) => <li key={i} className={styles.bad}>{e.message}</li>)}
        </ul>
      )}
      {check.condition === "length_matched" && (
        <LengthTable check={check} canRepad={canRepad} onRepad={repad} error={repadError} />
      )}
      {check.leaks.length > 0 && <p className={styles.warning}>⚠ {check.leaks.length} leak warning(s) in the visible text.</p>}
      {check.draftTurns.length > 0 && <p className={styles.warning}>Turn(s) {check.draftTurns.join(", ")} still carry placeholder text.</p>}
    </div>
  );
}

function LengthTable({ check, canRepad, onRepad, error }: { check: THistoryCheck; canRepad: boolean; onRepad: () => void; error: string | null }) {
  const length = check.length;
  return (
    <div className="mt10">
      <h4 className={styles.panelTitle}>Length match with cancellation (turns, whitespace tokens)</h4>
      {length ? (
        <table className={styles.small} data-testid="length-match">
          <thead><tr><th></th><th>This</th><th>Cancellation</th></tr></thead>
          <tbody>
            <tr><th>Turns</th><td className={length.turns === length.targetTurns ? styles.good : styles.bad}>{length.turns}</td><td>{length.targetTurns}</td></tr>
            <tr><th>Tokens</th><td className={length.tokens === length.targetTokens ? styles.good : styles.bad} data-testid="length-tokens">{length.tokens}</td><td data-testid="cancellation-tokens">{length.targetTokens}</td></tr>
          </tbody>
        </table>
      ) : (
        <p className="muted">There is no cancellation history to match yet.</p>
      )}
      {canRepad && (
        <button type="button" onClick={onRepad} style={{ marginTop: 6 }} title="Direct's turn, then neutral turns padded to cancellation's turn and token counts">
          Re-pad
        </button>
      )}
      {error && <p className={styles.problem} role="alert">{error}</p>}
    </div>
  );
}
