// Pure: replays a history's events to the contract state after each turn.
import { indexCatalog, sortAtomKeys, type TCatalogIndex } from "./catalog";
import {
  contractError,
  type TCatalog,
  type TContractError,
  type TResult,
  type TTurnEvents,
} from "./types";

/** M_t changed at turn t: atoms that entered and atoms that left the active set. */
export type TReplayStep = { added: string[]; removed: string[] };

/** An atom is active in M_t for from ≤ t < to; to is null when it is still active after the last turn. */
export type TActiveSpan = { atomKey: string; from: number; to: number | null };

/**
 * The replay of a trace, kept as changes and spans rather than one copied set
 * per turn: every M_t is recoverable (activeAt) at O(events) build cost.
 */
export type TReplay = {
  turns: number;
  /** M_T, sorted. */
  final: string[];
  /** steps[t-1] is how M_t differs from M_{t-1}. */
  steps: TReplayStep[];
  spans: TActiveSpan[];
};

/**
 * M_0 = ∅, M_t = (M_{t-1} \ D_t) ∪ A_t; a restatement leaves M unchanged.
 * Every broken rule is reported; nothing is silently repaired.
 */
export function replay(trace: readonly TTurnEvents[], catalog: TCatalog): TResult<TReplay> {
  const index = indexCatalog(catalog);
  if (!index.ok) return index;
  return replayIndexed(trace, index.value);
}

export function replayIndexed(trace: readonly TTurnEvents[], index: TCatalogIndex): TResult<TReplay> {
  if (trace.length === 0) {
    return {
      ok: false,
      errors: [contractError("empty_history", null, null, "The history has no turns; replay needs at least one.")],
    };
  }
  const errors: TContractError[] = [];
  const activeSince = new Map<string, number>();
  const steps: TReplayStep[] = [];
  const spans: TActiveSpan[] = [];

  for (let i = 0; i < trace.length; i++) {
    const t = i + 1;
    const { activated, deactivated, restated } = trace[i]!;
    const known = (key: string, verb: string) => {
      if (index.byKey.has(key)) return true;
      errors.push(
        contractError("unknown_atom", t, key, `Turn ${t} ${verb} ${key}, which is not an accepted atom of this family.`),
      );
      return false;
    };

    for (const key of deactivated) {
      if (!known(key, "deactivates")) continue;
      if (activated.includes(key)) {
        errors.push(
          contractError("activate_and_deactivate", t, key, `Turn ${t} both activates and deactivates ${key}.`),
        );
      }
      if (!activeSince.has(key)) {
        errors.push(
          contractError("deactivate_inactive", t, key, `Turn ${t} deactivates ${key}, which is not active before it.`),
        );
      }
    }
    for (const key of restated) {
      if (!known(key, "restates")) continue;
      if (!activeSince.has(key)) {
        errors.push(
          contractError("restate_inactive", t, key, `Turn ${t} restates ${key}, which is not active before it.`),
        );
      } else if (deactivated.includes(key)) {
        errors.push(
          contractError("restate_inactive", t, key, `Turn ${t} restates ${key} while deactivating it.`),
        );
      }
    }
    for (const key of activated) known(key, "activates");

    const removed: string[] = [];
    for (const key of deactivated) {
      const from = activeSince.get(key);
      if (from === undefined) continue;
      activeSince.delete(key);
      spans.push({ atomKey: key, from, to: t });
      removed.push(key);
    }
    const added: string[] = [];
    for (const key of activated) {
      if (!index.byKey.has(key) || activeSince.has(key)) continue;
      activeSince.set(key, t);
      added.push(key);
    }
    steps.push({ added, removed });
  }

  if (errors.length > 0) return { ok: false, errors };
  for (const [atomKey, from] of activeSince) spans.push({ atomKey, from, to: null });
  return { ok: true, value: { turns: trace.length, final: sortAtomKeys(activeSince.keys()), steps, spans } };
}

/** M_t for 0 ≤ t ≤ turns, sorted. */
export function activeAt(result: TReplay, t: number): string[] {
  if (!Number.isInteger(t) || t < 0 || t > result.turns) {
    throw new RangeError(`turn ${t} is outside 0..${result.turns}`);
  }
  const keys = result.spans
    .filter((s) => s.from <= t && (s.to === null || t < s.to))
    .map((s) => s.atomKey);
  return sortAtomKeys(keys);
}

/** Every M_t from M_0 to M_T, materialized (O(T·|M|): for display and tests, not hot paths). */
export function activeSets(result: TReplay): string[][] {
  const current = new Set<string>();
  const sets: string[][] = [[]];
  for (const step of result.steps) {
    for (const key of step.removed) current.delete(key);
    for (const key of step.added) current.add(key);
    sets.push(sortAtomKeys(current));
  }
  return sets;
}
