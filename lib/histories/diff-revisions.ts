// Pure: what changed between two revisions of a history, turn by turn — the
// words of the visible text and the atoms of each hidden event set.
import type { TTurn } from "@/lib/contract";
import { EVENT_KINDS, type TEventKind } from "./turn-ops";

export type TWordOp = { op: "same" | "added" | "removed"; text: string };

export type TEventChange = { kind: TEventKind; added: string[]; removed: string[] };

export type TTurnDiff = {
  /** 1-based position in the longer of the two revisions. */
  turn: number;
  status: "same" | "changed" | "added" | "removed";
  words: TWordOp[];
  events: TEventChange[];
};

/** Above this many cells the word diff gives up and shows the whole text as replaced. */
const MAX_CELLS = 4_000_000;

/** Word-level diff (whitespace kept with the words) by longest common subsequence. */
export function diffWords(before: string, after: string): TWordOp[] {
  const a = before.split(/(?<=\s)(?=\S)/u).filter((w) => w !== "");
  const b = after.split(/(?<=\s)(?=\S)/u).filter((w) => w !== "");
  if (a.length * b.length > MAX_CELLS) {
    return [...(before ? [{ op: "removed" as const, text: before }] : []), ...(after ? [{ op: "added" as const, text: after }] : [])];
  }
  const n = a.length;
  const m = b.length;
  // lcs[i][j] = length of the LCS of a[i..] and b[j..], in one flat array.
  const lcs = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[at(i, j)] = a[i] === b[j] ? lcs[at(i + 1, j + 1)]! + 1 : Math.max(lcs[at(i + 1, j)]!, lcs[at(i, j + 1)]!);
    }
  }
  const ops: TWordOp[] = [];
  const push = (op: TWordOp["op"], text: string) => {
    const last = ops.at(-1);
    if (last?.op === op) last.text += text;
    else ops.push({ op, text });
  };
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      push("same", a[i]!);
      i++;
      j++;
    } else if (lcs[at(i + 1, j)]! >= lcs[at(i, j + 1)]!) push("removed", a[i++]!);
    else push("added", b[j++]!);
  }
  while (i < n) push("removed", a[i++]!);
  while (j < m) push("added", b[j++]!);
  return ops;
}

function eventChanges(before: TTurn | undefined, after: TTurn | undefined): TEventChange[] {
  return EVENT_KINDS.map((kind) => {
    const was = new Set(before?.[kind] ?? []);
    const now = new Set(after?.[kind] ?? []);
    return { kind, added: [...now].filter((k) => !was.has(k)), removed: [...was].filter((k) => !now.has(k)) };
  }).filter((c) => c.added.length > 0 || c.removed.length > 0);
}

/** Turns are compared position by position, as a reader of the two revisions would. */
export function diffRevisions(before: readonly TTurn[], after: readonly TTurn[]): TTurnDiff[] {
  const length = Math.max(before.length, after.length);
  const diffs: TTurnDiff[] = [];
  for (let i = 0; i < length; i++) {
    const a = before[i];
    const b = after[i];
    const words = diffWords(a?.text ?? "", b?.text ?? "");
    const events = eventChanges(a, b);
    const status = !a ? "added" : !b ? "removed" : events.length === 0 && words.every((w) => w.op === "same") ? "same" : "changed";
    diffs.push({ turn: i + 1, status, words, events });
  }
  return diffs;
}
