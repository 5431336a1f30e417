// Pure: gold's diff as a counterfactual edits it — its files, the rows each adds and the base's text before it, a lexer
// of its added lines, and the row editors that rewrite those lines (insertions, replacements, a string's text pieces, a
// section appended at a file's end) — and what a mutation gives back: a patch and what it changed.
import { walk } from "./syntax";
import type { TParsedFile } from "./types";

export type TMutation = { ok: true; patch: string; mutation: string; edits: number } | { ok: false; reason: string };

export const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Files of a unified diff, each with its header and body lines. */
export function splitDiff(diff: string): { path: string; lines: string[] }[] {
  const files: { path: string; lines: string[] }[] = [];
  for (const line of diff.split("\n")) {
    if (line.startsWith("diff --git ")) files.push({ path: line.replace(/^diff --git a\/(.*) b\/.*$/, "$1"), lines: [line] });
    else if (files.length === 0) files.push({ path: "", lines: [line] });
    else files.at(-1)!.lines.push(line);
    const last = files.at(-1)!;
    if (line.startsWith("+++ b/")) last.path = line.slice(6);
  }
  return files;
}

/**
 * The base's text of each file gold's diff changes (not adds), from gold's post-image and the diff's hunks: the
 * context and removed lines where a hunk stands, gold's lines elsewhere. A file whose hunks do not fit is left out.
 */
export function preImagesOf(diff: string, postImages: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const file of splitDiff(diff)) {
    const post = Object.hasOwn(postImages, file.path) ? postImages[file.path] : undefined;
    if (post === undefined || file.lines.some((l) => l.startsWith("--- /dev/null") || l.startsWith("new file mode"))) continue;
    const lines = post.split("\n");
    const base: string[] = [];
    let next = 0;
    let inHunk = false;
    let fits = true;
    for (const line of file.lines) {
      const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
      if (hunk) {
        const upto = hunk[2] === "0" ? Number(hunk[1]) : Number(hunk[1]) - 1;
        if (upto < next) { fits = false; break; }
        base.push(...lines.slice(next, upto));
        next = upto;
        inHunk = true;
        continue;
      }
      if (!inHunk || line.startsWith("\\")) continue;
      if (line.startsWith("+")) next++;
      else if (line.startsWith("-")) base.push(line.slice(1));
      else { base.push(line.slice(1)); next++; }
    }
    if (fits) out[file.path] = [...base, ...lines.slice(next)].join("\n");
  }
  return out;
}

type TSegment = { kind: "code" | "string" | "comment"; text: string };
type TLexState = { block: boolean; template: number[]; triple: string | null };

/**
 * One line of JavaScript or Python cut into code, string and comment segments, carrying block comments,
 * template literals (with their `${…}` code) and triple-quoted strings across lines.
 */
function lexLine(line: string, state: TLexState, python: boolean): TSegment[] {
  const out: TSegment[] = [];
  let i = 0;
  let start = 0;
  let kind: TSegment["kind"] = state.block ? "comment" : state.triple || (state.template.length > 0 && state.template.at(-1) === 0) ? "string" : "code";
  const emit = (end: number, next: TSegment["kind"]) => {
    if (end > start) out.push({ kind, text: line.slice(start, end) });
    start = end;
    kind = next;
  };
  while (i < line.length) {
    const c = line[i]!;
    if (state.block) {
      const close = line.indexOf("*/", i);
      if (close === -1) { i = line.length; break; }
      i = close + 2;
      state.block = false;
      emit(i, "code");
      continue;
    }
    if (state.triple) {
      const close = line.indexOf(state.triple, i);
      if (close === -1) { i = line.length; break; }
      i = close + 3;
      state.triple = null;
      emit(i, "code");
      continue;
    }
    if (state.template.length > 0 && state.template.at(-1) === 0 && kind === "string") {
      // Inside a template literal's text.
      if (c === "\\") { i += 2; continue; }
      if (c === "`") { i++; state.template.pop(); emit(i, "code"); continue; }
      if (c === "$" && line[i + 1] === "{") { state.template[state.template.length - 1] = 1; emit(i, "code"); i += 2; continue; }
      i++;
      continue;
    }
    // Code.
    if (!python && c === "/" && line[i + 1] === "/") { emit(i, "comment"); i = line.length; break; }
    if (python && c === "#") { emit(i, "comment"); i = line.length; break; }
    if (!python && c === "/" && line[i + 1] === "*") { emit(i, "comment"); state.block = true; i += 2; continue; }
    if (python && (line.startsWith('"""', i) || line.startsWith("'''", i))) { emit(i, "string"); state.triple = line.slice(i, i + 3); i += 3; continue; }
    if (c === '"' || c === "'") {
      emit(i, "string");
      let j = i + 1;
      while (j < line.length && line[j] !== c) j += line[j] === "\\" ? 2 : 1;
      i = Math.min(line.length, j + 1);
      emit(i, "code");
      continue;
    }
    if (!python && c === "`") { emit(i, "string"); state.template.push(0); i++; continue; }
    if (!python && state.template.length > 0) {
      const depth = state.template.at(-1)!;
      if (c === "{") state.template[state.template.length - 1] = depth + 1;
      if (c === "}") {
        if (depth === 1) { state.template[state.template.length - 1] = 0; i++; emit(i, "string"); continue; }
        state.template[state.template.length - 1] = depth - 1;
      }
    }
    i++;
  }
  emit(line.length, kind);
  return out;
}

