// Pure: what the base gives where a hidden test fails on it. The runner's failure text of an assertion shows two
// sides — what the test expected and what the code gave — in every runner's own way: a diff (`+ actual - expected`,
// `- Expected + Received`, difflib's `- a` / `+ b`, pytest's `E   - …`), a comparison (`'a' !== 'b'`, `assert a == b`,
// `'a' != 'b'`), chai's `expected a to equal b`, jest's `Expected: … / Received: …`, tape's `expected: … / actual: …`.
// Which side is which does not matter: the literal is the test's, so when only one side shows it, the other side —
// the base's value — does not hold it, and the base does not produce it there. When both show it, the base does.
import diff from "fast-diff";
import type { TBaseFailure } from "./types";

export type TBaseEvidence = { produced: false; gave: string; probe: string } | { produced: true; probe: string };

/**
 * What gold's value adds to the base's: the runs a semantic character diff inserts (`(?:` and `)` around the base's
 * `1[0-9]|…`; `n` after each number). Null when gold's value replaces more than it adds (a new hash: nothing kept).
 */
export function addedRuns(gave: string, value: string): string[] | null {
  if (gave.length > 4000 || value.length > 4000) return null;
  const ops = diff(gave, value, undefined, true);
  const kept = ops.filter(([op]) => op === diff.EQUAL).reduce((n, [, t]) => n + t.length, 0);
  const removed = ops.filter(([op]) => op === diff.DELETE).reduce((n, [, t]) => n + t.length, 0);
  if (kept < Math.max(3, removed * 2)) return null;
  return [...new Set(ops.filter(([op]) => op === diff.INSERT).map(([, t]) => t.trim()).filter(Boolean))];
}

/**
 * The two sides of each comparison an assertion failure shows (a runner may print one twice: mocha's own diff after
 * Node's); none when it shows no comparison (a throw).
 */
export function assertionSides(detail: string): [string, string][] {
  const lines = failureLines(detail);
  const labelled = labelledSides(lines);
  return [...diffBlocks(lines).flatMap((block) => {
    const sides = diffSides(block);
    return sides ? [sides] : [];
  }), ...(labelled ? [labelled] : []), ...comparisonSides(lines)];
}

/**
 * The lines of a failure text that say what failed. A pytest traceback (a `>` line marks the failing statement, `E`
 * lines what went wrong) also prints the test's source around that statement: code, never a value the base gave, so
 * only its `E` lines count.
 */
function failureLines(detail: string): string[] {
  const raw = detail.split("\n");
  const traceback = raw.some((l) => /^>\s/.test(l)) && raw.some((l) => /^E\s/.test(l));
  return (traceback ? raw.filter((l) => /^E(\s|$)/.test(l)) : raw).map((l) => l.replace(/^E(?=\s)\s*/, "").replace(/\s+$/, ""));
}

// A marked line: `- x`, `+ x` (Node, jest, difflib) or `-x`, `+x` (mocha); never `---` / `+++` (a YAML document, a diff header).
const DIFF_LINE = /^\s*([-+])(?![-+])/;
const LEGEND = /^\s*[-+]\s*(?:actual|expected|received)\b.*$/i;
const PYTEST_WHERE = /^\s*[-+]\s+(?:where|and)\b/;

/** The diffs of a failure text: each legend (`+ actual - expected`) starts a new one; their markers may differ. */
function diffBlocks(lines: readonly string[]): string[][] {
  const blocks: string[][] = [[]];
  for (const line of lines) {
    if (LEGEND.test(line) && blocks.at(-1)!.some((l) => DIFF_LINE.test(l) && !LEGEND.test(l))) blocks.push([]);
    blocks.at(-1)!.push(line);
  }
  return blocks;
}

