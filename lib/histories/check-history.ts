// Pure: everything the replay panel shows for one history, computed by the
// contract engine the server uses — in the browser on every keystroke, and on
// the server after every save.
import {
  activeSets,
  checkStructureIndexed,
  DRAFT_MARKER,
  endsAtContractIndexed,
  historyTokenCount,
  indexCatalog,
  replayIndexed,
  sortAtomKeys,
  type TCatalog,
  type TCondition,
  type TContractError,
  type THistory,
} from "@/lib/contract";
import { lintHistoryText, type TLeakLintInput, type TLeakWarning } from "./leak-lint";

/** Checks that compare a history with another one (paraphrase / length); reported beside, not as structure. */
const COMPARISON_CODES = new Set(["events_differ", "same_wording", "length_turns", "length_tokens", "missing_reference"]);

export type TLengthComparison = { turns: number; tokens: number; targetTurns: number; targetTokens: number; equal: boolean };

export type THistoryCheck = {
  condition: TCondition;
  /** M_0 … M_T, or null when the trace does not replay. */
  activeSets: string[][] | null;
  /** M_T ∪ P as keys, or null when the trace does not replay. */
  reached: string[] | null;
  /** C* = M* ∪ P as keys. */
  contract: string[];
  /** In the reached set but not in C*, and in C* but never left active. */
  extra: string[];
  missing: string[];
  atContract: boolean;
  /** Replay errors (when the trace does not replay) or structure violations, each with its turn. */
  errors: TContractError[];
  /** Paraphrase and length comparisons with direct / cancellation. */
  comparisons: TContractError[];
  leaks: TLeakWarning[];
  /** 1-based turns whose text still carries the scaffold's draft marker, or is empty. */
  draftTurns: number[];
  emptyTurns: number[];
  /** length_matched only: its counts beside cancellation's. */
  length: TLengthComparison | null;
};

export type TFamilyCheckInput = {
  catalog: TCatalog;
  histories: readonly THistory[];
  lint?: TLeakLintInput;
};

/** Checks every given history against the catalog and the family's other histories. */
export function checkHistories({ catalog, histories, lint }: TFamilyCheckInput): THistoryCheck[] {
  const indexed = indexCatalog(catalog);
  const direct = histories.find((h) => h.condition === "direct");
  const cancellation = histories.find((h) => h.condition === "cancellation");
  return histories.map((history) => {
    const base = {
      condition: history.condition,
      leaks: lintHistoryText(history.turns, { atomKeys: catalog.map((a) => a.key), ...lint }),
      draftTurns: turnsWhere(history, (text) => text.includes(DRAFT_MARKER)),
      emptyTurns: turnsWhere(history, (text) => text.trim() === ""),
      length: history.condition === "length_matched" && cancellation ? compareLength(history, cancellation) : null,
    };
    if (!indexed.ok) {
      return { ...base, activeSets: null, reached: null, contract: [], extra: [], missing: [], atContract: false, errors: indexed.errors, comparisons: [] };
    }
    const index = indexed.value;
    const contract = sortAtomKeys(index.contract);
    const replayed = replayIndexed(history.turns, index);
    if (!replayed.ok) {
      return { ...base, activeSets: null, reached: null, contract, extra: [], missing: [], atContract: false, errors: replayed.errors, comparisons: [] };
    }
    const verdict = endsAtContractIndexed(history, index);
    const structure = checkStructureIndexed(history, index, { direct, cancellation });
    const problems = structure.ok ? [] : structure.errors;
    return {
      ...base,
      activeSets: activeSets(replayed.value),
      reached: sortAtomKeys(new Set([...replayed.value.final, ...index.fixed])),
      contract,
      extra: verdict.ok ? verdict.value.extra.map((a) => a.key) : [],
      missing: verdict.ok ? verdict.value.missing.map((a) => a.key) : [],
      atContract: verdict.ok && verdict.value.atContract,
      errors: problems.filter((e) => !COMPARISON_CODES.has(e.code)),
      comparisons: problems.filter((e) => COMPARISON_CODES.has(e.code)),
    };
  });
}

export function checkHistory(history: THistory, input: Omit<TFamilyCheckInput, "histories"> & { others?: readonly THistory[] }): THistoryCheck {
  const others = (input.others ?? []).filter((h) => h.condition !== history.condition);
  return checkHistories({ catalog: input.catalog, lint: input.lint, histories: [history, ...others] })[0]!;
}

function turnsWhere(history: THistory, test: (text: string) => boolean): number[] {
  return history.turns.flatMap((t, i) => (test(t.text) ? [i + 1] : []));
}

function compareLength(lengthMatched: THistory, cancellation: THistory): TLengthComparison {
  const tokens = historyTokenCount(lengthMatched);
  const targetTokens = historyTokenCount(cancellation);
  const turns = lengthMatched.turns.length;
  const targetTurns = cancellation.turns.length;
  return { turns, tokens, targetTurns, targetTokens, equal: turns === targetTurns && tokens === targetTokens };
}

/** Why a revision may not go to review yet: replay, structure, the control comparisons, placeholders, empty turns. */
export function reviewBlockers(check: THistoryCheck): string[] {
  const blockers = [...check.errors, ...check.comparisons].map((e) => e.message);
  if (check.activeSets && !check.atContract) {
    if (check.extra.length > 0) blockers.push(`It ends with ${check.extra.join(", ")} active, which C* does not contain.`);
    if (check.missing.length > 0) blockers.push(`It never leaves ${check.missing.join(", ")} of C* active.`);
  }
  if (check.draftTurns.length > 0) blockers.push(`Turn(s) ${check.draftTurns.join(", ")} still carry the scaffold's ${DRAFT_MARKER} text; rewrite them.`);
  if (check.emptyTurns.length > 0) blockers.push(`Turn(s) ${check.emptyTurns.join(", ")} have no text.`);
  return [...new Set(blockers)];
}