/** Documentation (a README's example output, a changelog): prose the tests never read, never mutated. */
export const isProse = (path: string) => /\.(md|markdown|mdx|rst|txt|adoc)$/i.test(path) || /(^|\/)(CHANGELOG|HISTORY|README|LICENSE)[^/]*$/i.test(path);

/** Edits of one added line by its post-image row (0-based): the syntax tree's occurrences. */
export type TRowEditor = (row: number, body: string) => string;

/**
 * Rewrites gold's added lines in non-test files segment by segment (context lines only carry the lexer's
 * state), or, for a file with a row editor, by the rows of gold's post-image the syntax tree names.
 */
export function rewriteAdded(diff: string, isTest: (path: string) => boolean, edit: (segment: TSegment, before: string, path: string, row: number) => string, rowEditors?: ReadonlyMap<string, TRowEditor>): { patch: string; edits: number } {
  let edits = 0;
  const out = splitDiff(diff).map((file) => {
    if (isTest(file.path) || isProse(file.path)) return file.lines.join("\n");
    const python = file.path.endsWith(".py");
    const state: TLexState = { block: false, template: [], triple: null };
    const rows = rowEditors?.get(file.path);
    let inHunk = false;
    let row = 0;
    return file.lines
      .map((line) => {
        if (line.startsWith("@@")) {
          inHunk = true;
          row = Number(/\+(\d+)/.exec(line)?.[1] ?? 1) - 1;
          return line;
        }
        if (!inHunk || line.startsWith("+++") || line.startsWith("---") || line.startsWith("-") || line.startsWith("\\")) return line;
        const body = line.slice(1);
        const here = row++;
        if (rows) {
          if (!line.startsWith("+")) return line;
          const changed = rows(here, body);
          if (changed !== body) edits++;
          return `+${changed}`;
        }
        const segments = lexLine(body, state, python);
        if (!line.startsWith("+")) return line;
        let before = "";
        const changed = segments.map((seg) => {
          const text = seg.kind === "comment" ? seg.text : edit(seg, before, file.path, here);
          before += seg.text;
          return text;
        }).join("");
        if (changed !== body) edits++;
        return `+${changed}`;
      })
      .join("\n");
  });
  return { patch: out.join("\n"), edits };
}

/** The literal changed so the test no longer finds it: after its end for an exact comparison, inside it for `contains`. */
/**
 * A literal changed so that no comparison with it holds: inside, after its first character (`W~arning …`), so that
 * neither equality nor containment nor a prefix or suffix match does (node-tap's `t.throws(fn, new Error(msg))` matches
 * a message that contains `msg`: an appended "~" kept it; branch cf8). Appended where the first character opens a
 * placeholder or an escape (`${`, `{`, `%`, `\`), or the literal is one character.
 */
export const changedLiteral = (raw: string, _contains: boolean) => {
  const first = String.fromCodePoint(raw.codePointAt(0) ?? 0);
  return raw.length > first.length && !/^[$%{\\]/.test(raw) ? `${first}~${raw.slice(first.length)}` : `${raw}~`;
};

/** Rows (0-based) of each file's post-image that gold's diff adds. */
export function addedRows(diff: string): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  for (const file of splitDiff(diff)) {
    const rows = new Set<number>();
    let row = -1;
    for (const line of file.lines) {
      if (line.startsWith("@@")) { row = Number(/\+(\d+)/.exec(line)?.[1] ?? 1) - 1; continue; }
      if (row < 0 || line.startsWith("+++") || line.startsWith("---") || line.startsWith("-") || line.startsWith("\\")) continue;
      if (line.startsWith("+")) rows.add(row);
      row++;
    }
    out.set(file.path, rows);
  }
  return out;
}