/** A diff: lines marked `-` on one side and `+` on the other; unmarked lines inside the block are on both. */
function diffSides(lines: readonly string[]): [string, string] | null {
  const marked = lines.map((l, i) => ({ i, m: PYTEST_WHERE.test(l) || LEGEND.test(l) ? null : DIFF_LINE.exec(l)?.[1] ?? null })).filter((x) => x.m);
  if (!marked.some((x) => x.m === "-") || !marked.some((x) => x.m === "+")) return null;
  const minus: string[] = [];
  const plus: string[] = [];
  for (let i = marked[0]!.i; i <= marked.at(-1)!.i; i++) {
    const line = lines[i]!;
    if (LEGEND.test(line) || PYTEST_WHERE.test(line)) continue;
    const m = DIFF_LINE.exec(line)?.[1];
    const body = m ? line.replace(DIFF_LINE, "").replace(/^ /, "") : line;
    if (m !== "+") minus.push(body);
    if (m !== "-") plus.push(body);
  }
  return [minus.join("\n"), plus.join("\n")];
}

/** `Expected: …` / `Received: …` (jest, vitest) and `expected: …` / `actual: …` (tape, node:test's TAP), with YAML blocks. */
function labelledSides(lines: readonly string[]): [string, string] | null {
  const side = (labels: RegExp) => {
    const at = lines.findIndex((l) => labels.test(l));
    if (at === -1) return null;
    const head = lines[at]!.replace(labels, "").trim();
    const indent = (l: string) => /^\s*/.exec(l)![0].length;
    const own = indent(lines[at]!);
    // A YAML block (`expected: |-` and the lines indented under it) spans lines; a value on the label's line is whole.
    if (head !== "" && !/^[|>][-+]?$/.test(head)) return head;
    const body: string[] = [];
    for (let i = at + 1; i < lines.length && lines[i]!.trim() !== "" && indent(lines[i]!) > own; i++) body.push(lines[i]!.trim());
    return body.join("\n");
  };
  const expected = side(/^\s*expected(?: substring| pattern| value)?:\s?/i);
  const actual = side(/^\s*(?:received(?: string| value)?|actual):\s?/i);
  return expected !== null && actual !== null ? [expected, actual] : null;
}

// chai's `expected <actual> to equal <expected>` (and `to be`, `to deeply equal`, `to include`, …).
const CHAI = /\bexpected (.+?) to (?:not )?(?:deeply |strictly |be |have |include |contain |match |equal |eql |loosely )+(.+?)(?: \/\/ .*)?$/;

/** Lines comparing two values: `a !== b`, `assert a == b`, `a != b`, chai's `expected a to equal b`. */
function comparisonSides(lines: readonly string[]): [string, string][] {
  const out: [string, string][] = [];
  for (const line of lines) {
    const chai = CHAI.exec(line);
    if (chai) {
      out.push([chai[1]!, chai[2]!]);
      continue;
    }
    const op = /^(?:AssertionError(?: \[ERR_ASSERTION\])?: )?(?:assert )?(.+?) (?:!==|===|!=|==|not in|in) (.+)$/.exec(line.trim());
    if (op && !/^(?:Expected|Input|The)\b/.test(op[1]!)) out.push([op[1]!, op[2]!]);
  }
  return out;
}

