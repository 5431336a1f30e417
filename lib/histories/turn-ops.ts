// Pure: edits of a history's turn list, shared by the editor's buttons and shortcuts.
// Each returns a new list; indexes are 0-based positions in the list.
import { sortAtomKeys, type TTurn } from "@/lib/contract";
import { TURN_OPERATION_KINDS, type TTurnOperationKind } from "@/lib/contract/types";

export type TEventKind = TTurnOperationKind;
export const EVENT_KINDS: readonly TEventKind[] = TURN_OPERATION_KINDS;

export const emptyTurn = (text = ""): TTurn => ({ text, activated: [], deactivated: [], restated: [] });

const inRange = (turns: readonly TTurn[], i: number) => Number.isInteger(i) && i >= 0 && i < turns.length;

/** A new empty turn after position `after` (-1 puts it first). */
export function addTurn(turns: readonly TTurn[], after: number): TTurn[] {
  const at = Math.min(Math.max(after + 1, 0), turns.length);
  return [...turns.slice(0, at), emptyTurn(), ...turns.slice(at)];
}

export function deleteTurn(turns: readonly TTurn[], i: number): TTurn[] {
  if (!inRange(turns, i)) return [...turns];
  return turns.filter((_, j) => j !== i);
}

/** Moves a turn, with its events, by `by` places (clamped to the list). */
export function moveTurn(turns: readonly TTurn[], i: number, by: number): TTurn[] {
  if (!inRange(turns, i)) return [...turns];
  const to = Math.min(Math.max(i + by, 0), turns.length - 1);
  if (to === i) return [...turns];
  const next = [...turns];
  const [moved] = next.splice(i, 1);
  next.splice(to, 0, moved!);
  return next;
}

/**
 * Splits a turn at a character offset of its text. The events stay with the
 * first part (the curator moves them if the second part carries them).
 */
export function splitTurn(turns: readonly TTurn[], i: number, offset: number): TTurn[] {
  if (!inRange(turns, i)) return [...turns];
  const turn = turns[i]!;
  const at = Math.min(Math.max(offset, 0), turn.text.length);
  const first = { ...turn, text: turn.text.slice(0, at).trimEnd() };
  const second = emptyTurn(turn.text.slice(at).trimStart());
  return [...turns.slice(0, i), first, second, ...turns.slice(i + 1)];
}

/** Merges a turn with the next one: texts joined by a blank line, events united. */
export function mergeWithNext(turns: readonly TTurn[], i: number): TTurn[] {
  if (!inRange(turns, i) || !inRange(turns, i + 1)) return [...turns];
  const a = turns[i]!;
  const b = turns[i + 1]!;
  const union = (x: readonly string[], y: readonly string[]) => sortAtomKeys(new Set([...x, ...y]));
  const merged: TTurn = {
    text: [a.text.trimEnd(), b.text.trimStart()].filter((t) => t !== "").join("\n\n"),
    activated: union(a.activated, b.activated),
    deactivated: union(a.deactivated, b.deactivated),
    restated: union(a.restated, b.restated),
  };
  return [...turns.slice(0, i), merged, ...turns.slice(i + 2)];
}

export function setText(turns: readonly TTurn[], i: number, text: string): TTurn[] {
  if (!inRange(turns, i)) return [...turns];
  return turns.map((t, j) => (j === i ? { ...t, text } : t));
}

/** Adds an atom to one event set of a turn (kept sorted, never twice). */
export function addEvent(turns: readonly TTurn[], i: number, kind: TEventKind, key: string): TTurn[] {
  if (!inRange(turns, i)) return [...turns];
  return turns.map((t, j) => (j === i && !t[kind].includes(key) ? { ...t, [kind]: sortAtomKeys([...t[kind], key]) } : t));
}

export function removeEvent(turns: readonly TTurn[], i: number, kind: TEventKind, key: string): TTurn[] {
  if (!inRange(turns, i)) return [...turns];
  return turns.map((t, j) => (j === i ? { ...t, [kind]: t[kind].filter((k) => k !== key) } : t));
}

/** Whether two turn lists are the same history (text and events, in order). */
export function sameTurns(a: readonly TTurn[], b: readonly TTurn[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((t, i) => {
    const u = b[i]!;
    return t.text === u.text && EVENT_KINDS.every((k) => t[k].join(",") === u[k].join(","));
  });
}