export const rowOf = (source: string, offset: number) => {
  let n = 0;
  for (let i = source.indexOf("\n"); i !== -1 && i < offset; i = source.indexOf("\n", i + 1)) n++;
  return n;
};

/** Insertions at offsets of a file's post-image, as a row editor (columns of each row applied right to left). */
export function insertionEditor(source: string, inserts: readonly { offset: number; text: string }[]): TRowEditor {
  const byRow = new Map<number, { col: number; text: string }[]>();
  for (const ins of inserts) {
    const row = rowOf(source, ins.offset);
    const col = ins.offset - (source.lastIndexOf("\n", ins.offset - 1) + 1);
    byRow.set(row, [...(byRow.get(row) ?? []), { col, text: ins.text }]);
  }
  return (row, body) => {
    let out = body;
    for (const { col, text } of [...(byRow.get(row) ?? [])].sort((a, b) => b.col - a.col)) out = out.slice(0, col) + text + out.slice(col);
    return out;
  };
}

/** Replacements at offsets of a file's post-image (each within one row), as a row editor. */
export function replacementEditor(source: string, edits: readonly { start: number; end: number; text: string }[]): TRowEditor {
  const byRow = new Map<number, { col: number; length: number; text: string }[]>();
  for (const e of edits) {
    const row = rowOf(source, e.start);
    const col = e.start - (source.lastIndexOf("\n", e.start - 1) + 1);
    byRow.set(row, [...(byRow.get(row) ?? []), { col, length: e.end - e.start, text: e.text }]);
  }
  return (row, body) => {
    let out = body;
    for (const { col, length, text } of [...(byRow.get(row) ?? [])].sort((a, b) => b.col - a.col)) out = out.slice(0, col) + text + out.slice(col + length);
    return out;
  };
}

/** A diff section that appends `line` (one or more lines) to a file as `file.source` has it (null when the file does not end with a newline). */
export function appendedLineDiff(file: TParsedFile, line: string): string | null {
  if (!file.source.endsWith("\n")) return null;
  const lines = file.source.slice(0, -1).split("\n");
  const from = Math.max(0, lines.length - 3);
  const context = lines.slice(from);
  const appended = line.split("\n");
  return `diff --git a/${file.path} b/${file.path}\n--- a/${file.path}\n+++ b/${file.path}\n@@ -${from + 1},${context.length} +${from + 1},${context.length + appended.length} @@\n${context.map((l) => ` ${l}\n`).join("")}${appended.map((l) => `+${l}\n`).join("")}`;
}

/** Edits the text pieces of the file's strings (not docstrings, not interpolations), by the rows they stand on. */
export function treeStringEditor(file: TParsedFile, edit: (text: string) => string): TRowEditor {
  const docs = docstringRows(file);
  const byRow = new Map<number, { col: number; length: number; text: string }[]>();
  walk(file.root, (node) => {
    if (node.type === "comment") return false;
    if ((node.type === "string_fragment" || node.type === "string_content") && !docs.has(node.row)) {
      const text = file.source.slice(node.start, node.end);
      if (text.includes("\n")) return;
      const next = edit(text);
      if (next === text) return;
      const col = node.start - (file.source.lastIndexOf("\n", node.start - 1) + 1);
      byRow.set(node.row, [...(byRow.get(node.row) ?? []), { col, length: text.length, text: next }]);
    }
    return undefined;
  });
  return (row, body) => {
    let out = body;
    for (const e of [...(byRow.get(row) ?? [])].sort((a, b) => b.col - a.col)) out = out.slice(0, e.col) + e.text + out.slice(e.col + e.length);
    return out;
  };
}

/** Rows of bare string statements (Python docstrings, a JavaScript directive): prose, never a producer. */
export function docstringRows(file: TParsedFile): Set<number> {
  const rows = new Set<number>();
  walk(file.root, (node) => {
    if (node.type !== "expression_statement") return;
    const kids = node.children.filter((c) => c.named);
    if (kids.length === 1 && (kids[0]!.type === "string" || kids[0]!.type === "concatenated_string")) {
      const last = rowOf(file.source, node.end);
      for (let r = node.row; r <= last; r++) rows.add(r);
    }
    return false;
  });
  return rows;
}