const unquoted = (side: string) => (/^(['"`]).*\1$/s.test(side) && side.length >= 2 ? side.slice(1, -1) : side);

/** The ways a runner prints a string: as it is, JSON-escaped, and quoted with backslashes (util.inspect, repr). */
function printedForms(literal: string): string[] {
  const json = JSON.stringify(literal).slice(1, -1);
  const single = literal.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\n/g, "\\n");
  return [...new Set([literal, json, single])];
}

/**
 * The side shows the literal as one whole value: the side itself (a runner's raw diff of two strings), or quoted as a
 * runner quotes a string inside a structure (`'…'`, `"…"`, `` `…` ``). Never as a piece of a longer string (the strong
 * tag `"3-aW9…"` inside the weak `W/"3-aW9…"`).
 */
export function showsLiteral(side: string, literal: string): boolean {
  const whole = unquoted(side.trim());
  const forms = printedForms(literal);
  if (forms.includes(whole)) return true;
  return forms.some((form) => ["'", '"', "`"].some((q) => side.includes(`${q}${form}${q}`)));
}

/**
 * What the base's failures of a test file's probes say about one expected literal: the base gives something else
 * (one side only shows it: `gave` is the other side), the base gives it (both sides show it), or nothing (null: no
 * failure compares it). A failure showing it on both sides wins: the base produces it somewhere.
 */
export function baseEvidence(literal: string, failures: readonly TBaseFailure[], probes: ReadonlySet<string>): TBaseEvidence | null {
  if (literal.trim().length < 2) return null;
  let missing: TBaseEvidence | null = null;
  for (const f of failures) {
    if (!probes.has(f.probe) || !f.detail) continue;
    for (const sides of assertionSides(f.detail)) {
      const [a, b] = sides.map((side) => showsLiteral(side, literal));
      if (a && b) return { produced: true, probe: f.probe };
      if ((a || b) && !missing) missing = { produced: false, gave: unquoted((a ? sides[1] : sides[0]).trim()), probe: f.probe };
    }
  }
  return missing;
}

/**
 * The side a runner prints as the expected value and the side it prints as the code's, where the print names them:
 * node:assert's legend `+ actual - expected`, mocha's `+ expected - actual`, jest's `- Expected` / `+ Received`,
 * `Expected:` / `Received:` and tape's `expected:` / `actual:` labels, chai's `expected <actual> to equal <expected>`.
 * A print that does not name its sides (pytest's `assert a == b`, unittest's `a != b`) gives nothing here.
 */
export function namedSides(detail: string): { expected: string; actual: string }[] {
  const lines = failureLines(detail);
  const out: { expected: string; actual: string }[] = [];
  for (const block of diffBlocks(lines)) {
    const legend = block.map((l) => l.trim()).join("\n");
    const plus = /^\+ actual - expected$/im.test(legend) || /^\+ Received\b/m.test(legend) ? "actual" : /^\+ expected - actual$/im.test(legend) || /^\+ Expected\b/m.test(legend) ? "expected" : null;
    const sides = plus ? diffSides(block) : null;
    if (sides) out.push(plus === "actual" ? { expected: sides[0], actual: sides[1] } : { expected: sides[1], actual: sides[0] });
  }
  const labelled = labelledSides(lines);
  if (labelled) out.push({ expected: labelled[0], actual: labelled[1] });
  for (const line of lines) {
    const chai = / to not |\.not\./.test(line) ? null : CHAI.exec(line);
    if (chai) out.push({ expected: chai[2]!, actual: chai[1]! });
  }
  return out;
}

/**
 * Literals the test file writes that a failure of one of its tests on the base prints as expected, whole, and never
 * as what the code gave: what the test compares, however its code builds the expected value (a table read by a loop,
 * a helper, a chain the extractor does not follow). Each with the probe whose failure shows it.
 */
export function expectedLiterals(written: readonly string[], failures: readonly TBaseFailure[]): { value: string; probe: string }[] {
  const out: { value: string; probe: string }[] = [];
  for (const f of failures) {
    if (!f.detail) continue;
    const pairs = namedSides(f.detail);
    if (pairs.length === 0) continue;
    for (const value of written) {
      if (value.trim().length < 2 || out.some((o) => o.value === value && o.probe === f.probe)) continue;
      // Never in the code's value, even unquoted (a key the base writes: `{ baz: true }` for an expected `'baz'`).
      if (pairs.some((p) => showsLiteral(p.expected, value)) && !pairs.some((p) => showsLiteral(p.actual, value) || standsIn(p.actual, value))) out.push({ value, probe: f.probe });
    }
  }
  return out;
}

/** `value` stands in `text` with no letter or digit running on across either edge. */
function standsIn(text: string, value: string): boolean {
  const word = /[\p{L}\p{N}_]/u;
  for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + 1)) {
    if (!(word.test(value[0]!) && word.test(text[at - 1] ?? "")) && !(word.test(value.at(-1)!) && word.test(text[at + value.length] ?? ""))) return true;
  }
  return false;
}
