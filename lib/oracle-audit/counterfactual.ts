// Pure: the counterfactual of one hidden dependency — gold with that one name renamed
// (where gold's added non-test lines write it as code: its definition and references, never
// a built-in's or a package's member of the same spelling), that one argument gold adds dropped for
// callers outside gold, or that one literal changed at its producer (a string, an object's key, a
// function's result, a parameter name gold adds to a signature, an argument gold adds to its call of a callback) — and the verdict from the probes that then fail. Given gold's files parsed by
// tree-sitter, the occurrences come from the syntax tree; otherwise from a lexer over the diff.
import { digestTokensOf, digestWriter, jsonTextOf, keptCharacters, listedNames } from "./formats";
import { languageOf } from "./languages";
import { field, walk } from "./syntax";
import type { TDependency, TParsedFile, TSyntaxNode } from "./types";

export type TCounterfactualOutcome = "confirmed" | "refuted" | "wider" | "error";

export type TMutation = { ok: true; patch: string; mutation: string; edits: number } | { ok: false; reason: string };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Files of a unified diff, each with its header and body lines. */
function splitDiff(diff: string): { path: string; lines: string[] }[] {
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
    const post = postImages[file.path];
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
const isProse = (path: string) => /\.(md|markdown|mdx|rst|txt|adoc)$/i.test(path) || /(^|\/)(CHANGELOG|HISTORY|README|LICENSE)[^/]*$/i.test(path);

/** Edits of one added line by its post-image row (0-based): the syntax tree's occurrences. */
type TRowEditor = (row: number, body: string) => string;

/**
 * Rewrites gold's added lines in non-test files segment by segment (context lines only carry the lexer's
 * state), or, for a file with a row editor, by the rows of gold's post-image the syntax tree names.
 */
function rewriteAdded(diff: string, isTest: (path: string) => boolean, edit: (segment: TSegment, before: string, path: string, row: number) => string, rowEditors?: ReadonlyMap<string, TRowEditor>): { patch: string; edits: number } {
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

// Members of these never are gold's definitions: built-in objects and standard modules.
const BUILTINS = new Set([
  "Object", "Array", "JSON", "Math", "Number", "String", "Boolean", "Promise", "Reflect", "Symbol", "Date", "RegExp", "Error", "TypeError", "RangeError",
  "Map", "Set", "WeakMap", "WeakSet", "BigInt", "Buffer", "process", "console", "globalThis", "window", "document", "Intl", "URL", "URLSearchParams", "Atomics", "Proxy",
  "os", "sys", "re", "json", "str", "dict", "list", "tuple", "set", "int", "float", "bytes", "math", "itertools", "functools", "collections", "typing", "datetime", "time",
  "pathlib", "shutil", "subprocess", "logging", "string", "textwrap", "inspect", "enum", "abc", "io", "fs", "path", "util", "assert", "crypto", "http", "https", "events", "stream", "child_process",
]);

/** Names a file of the diff binds to a package outside the repository (`const _ = require("lodash")`, `import numpy as np`). */
function externalBindings(diff: string): Set<string> {
  const out = new Set<string>();
  for (const m of diff.matchAll(/(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*require\(\s*["']([^"'.][^"']*)["']\s*\)/g)) out.add(m[1]!);
  for (const m of diff.matchAll(/import\s+(?:\*\s+as\s+)?([A-Za-z_$][\w$]*)\s+from\s+["']([^"'.][^"']*)["']/g)) out.add(m[1]!);
  for (const m of diff.matchAll(/^[+ ]\s*import\s+([A-Za-z_][\w.]*)(?:\s+as\s+([A-Za-z_]\w*))?\s*$/gm)) out.add(m[2] ?? m[1]!.split(".")[0]!);
  for (const m of diff.matchAll(/^[+ ]\s*from\s+([A-Za-z_][\w.]*)\s+import\s+([\w, ]+)$/gm)) for (const n of m[2]!.split(",")) out.add(n.trim().split(/\s+as\s+/).at(-1)!);
  return out;
}

const RENAMED_NODES = new Set(["identifier", "property_identifier", "shorthand_property_identifier", "shorthand_property_identifier_pattern", "type_identifier", "private_property_identifier"]);

/**
 * The occurrences of `name` in a parsed gold file that are gold's: identifiers (definitions, references,
 * keys, keyword arguments) and strings that are exactly the name — not a member of a built-in or of a
 * package (`Array.from`, `_.from`, `np.sort`), not a name a package import binds, never in a comment.
 */
function treeRenamer(file: TParsedFile, name: string, renamed: string, localRoots: ReadonlySet<string>): TRowEditor {
  const { source, root } = file;
  const python = file.path.endsWith(".py");
  const external = new Set<string>();
  const text = (n: TSyntaxNode | null) => (n ? source.slice(n.start, n.end) : "");
  walk(root, (node) => {
    if (node.type === "import_statement" || node.type === "import_from_statement") {
      const src = python ? text(field(node, "module_name") ?? field(node, "name")) : text(field(node, "source")).slice(1, -1);
      // Python's absolute imports of the repository's own package are not a package's.
      if (src && !src.startsWith(".") && !(python && localRoots.has(src.split(/[.\s]/)[0]!))) walk(node, (n) => { if (n.type === "identifier" || n.type === "dotted_name") external.add(text(n).split(".")[0]!); });
      return false;
    }
    if (!python && node.type === "variable_declarator") {
      const value = field(node, "value");
      const target = field(node, "name");
      if (value?.type === "call_expression" && text(field(value, "function")) === "require" && target) {
        const spec = text(value).match(/require\(\s*["']([^"']+)["']/)?.[1] ?? ".";
        if (!spec.startsWith(".")) walk(target, (n) => { if (n.type === "identifier" || n.type === "shorthand_property_identifier_pattern") external.add(text(n)); });
      }
    }
    return undefined;
  });
  const hits: number[] = [];
  walk(root, (node, ancestors) => {
    if (node.type === "comment") return false;
    const parent = ancestors.at(-1);
    if (node.type === "string_fragment" || node.type === "string_content") {
      const content = parent ? parent.children.filter((c) => ["string_fragment", "string_content", "escape_sequence", "interpolation", "template_substitution"].includes(c.type)) : [];
      if (text(node) === name && content.length === 1) hits.push(node.start);
      return;
    }
    if (!RENAMED_NODES.has(node.type) || text(node).replace(/^#/, "") !== name) return;
    const memberOf = parent && (parent.type === "member_expression" || parent.type === "attribute") && (field(parent, "property") === node || field(parent, "attribute") === node) ? field(parent, "object") : null;
    if (memberOf) {
      const object = text(memberOf).split(".")[0]!;
      if (BUILTINS.has(object) || external.has(object)) return;
    } else if (external.has(name)) return;
    hits.push(node.start + (text(node).startsWith("#") ? 1 : 0));
  });
  const lineStarts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === "\n") lineStarts.push(i + 1);
  const byRow = new Map<number, number[]>();
  for (const offset of hits) {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    byRow.set(lo, [...(byRow.get(lo) ?? []), offset - lineStarts[lo]!]);
  }
  return (row, body) => {
    const cols = (byRow.get(row) ?? []).sort((a, b) => b - a);
    let out = body;
    for (const col of cols) if (out.slice(col, col + name.length) === name) out = out.slice(0, col) + renamed + out.slice(col + name.length);
    return out;
  };
}

/** The literal changed so the test no longer finds it: after its end for an exact comparison, inside it for `contains`. */
/**
 * A literal changed so that no comparison with it holds: inside, after its first character (`W~arning …`), so that
 * neither equality nor containment nor a prefix or suffix match does (node-tap's `t.throws(fn, new Error(msg))` matches
 * a message that contains `msg`: an appended "~" kept it; branch cf8). Appended where the first character opens a
 * placeholder or an escape (`${`, `{`, `%`, `\`), or the literal is one character.
 */
const changedLiteral = (raw: string, _contains: boolean) => {
  const first = String.fromCodePoint(raw.codePointAt(0) ?? 0);
  return raw.length > first.length && !/^[$%{\\]/.test(raw) ? `${first}~${raw.slice(first.length)}` : `${raw}~`;
};

/** Rows (0-based) of each file's post-image that gold's diff adds. */
function addedRows(diff: string): Map<string, Set<number>> {
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

const rowOf = (source: string, offset: number) => {
  let n = 0;
  for (let i = source.indexOf("\n"); i !== -1 && i < offset; i = source.indexOf("\n", i + 1)) n++;
  return n;
};

/** Insertions at offsets of a file's post-image, as a row editor (columns of each row applied right to left). */
function insertionEditor(source: string, inserts: readonly { offset: number; text: string }[]): TRowEditor {
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
function replacementEditor(source: string, edits: readonly { start: number; end: number; text: string }[]): TRowEditor {
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

/** The keys of gold's added object literals (a property's or a method's name) spelled `key`, replaced by `quoted`. */
function keyEdits(file: TParsedFile, key: string, quoted: string, added: ReadonlySet<number>): { start: number; end: number; text: string }[] {
  const out: { start: number; end: number; text: string }[] = [];
  walk(file.root, (node, ancestors) => {
    if (node.type === "comment") return false;
    if (node.type !== "property_identifier" || !added.has(node.row) || file.source.slice(node.start, node.end) !== key) return;
    const parent = ancestors.at(-1);
    const inObject = parent && ((parent.type === "pair" && field(parent, "key") === node) || (parent.type === "method_definition" && field(parent, "name") === node && ancestors.at(-2)?.type === "object"));
    if (inObject) out.push({ start: node.start, end: node.end, text: quoted });
  });
  return out;
}

/** One line, appended to a CommonJS module, that wraps each function it exports so its result changes where it is (or holds) the literal. */
/**
 * Gold with the result of every method of each JavaScript or TypeScript class whose body gold's diff touches changed
 * where it is the number `n` (to n + 1): pure-rand's jump, added to the base's MersenneTwister, changes the state the
 * base's own `next()` draws from, so the outputs the test compares are written by no text of gold's. Wrapped at the
 * module's end, one output differs and every other stays. Null where gold touches no class.
 */
function classResults(gold: string, isTest: (path: string) => boolean, parsed: readonly TParsedFile[], n: number): TMutation | null {
  const added = addedRows(gold);
  const sections: string[] = [];
  const classes: string[] = [];
  for (const file of parsed) {
    if (isTest(file.path) || isProse(file.path) || !/\.(c|m)?[jt]sx?$/.test(file.path)) continue;
    const rows = added.get(file.path);
    if (!rows || rows.size === 0) continue;
    const typed = /\.(c|m)?tsx?$/.test(file.path);
    const names = classDeclarations(file)
      .filter((c) => [...rows].some((r) => r > c.row && r <= rowOf(file.source, c.end)))
      .map((c) => file.source.slice(field(c, "name")!.start, field(c, "name")!.end));
    if (names.length === 0) continue;
    const section = appendedLineDiff(file, names.map((name) => methodResultsWrapper(name, n, typed)).join("\n"));
    if (!section) continue;
    sections.push(section);
    classes.push(...names);
  }
  if (sections.length === 0) return null;
  return { ok: true, patch: `${gold.replace(/\n?$/, "\n")}${sections.join("")}`, mutation: `what the methods of ${classes.join(", ")} (classes gold changes) return, where it is ${n}: → ${n + 1}`, edits: sections.length };
}

/** A module's top-level class declarations, exported or not. */
const classDeclarations = (file: TParsedFile): TSyntaxNode[] =>
  file.root.children
    .map((n) => (n.type === "export_statement" ? (n.children.find((c) => c.type === "class_declaration") ?? null) : n))
    .filter((n): n is TSyntaxNode => n?.type === "class_declaration" && field(n, "name") !== null);

/** A statement that wraps each plain method of the class's prototype so that a result equal to `n` becomes n + 1. */
function methodResultsWrapper(name: string, n: number, typed: boolean): string {
  const proto = typed ? `(${name}.prototype as unknown as Record<string, unknown>)` : `${name}.prototype`;
  const fn = typed ? "(__cf_f as (...a: unknown[]) => unknown)" : "__cf_f";
  const self = typed ? "this: unknown, ...__cf_a: unknown[]" : "...__cf_a";
  return `for (const __cf_k of Object.getOwnPropertyNames(${name}.prototype)) {
  const __cf_f = Object.getOwnPropertyDescriptor(${name}.prototype, __cf_k)?.value;
  if (__cf_k === "constructor" || typeof __cf_f !== "function") continue;
  ${proto}[__cf_k] = function (${self}) { const __cf_value = ${fn}.apply(this, __cf_a); return __cf_value === ${n} ? ${n + 1} : __cf_value; };
}`;
}

function exportsWrapper(literal: string, contains: boolean): string {
  const value = JSON.stringify(literal);
  const changed = JSON.stringify(changedLiteral(literal, contains));
  const change = contains
    ? `typeof __cf_value === "string" ? __cf_value.split(${value}).join(${changed}) : __cf_value`
    : `__cf_value === ${value} ? ${changed} : __cf_value`;
  return `;(function (__cf_exports) { if (!__cf_exports || typeof __cf_exports !== "object") return; Object.keys(__cf_exports).forEach(function (__cf_key) { var __cf_fn = __cf_exports[__cf_key]; if (typeof __cf_fn !== "function") return; __cf_exports[__cf_key] = function () { var __cf_value = __cf_fn.apply(this, arguments); return ${change}; }; }); })(module.exports);`;
}

/** A diff section that appends `line` (one or more lines) to a file as `file.source` has it (null when the file does not end with a newline). */
function appendedLineDiff(file: TParsedFile, line: string): string | null {
  if (!file.source.endsWith("\n")) return null;
  const lines = file.source.slice(0, -1).split("\n");
  const from = Math.max(0, lines.length - 3);
  const context = lines.slice(from);
  const appended = line.split("\n");
  return `diff --git a/${file.path} b/${file.path}\n--- a/${file.path}\n+++ b/${file.path}\n@@ -${from + 1},${context.length} +${from + 1},${context.length + appended.length} @@\n${context.map((l) => ` ${l}\n`).join("")}${appended.map((l) => `+${l}\n`).join("")}`;
}

/** Edits the text pieces of the file's strings (not docstrings, not interpolations), by the rows they stand on. */
function treeStringEditor(file: TParsedFile, edit: (text: string) => string): TRowEditor {
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
function docstringRows(file: TParsedFile): Set<number> {
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

// A Python `%` or `str.format` placeholder inside a plain string.
const FORMAT_PLACEHOLDER = /\{[^{}]*\}|%[-#0 +]*\d*(?:\.\d+)?[sdifrxXeEgGc]/g;

/**
 * The fixed parts of a string node that is a template — a JavaScript template literal or Python f-string with
 * substitutions, a string `.format(…)` or `%` is applied to, or a string concatenated with a value — or null for
 * any other string.
 */
function templateParts(node: TSyntaxNode, parent: TSyntaxNode | undefined, source: string): string[] | null {
  const text = (n: TSyntaxNode) => source.slice(n.start, n.end);
  const pieces = node.children.filter((c) => ["string_fragment", "string_content", "escape_sequence"].includes(c.type));
  const holes = node.children.filter((c) => c.type === "template_substitution" || c.type === "interpolation");
  if (holes.length > 0) {
    const parts: string[] = [];
    let current = "";
    for (const c of node.children) {
      if (c.type === "template_substitution" || c.type === "interpolation") { parts.push(current); current = ""; }
      else if (pieces.includes(c)) current += text(c);
    }
    parts.push(current);
    return parts;
  }
  const content = pieces.map(text).join("");
  const formatted = parent && ((parent.type === "attribute" && text(field(parent, "attribute") ?? parent).trim() === "format") || (parent.type === "binary_operator" && text(field(parent, "operator") ?? parent) === "%" && field(parent, "left") === node));
  if (formatted && FORMAT_PLACEHOLDER.test(content)) return content.split(FORMAT_PLACEHOLDER);
  if (parent && (parent.type === "binary_expression" || parent.type === "binary_operator") && text(field(parent, "operator") ?? parent) === "+") {
    const other = field(parent, "left") === node ? field(parent, "right") : field(parent, "left");
    if (other && other.type !== "string") return field(parent, "left") === node ? [content, ""] : ["", content];
  }
  return null;
}

/** The template's fixed parts are written in the literal, in order, and say something (not only spaces or one mark). */
function templateCouldMake(parts: readonly string[], literal: string, whole: boolean): boolean {
  const fixed = parts.join("");
  if (fixed.replace(/\s/g, "").length < 2 && !/[A-Za-z0-9]/.test(fixed)) return false;
  let at = 0;
  for (const [i, part] of parts.entries()) {
    if (part.length === 0) continue;
    const found = i === 0 && whole ? (literal.startsWith(part) ? 0 : -1) : literal.indexOf(part, at);
    if (found === -1) return false;
    at = found + part.length;
  }
  // A template that is the whole value also ends as the literal does; a piece of a concatenation need not.
  const lastPart = parts.at(-1)!;
  return !whole || lastPart.length === 0 || literal.endsWith(lastPart);
}

/** An output of the template could hold the literal: a fixed part is written in it, or one of its words in a fixed part. */
function templateCouldHold(parts: readonly string[], literal: string): boolean {
  const words = literal.match(/[A-Za-z]{3,}/g) ?? [];
  return parts.some((part) => (part.trim().length >= 2 && literal.includes(part.trim())) || words.some((w) => new RegExp(`(?<![A-Za-z])${escape(w)}(?![A-Za-z])`).test(part)));
}

// Expressions a template's value flows through unchanged in shape up to the result: the producer's result is the
// outermost of them below a return, an assignment or a declaration.
const CARRIERS = new Set(["binary_expression", "binary_operator", "parenthesized_expression", "concatenated_string", "attribute", "member_expression", "call", "call_expression", "arguments", "argument_list"]);

/**
 * Where gold produces `literal` with a template shared with other outputs: the result of each producing expression
 * (a `return`'s value, a declaration's or assignment's value) wrapped so that it is changed only when it equals
 * the literal. Every other output of the same template, and the docstring that shows it, stay as gold writes them.
 */
function producerWrappers(file: TParsedFile, literal: string, contains: boolean, added: ReadonlySet<number>, spared: readonly string[] = []): { offset: number; text: string }[] {
  const { source, root } = file;
  const targets = new Map<number, TSyntaxNode>();
  const docs = docstringRows(file);
  walk(root, (node, ancestors) => {
    if (node.type === "comment") return false;
    if (node.type !== "string" && node.type !== "template_string") return;
    const parent = ancestors.at(-1);
    const parts = templateParts(node, parent, source);
    if (!parts || docs.has(node.row)) return false;
    // Up through the expressions that carry the value (a `.format(…)` call, a concatenation) to the result.
    let target = node;
    for (let i = ancestors.length - 1; i >= 0; i--) {
      const up = ancestors[i]!;
      if (!CARRIERS.has(up.type)) break;
      if ((up.type === "attribute" || up.type === "member_expression") && field(up, "object") !== target) break;
      if ((up.type === "call" || up.type === "call_expression") && field(up, "function") !== target) break;
      if (up.type === "arguments" || up.type === "argument_list") break;
      target = up;
    }
    // The result is the template alone (or its `.format(…)`): for an exact comparison it starts and ends as the literal.
    const whole = !contains && (target === node || (parent?.type === "attribute" && target.type === "call"));
    if (contains ? !templateCouldHold(parts, literal) : !templateCouldMake(parts, literal, whole)) return false;
    if (!added.has(target.row) || !added.has(rowOf(source, target.end))) return false;
    targets.set(target.start, target);
    return false;
  });
  // Nested targets: the outermost one is the result.
  const kept = [...targets.values()].filter((t) => ![...targets.values()].some((o) => o !== t && o.start <= t.start && o.end >= t.end));
  const open = wrapperOpen(file.path, literal, contains, spared);
  return kept.flatMap((t) => [{ offset: t.start, text: open }, { offset: t.end, text: ")" }]);
}

/**
 * The start of a call that returns its argument, changed when it is (or, for `contains`, holds) the literal — a result
 * that holds one of the `spared` texts (a longer text the tests compare that holds the literal) is that text's, and stays.
 */
function wrapperOpen(path: string, literal: string, contains: boolean, spared: readonly string[] = []): string {
  const python = path.endsWith(".py");
  const typed = /\.(c|m)?tsx?$/.test(path);
  const value = JSON.stringify(literal);
  const changed = JSON.stringify(changedLiteral(literal, contains));
  const kept = JSON.stringify(spared);
  const pyFree = spared.length > 0 ? ` and not any(__cf_s in __cf_value for __cf_s in ${kept})` : "";
  const jsFree = spared.length > 0 ? ` && !${kept}.some((__cf_s) => __cf_value.includes(__cf_s))` : "";
  // An exact comparison: the result is changed when it is the literal; a `contains` one: where it holds the literal.
  return contains
    ? python
      ? `(lambda __cf_value: __cf_value.replace(${value}, ${changed}) if isinstance(__cf_value, str)${pyFree} else __cf_value)(`
      : typed
        ? `(<T,>(__cf_value: T): T => (typeof __cf_value === "string"${jsFree} ? (__cf_value.split(${value}).join(${changed}) as unknown as T) : __cf_value))(`
        : `((__cf_value) => (typeof __cf_value === "string"${jsFree} ? __cf_value.split(${value}).join(${changed}) : __cf_value))(`
    : python
      ? `(lambda __cf_value: ${changed} if __cf_value == ${value} else __cf_value)(`
      : typed
        ? `(<T,>(__cf_value: T): T => (__cf_value === (${value} as unknown) ? (${changed} as unknown as T) : __cf_value))(`
        : `((__cf_value) => (__cf_value === ${value} ? ${changed} : __cf_value))(`;
}

/**
 * A literal gold's strings never write, computed by a function gold adds (scule's titleCase joins words): every value
 * a `return` in gold's added lines gives back is changed when it is the literal, so only the output equal to it changes.
 */
function returnWrappers(file: TParsedFile, literal: string, contains: boolean, added: { has(row: number): boolean }): { offset: number; text: string }[] {
  const open = wrapperOpen(file.path, literal, contains);
  const out: { offset: number; text: string }[] = [];
  walk(file.root, (node) => {
    if (node.type === "comment") return false;
    if (node.type !== "return_statement") return;
    const value = node.children.find((c) => c.named && c.type !== "comment");
    if (value && added.has(value.row) && added.has(rowOf(file.source, value.end))) out.push({ offset: value.start, text: open }, { offset: value.end, text: ")" });
  });
  return out;
}

/**
 * The separators of the `.join(sep)` calls gold adds (JavaScript `list.join(", ")`, Python `", ".join(list)`) that split
 * `literal` into two or more non-empty pieces: an output made of the test's own inputs and gold's separator
 * (citty-subcommand-aliases' `install, i, add`; gaps5's `joins`). Each such separator string is changed in place; a
 * separator of letters, digits or only whitespace is none.
 */
function joinSeparatorEdits(file: TParsedFile, literal: string, added: ReadonlySet<number>): { start: number; end: number; text: string; sep: string }[] {
  const { source } = file;
  const out: { start: number; end: number; text: string; sep: string }[] = [];
  const text = (n: TSyntaxNode | null) => (n ? source.slice(n.start, n.end) : "");
  walk(file.root, (node) => {
    if (node.type === "comment") return false;
    if (node.type !== "call_expression" && node.type !== "call") return;
    const callee = field(node, "function");
    if (!callee || (callee.type !== "member_expression" && callee.type !== "attribute")) return;
    if (text(field(callee, callee.type === "attribute" ? "attribute" : "property")) !== "join") return;
    // Python writes the separator as the object (`", ".join(xs)`), JavaScript as the first argument.
    const sepNode = callee.type === "attribute"
      ? field(callee, "object")
      : field(node, "arguments")?.children.find((c) => c.named && c.type !== "comment") ?? null;
    if (!sepNode || sepNode.type !== "string" || !added.has(sepNode.row)) return;
    const raw = text(sepNode);
    const quote = raw[0];
    if (!quote || !`'"`.includes(quote) || raw.at(-1) !== quote || raw.length < 3) return;
    const sep = raw.slice(1, -1);
    // Whitespace alone splits any sentence (scule's titleCase joins words with " "): no separator of inputs.
    if (sep.includes("\\") || /[\p{L}\p{N}]/u.test(sep) || sep.trim() === "") return;
    const pieces = literal.split(sep);
    if (pieces.length < 2 || pieces.some((p) => p === "")) return;
    out.push({ start: sepNode.start, end: sepNode.end, text: `${quote}${changedLiteral(sep, true)}${quote}`, sep });
  });
  return out;
}

/** An ISO-8601 date-time with a numeric UTC offset (`2017-07-14T02:40:00+00:00`). */
const DATE_TIME_WITH_OFFSET = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?[+-]\d{2}:?\d{2}(?![\d:])/;
/** Python calls that give back a date-time (or time) in the time zone they are handed. */
const ZONED_CALLS = new Set(["fromtimestamp", "now", "datetime", "time", "combine", "replace", "astimezone", "fromisoformat"]);

/**
 * Gold's added Python calls that make an aware date-time from a time zone gold names (`datetime.fromtimestamp(t,
 * tz=timezone.utc)`, `.astimezone(tz)`, `.replace(tzinfo=…)`): each is made naive where it is made
 * (`.replace(tzinfo=None)` after the call) — the same instant and digits, no offset (branch cf8).
 */
function timeZoneEdits(file: TParsedFile, added: ReadonlySet<number>): { offset: number; text: string }[] {
  const { source } = file;
  const out: { offset: number; text: string }[] = [];
  const text = (n: TSyntaxNode | null) => (n ? source.slice(n.start, n.end) : "");
  walk(file.root, (node) => {
    if (node.type === "comment") return false;
    if (node.type !== "call" || !added.has(node.row)) return;
    const callee = field(node, "function");
    const name = callee?.type === "attribute" ? text(field(callee, "attribute")) : callee?.type === "identifier" ? text(callee) : "";
    if (!ZONED_CALLS.has(name)) return;
    const args = field(node, "arguments")?.children.filter((c) => c.named && c.type !== "comment") ?? [];
    const zoneKeyword = args.find((a) => a.type === "keyword_argument" && ["tz", "tzinfo"].includes(text(field(a, "name"))));
    const zoned = zoneKeyword ? text(field(zoneKeyword, "value")) !== "None" : name === "astimezone" && args.length > 0;
    if (zoned) out.push({ offset: node.end, text: ".replace(tzinfo=None)" });
  });
  return out;
}

const FUNCTION_NODES = new Set(["function_declaration", "generator_function_declaration", "function_expression", "function", "generator_function", "arrow_function", "method_definition", "function_definition"]);

/** The name a function node is defined under: its own, or the variable, property or key it is assigned to. */
function definedName(node: TSyntaxNode, parent: TSyntaxNode | undefined, source: string): string | null {
  const text = (n: TSyntaxNode | null) => (n ? source.slice(n.start, n.end) : null);
  const own = text(field(node, "name"));
  if (own) return own;
  if (!parent) return null;
  if (parent.type === "variable_declarator") return text(field(parent, "name"));
  if (parent.type === "pair") return text(field(parent, "key"))?.replace(/^["']|["']$/g, "") ?? null;
  if (parent.type === "assignment_expression") {
    const left = field(parent, "left");
    return left?.type === "member_expression" ? text(field(left, "property")) : text(left);
  }
  return null;
}

/** The plain name a parameter node binds (null for a destructuring pattern or a rest parameter). */
function parameterName(node: TSyntaxNode, source: string): string | null {
  const text = (n: TSyntaxNode | null) => (n ? source.slice(n.start, n.end) : null);
  if (node.type === "identifier") return text(node);
  const inner = field(node, "left") ?? field(node, "pattern") ?? field(node, "name") ?? (node.type === "typed_parameter" ? node.children.find((c) => c.type === "identifier") ?? null : null);
  return inner?.type === "identifier" ? text(inner) : null;
}

/**
 * The module-level Python functions named `owner` that take a keyword `keyword` on a line gold adds (its
 * parameter), each refused that keyword from callers outside its package at the module's end (branch cf8): wrapped
 * with functools.wraps (the signature, `inspect.signature`, stays gold's), a call from the package's own modules goes
 * through, one from elsewhere that passes the keyword raises TypeError as the base's function did. Diff sections to
 * append to gold's patch, and the functions wrapped.
 */
function refusedKeyword(files: readonly TParsedFile[], owner: string, keyword: string, added: ReadonlyMap<string, ReadonlySet<number>>): { sections: string[]; owners: string[] } {
  const sections: string[] = [];
  const owners: string[] = [];
  for (const file of files) {
    const rows = added.get(file.path) ?? new Set<number>();
    const text = (n: TSyntaxNode | null) => (n ? file.source.slice(n.start, n.end) : "");
    const defs = file.root.children
      .map((n) => (n.type === "decorated_definition" ? field(n, "definition") : n))
      .filter((n): n is TSyntaxNode => n?.type === "function_definition" && text(field(n, "name")) === owner)
      .filter((n) => (field(n, "parameters")?.children ?? []).some((p) => p.named && rows.has(p.row) && parameterName(p, file.source) === keyword && !["list_splat_pattern", "dictionary_splat_pattern"].includes(p.type)));
    if (defs.length === 0) continue;
    const kw = JSON.stringify(keyword);
    const message = JSON.stringify(`${owner}() got an unexpected keyword argument '${keyword}'`);
    const line = `${owner} = (lambda __cf_f: __import__("functools").wraps(__cf_f)(lambda *__cf_a, **__cf_k: __cf_f(*__cf_a, **__cf_k) if ${kw} not in __cf_k or __import__("sys")._getframe(1).f_globals.get("__name__", "").split(".")[0] == __cf_f.__module__.split(".")[0] else (_ for _ in ()).throw(TypeError(${message}))))(${owner})`;
    const section = appendedLineDiff(file, line);
    if (section) {
      sections.push(section);
      owners.push(`${file.path}:${owner}`);
    }
  }
  return { sections, owners };
}

/**
 * Gold's added function `owner` with its argument at `position` (0-based, as callers count it) dropped for callers
 * outside gold's code: at the body's start the parameter is reset to undefined / None unless gold's own call passed it
 * (gold's added calls of `owner` mark their argument on the way in), so only the tests that pass it see a change.
 */
function droppedArgument(file: TParsedFile, owner: string, position: number, added: ReadonlySet<number>): { offset: number; text: string }[] | string {
  const python = file.path.endsWith(".py");
  const typed = /\.(c|m)?tsx?$/.test(file.path);
  const { source } = file;
  const flag = python ? `__import__("builtins")` : typed ? `(globalThis as any)` : "globalThis";
  const out: { offset: number; text: string }[] = [];
  let why = "";
  walk(file.root, (node, ancestors) => {
    if (node.type === "comment") return false;
    if (FUNCTION_NODES.has(node.type) && definedName(node, ancestors.at(-1), source) === owner && added.has(node.row)) {
      const params = field(node, "parameters")?.children.filter((c) => c.named && c.type !== "comment") ?? [];
      const inClass = python && ancestors.some((a) => a.type === "class_definition");
      const first = params[0] ? parameterName(params[0], source) : null;
      const param = params[position + (inClass && (first === "self" || first === "cls") ? 1 : 0)];
      const name = param ? parameterName(param, source) : null;
      const body = field(node, "body");
      if (!name || !body) {
        why = `${owner}'s argument ${position + 1} is not a plain parameter`;
        return;
      }
      if (python) {
        const statement = body.children.find((c) => c.named && c.type !== "comment");
        if (!statement || !added.has(statement.row) || !/^(expression_statement|return_statement|assignment|pass_statement)$/.test(statement.type)) {
          why = `${owner}'s body does not open with a simple statement on an added line`;
          return;
        }
        out.push({ offset: statement.start, text: `${name} = ${name} if getattr(${flag}, "__cf_keep", False) else None; setattr(${flag}, "__cf_keep", False); ` });
      } else if (body.type === "statement_block" && added.has(body.row)) {
        out.push({ offset: body.start + 1, text: ` if (${flag}.__cf_keep !== true) { ${name} = undefined; } ${flag}.__cf_keep = false;` });
      } else {
        why = `${owner}'s body does not open on an added line`;
      }
      return;
    }
    if ((node.type === "call_expression" || node.type === "call") && added.has(node.row)) {
      const callee = field(node, "function");
      const calleeName = callee?.type === "member_expression" ? field(callee, "property") : callee?.type === "attribute" ? field(callee, "attribute") : callee;
      if (!calleeName || source.slice(calleeName.start, calleeName.end) !== owner) return;
      const args = (field(node, "arguments")?.children ?? []).filter((c) => c.named && c.type !== "comment" && c.type !== "keyword_argument");
      const arg = args[position];
      if (!arg || !added.has(arg.row)) return;
      out.push(
        python
          ? { offset: arg.start, text: `(setattr(${flag}, "__cf_keep", True), ` }
          : { offset: arg.start, text: `(${flag}.__cf_keep = true, ` },
        python ? { offset: arg.end, text: `)[1]` } : { offset: arg.end, text: ")" },
      );
    }
  });
  return out.some((o) => o.text.includes("__cf_keep !== true") || o.text.includes("else None")) ? out : why || `gold adds no function ${owner} with an argument ${position + 1}`;
}

/** The plain name a call's callee is (`merger(…)`, not `obj.merger(…)`), or the attribute / property of a member callee. */
function calleeName(call: TSyntaxNode, source: string, plainOnly: boolean): string | null {
  const callee = field(call, "function");
  if (!callee) return null;
  if (callee.type === "identifier") return source.slice(callee.start, callee.end);
  if (plainOnly) return null;
  const member = callee.type === "member_expression" ? field(callee, "property") : callee.type === "attribute" ? field(callee, "attribute") : null;
  return member ? source.slice(member.start, member.end) : null;
}

/**
 * Python: a parameter `name` gold adds (on an added row) to its functions' signatures, renamed in those functions —
 * the parameter, the references to it in the function's scope (never a keyword it passes on to another callee, never
 * an attribute of the same spelling) — and as a keyword in gold's own calls of those functions. Null when some
 * occurrence stands on a line gold does not add (renaming it there would break gold, not the dependency).
 */
function parameterRenames(files: readonly TParsedFile[], name: string, renamed: string, added: ReadonlyMap<string, ReadonlySet<number>>): { edits: Map<string, { start: number; end: number; text: string }[]>; owners: Map<string, string[]> } | null {
  const edits = new Map<string, { start: number; end: number; text: string }[]>();
  const owners = new Map<string, string[]>();
  const allOwners = new Set<string>();
  const push = (file: string, node: TSyntaxNode) => edits.set(file, [...(edits.get(file) ?? []).filter((e) => e.start !== node.start), { start: node.start, end: node.end, text: renamed }]);
  let broken = false;
  for (const file of files) {
    const rows = added.get(file.path) ?? new Set<number>();
    const { source } = file;
    walk(file.root, (node, ancestors) => {
      if (node.type === "comment") return false;
      if (node.type !== "function_definition") return;
      const params = field(node, "parameters")?.children.filter((c) => c.named && c.type !== "comment") ?? [];
      const param = params.find((p) => parameterName(p, source) === name);
      if (!param || !rows.has(param.row)) return;
      const fn = source.slice(field(node, "name")!.start, field(node, "name")!.end);
      const parent = ancestors.at(-1);
      const moduleLevel = parent?.type === "module" || (parent?.type === "decorated_definition" && ancestors.at(-2)?.type === "module");
      allOwners.add(fn);
      if (moduleLevel) owners.set(file.path, [...(owners.get(file.path) ?? []), fn]);
      walk(node, (n, up) => {
        if (n.type === "comment") return false;
        if (n.type !== "identifier" || source.slice(n.start, n.end) !== name) return;
        const p = up.at(-1);
        if (p?.type === "keyword_argument" && field(p, "name") === n) return;
        if (p?.type === "attribute" && field(p, "attribute") === n) return;
        if (!rows.has(n.row)) broken = true;
        else push(file.path, n);
      });
      return false;
    });
  }
  if (allOwners.size === 0 || broken) return null;
  // Gold's own calls of those functions pass the keyword by its new name.
  for (const file of files) {
    const rows = added.get(file.path) ?? new Set<number>();
    walk(file.root, (node) => {
      if (node.type === "comment") return false;
      if (node.type !== "call" || !allOwners.has(calleeName(node, file.source, false) ?? "")) return;
      for (const arg of field(node, "arguments")?.children ?? []) {
        const key = arg.type === "keyword_argument" ? field(arg, "name") : null;
        if (key && file.source.slice(key.start, key.end) === name && rows.has(key.row)) push(file.path, key);
      }
    });
  }
  return { edits, owners };
}

/** Arguments a base call of `callee` passes, counted from gold's removed lines of a file (the largest count; null: no such call). */
function removedCallArity(lines: readonly string[], callee: string): number | null {
  let best: number | null = null;
  const re = new RegExp(`(?<![\\w$.])${escape(callee)}\\s*\\(`, "g");
  for (const line of lines) {
    for (const m of line.matchAll(re)) {
      let depth = 1;
      let commas = 0;
      let any = false;
      let quote: string | null = null;
      let i = m.index! + m[0].length;
      for (; i < line.length && depth > 0; i++) {
        const c = line[i]!;
        if (quote) { if (c === "\\") i++; else if (c === quote) quote = null; continue; }
        if (c === '"' || c === "'" || c === "`") { quote = c; any = true; continue; }
        if ("([{".includes(c)) depth++;
        else if (")]}".includes(c)) depth--;
        else if (c === "," && depth === 1) commas++;
        if (depth > 0 && !/\s/.test(c)) any = true;
      }
      if (depth !== 0) continue;
      const n = any ? commas + 1 : 0;
      best = best === null ? n : Math.max(best, n);
    }
  }
  return best;
}

/**
 * An output the test's own callback builds from an argument gold adds to its call (defu's `merger(obj, key, val,
 * namespace)`, where the base passed three): at each call gold adds of a function its caller hands in (a parameter of
 * an enclosing function), the arguments beyond those the base's call passed are changed — a string gets `~`, a number
 * 1 more — so only a callback that reads them builds another text.
 */
function callbackArguments(file: TParsedFile, removed: readonly string[], added: ReadonlySet<number>): { inserts: { offset: number; text: string }[]; described: string[] } {
  const { source } = file;
  const python = file.path.endsWith(".py");
  const typed = /\.(c|m)?tsx?$/.test(file.path);
  const open = python
    ? `(lambda __cf_value: __cf_value + "~" if isinstance(__cf_value, str) else __cf_value + 1 if type(__cf_value) in (int, float) else __cf_value)(`
    : typed
      ? `(<T,>(__cf_value: T): T => (typeof __cf_value === "string" ? ((__cf_value + "~") as unknown as T) : typeof __cf_value === "number" ? ((__cf_value + 1) as unknown as T) : __cf_value))(`
      : `((__cf_value) => (typeof __cf_value === "string" ? __cf_value + "~" : typeof __cf_value === "number" ? __cf_value + 1 : __cf_value))(`;
  const inserts: { offset: number; text: string }[] = [];
  const described: string[] = [];
  walk(file.root, (node, ancestors) => {
    if (node.type === "comment") return false;
    if ((node.type !== "call_expression" && node.type !== "call") || !added.has(node.row)) return;
    const callee = calleeName(node, source, true);
    if (!callee) return;
    const handedIn = ancestors.some((a) => FUNCTION_NODES.has(a.type) && (field(a, "parameters")?.children ?? []).some((p) => p.named && parameterName(p, source) === callee));
    if (!handedIn) return;
    const args = (field(node, "arguments")?.children ?? []).filter((c) => c.named && c.type !== "comment" && c.type !== "keyword_argument");
    const before = removedCallArity(removed, callee);
    if (before === null || before >= args.length) return;
    for (const [i, arg] of args.entries()) {
      if (i < before || !added.has(arg.row) || !added.has(rowOf(source, arg.end))) continue;
      inserts.push({ offset: arg.start, text: open }, { offset: arg.end, text: ")" });
      described.push(`argument ${i + 1} gold passes to ${callee} (${source.slice(arg.start, arg.end)})`);
    }
  });
  return { inserts, described };
}

/** A name an agent might have chosen instead, in the dependency's own case convention. */
export function renamedIdentifier(name: string, python = false): string {
  if (/^[A-Z0-9_]+$/.test(name)) return `${name}_ALT`;
  if (name.includes("_") || (python && /^[a-z0-9]+$/.test(name))) return `${name}_alt`;
  return `${name}Alt`;
}

/** JavaScript: a hash object whose digest starts with `token` writes it with its first character (byte) changed. */
const jsDigestWrap = (token: string, encoding: "hex" | "base64") =>
  `((__cf_h) => ({ update(...__cf_u) { __cf_h.update(...__cf_u); return this; }, ` +
  `digest(...__cf_d) { const d = __cf_h.digest(...__cf_d); const s = typeof d === "string" ? d : Buffer.from(d).toString(${JSON.stringify(encoding)}); ` +
  `if (!s.startsWith(${JSON.stringify(token)})) return d; if (typeof d !== "string") { const b = Buffer.from(d); b[0] ^= 1; return b; } ` +
  `return (d[0] === ${JSON.stringify(encoding === "hex" ? "0" : "A")} ? ${JSON.stringify(encoding === "hex" ? "1" : "B")} : ${JSON.stringify(encoding === "hex" ? "0" : "A")}) + d.slice(1); } }))`;

/** A call of `createHash` through `callee` (`crypto.createHash`), its result wrapped. */
const jsDigestWrapper = (token: string, encoding: "hex" | "base64") => `((__cf_f) => (...__cf_a) => ${jsDigestWrap(token, encoding)}(__cf_f(...__cf_a)))`;

/**
 * `.createHash` continuing a chain whose receiver is on another line (etag's `crypto\n  .createHash('sha1')`): a
 * computed member, a symbol whose getter (installed once, not enumerable) calls the receiver's own createHash and wraps it.
 */
const jsDigestMember = (token: string, encoding: "hex" | "base64") =>
  `[((k) => (Object.prototype.hasOwnProperty(k) || Object.defineProperty(Object.prototype, k, { configurable: true, get() { const o = this; ` +
  `return (...__cf_a) => ${jsDigestWrap(token, encoding)}(o.createHash(...__cf_a)); } }), k))(Symbol.for(${JSON.stringify(`__cf_createHash ${token}`)}))]`;

/** Python: the same, for `hexdigest()` (hex) and `digest()` (bytes, compared by their hex or base64). */
const pyDigestWrapper = (token: string, encoding: "hex" | "base64") => {
  const shown = encoding === "hex" ? "__cf_d.hex()" : "__import__('base64').b64encode(__cf_d).decode()";
  return `(lambda __cf_f: lambda *__cf_a, **__cf_k: (lambda __cf_h: type("__cf_hash", (), {` +
    `"update": lambda self, *u: __cf_h.update(*u), "copy": lambda self: __cf_h.copy(), "digest_size": __cf_h.digest_size, "name": __cf_h.name, ` +
    `"digest": lambda self: (lambda __cf_d: bytes([__cf_d[0] ^ 1]) + __cf_d[1:] if ${shown}.startswith(${JSON.stringify(token)}) else __cf_d)(__cf_h.digest()), ` +
    `"hexdigest": lambda self: (lambda __cf_x: ("1" if __cf_x[0] == "0" else "0") + __cf_x[1:] if __cf_x.startswith(${JSON.stringify(token)}) else __cf_x)(__cf_h.hexdigest())` +
    `})())(__cf_f(*__cf_a, **__cf_k)))`;
};

/** A digest token with its first character (hex digit or base64 letter) changed, as the hash wrappers write it. */
const flippedDigest = (token: string, encoding: "hex" | "base64") =>
  (token[0] === (encoding === "hex" ? "0" : "A") ? (encoding === "hex" ? "1" : "B") : encoding === "hex" ? "0" : "A") + token.slice(1);

/**
 * One line, appended to a CommonJS module, that wraps what it exports — the function itself (`module.exports = etag`)
 * or each function of an exported object — so a result that is `literal` comes back as `changed`; every other result,
 * and a call with `new`, as before.
 */
function composedExportsWrapper(literal: string, changed: string): string {
  return `;(function (__cf_m) { var __cf_wrap = function (__cf_fn) { var __cf_w = function () { var __cf_value = new.target ? Reflect.construct(__cf_fn, arguments, new.target) : __cf_fn.apply(this, arguments); return __cf_value === ${JSON.stringify(literal)} ? ${JSON.stringify(changed)} : __cf_value; }; ` +
    `Object.keys(__cf_fn).forEach(function (__cf_k) { __cf_w[__cf_k] = __cf_fn[__cf_k]; }); __cf_w.prototype = __cf_fn.prototype; return __cf_w; }; var __cf_e = __cf_m.exports; ` +
    `if (typeof __cf_e === "function") __cf_m.exports = __cf_wrap(__cf_e); else if (__cf_e && typeof __cf_e === "object") Object.keys(__cf_e).forEach(function (__cf_k) { if (typeof __cf_e[__cf_k] === "function") __cf_e[__cf_k] = __cf_wrap(__cf_e[__cf_k]); }); })(module);`;
}

const isCommonJs = (source: string) => /\bmodule\.exports\b|(?<![\w$.])exports\.[A-Za-z_$]/.test(source);

/**
 * Gold with the hash it adds of a digest `raw` holds (gaps9's rule) changed where it writes that digest. In a CommonJS
 * file of gold's that adds the hash, the output the test compares is composed by the functions the file exports (etag's
 * `W/` + strong tag, one digest behind both): their result is changed where it is the literal, its digest written with
 * another first character, so a tag of the same digest composed otherwise stays (branch cf10). Elsewhere gold's added
 * `createHash('sha1')` (JavaScript), `hashlib.sha1(…)` / `hashlib.new('sha1')` (Python) of the digest's size is wrapped so
 * a digest starting with the literal's token is written with its first character (byte) changed — that output alone
 * changes, gold's other digests, the base's hashes and the constants stay (branch cf9); a digest gold's added text holds
 * (a constant) is then left to the constant's strategies. Null where gold adds no such hash.
 */
function digestMutation(gold: string, raw: string, isTest: (path: string) => boolean, parsed: readonly TParsedFile[]): TMutation | null {
  const code = splitDiff(gold).filter((f) => f.path && !isTest(f.path) && !isProse(f.path));
  for (const { token, bytes, encoding } of digestTokensOf(raw)) {
    const constant = code.some((f) => f.lines.some((l) => l.startsWith("+") && !l.startsWith("+++") && l.includes(token)));
    const isAlgorithm = (s: string) => digestWriter(bytes, new Set([s]), new Set(), []) !== null;
    const found = new Set<string>();
    const hashing = new Set<string>();
    const editors = new Map<string, TRowEditor>();
    for (const file of code) {
      const python = file.path.endsWith(".py");
      const wrapper = python ? pyDigestWrapper(token, encoding) : jsDigestWrapper(token, encoding);
      const calls = python
        ? /(?<![\w.])(hashlib\s*\.\s*(?:new\s*(?=\(\s*(['"])([\w-]+)\2)|([A-Za-z_]\w*)\s*(?=\()))/g
        : /(?:(?<![\w$.])((?:[A-Za-z_$][\w$]*\s*\.\s*)*createHash)|\.\s*createHash)\s*(?=\(\s*(['"`])([\w-]+)\2)/g;
      editors.set(file.path, (_row, body) => body.replace(calls, (match, callee: string | undefined, _q, quoted: string | undefined, attribute: string | undefined) => {
        const algorithm = quoted ?? attribute ?? "";
        if (!isAlgorithm(algorithm)) return match;
        found.add(python && attribute ? `hashlib.${attribute}` : `${(callee ?? ".createHash").replace(/\s+/g, "")}('${algorithm}')`);
        hashing.add(file.path);
        return callee === undefined ? jsDigestMember(token, encoding) : `(${wrapper})(${callee.trimEnd()})`;
      }));
    }
    const { patch, edits } = rewriteAdded(gold, isTest, (seg) => seg.text, editors);
    if (edits === 0) continue;
    const changed = raw.split(token).join(flippedDigest(token, encoding));
    const sections = parsed
      .filter((f) => hashing.has(f.path) && /\.c?js$/.test(f.path) && isCommonJs(f.source))
      .map((f) => [f.path, appendedLineDiff(f, composedExportsWrapper(raw, changed))] as const)
      .filter((s): s is readonly [string, string] => s[1] !== null);
    if (sections.length > 0) {
      return { ok: true, patch: `${gold.replace(/\n?$/, "\n")}${sections.map((s) => s[1]).join("")}`, mutation: `what ${sections.map((s) => s[0]).join(", ")} exports returns, where it is ${JSON.stringify(raw)} (its digest ${token} from the ${[...found].join(", ")} gold adds): → ${JSON.stringify(changed)}`, edits: sections.length };
    }
    if (!constant) return { ok: true, patch, mutation: `the ${[...found].join(", ")} gold adds (a ${bytes}-byte digest), its digest ${token} written with another first character`, edits };
  }
  return null;
}

/** Regular-expression literals of a file's syntax tree, as `[pattern, flags]` with their extent. */
function regexLiterals(file: TParsedFile): { start: number; end: number; row: number; pattern: string; flags: string }[] {
  const out: { start: number; end: number; row: number; pattern: string; flags: string }[] = [];
  walk(file.root, (node) => {
    if (node.type === "comment") return false;
    if (node.type !== "regex") return undefined;
    const pattern = field(node, "pattern");
    const flags = field(node, "flags");
    if (pattern) out.push({ start: node.start, end: node.end, row: node.row, pattern: file.source.slice(pattern.start, pattern.end), flags: flags ? file.source.slice(flags.start, flags.end) : "" });
    return false;
  });
  return out;
}

/** A pattern with no operator but `.` (which matches itself too): it matches the text it spells. */
const PLAIN_PATTERN = /^[^\\^$*+?()[\]{}|/]+$/;

/** The text a pattern matches when it is plain text once its escapes are read (`position \(20\)` → `position (20)`); null otherwise. */
function patternText(pattern: string): string | null {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "\\") {
      const next = pattern[i + 1];
      if (next === undefined || /[A-Za-z0-9]/.test(next)) return null;
      out += next;
      i++;
    } else if ("^$*+?()[]{}|.".includes(c)) return null;
    else out += c;
  }
  return out;
}

/** A character as a regular-expression escape (`\x7C`), or null past the Basic Multilingual Plane. */
const regexEscape = (c: string) => {
  const n = c.codePointAt(0)!;
  return n <= 0xff ? `\\x${n.toString(16).padStart(2, "0").toUpperCase()}` : n <= 0xffff ? `\\u${n.toString(16).padStart(4, "0").toUpperCase()}` : null;
};

/**
 * An output keeping characters literally that only gold's changed pattern lets through (gaps9's kept-character rule,
 * `keptCharacters`): gold's pattern, where its added lines write it, matches those characters again (`/(?:[\x7C])|(?:…)/g`),
 * so the file's encoder rewrites them as the base did; every other character is matched as gold matches it (cf10).
 */
function keptCharacterMutation(gold: string, raw: string, isTest: (path: string) => boolean, parsed: readonly TParsedFile[], parsedBase: readonly TParsedFile[], alongside: readonly string[] = []): TMutation | null {
  const added = addedRows(gold);
  const editors = new Map<string, TRowEditor>();
  const described: string[] = [];
  for (const base of parsedBase) {
    const file = parsed.find((f) => f.path === base.path);
    const language = languageOf(base.path);
    if (!file || !language || isTest(file.path) || isProse(file.path)) continue;
    let defs: [ReturnType<typeof language.extractDefinitions>, ReturnType<typeof language.extractDefinitions>];
    try {
      defs = [language.extractDefinitions(base), language.extractDefinitions(file)];
    } catch {
      continue;
    }
    const keptBy = (text: string) => keptCharacters(text, defs[0].patterns ?? [], defs[1].patterns ?? [], defs[0].replacers ?? []);
    const kept = keptBy(raw);
    if (!kept) continue;
    // A kept character another expected text of the test's also keeps (the backslash of `http:\\localhost\foo`) is that
    // text's dependency too: only the characters this output alone keeps are matched again (cf11) — every one when
    // it keeps none of its own.
    const shared = new Set(alongside.filter((t) => t !== raw).flatMap((t) => keptBy(t)?.freed ?? []));
    const own = kept.freed.filter((c) => !shared.has(c));
    const freed = own.length > 0 ? own : kept.freed;
    const escapes = freed.map(regexEscape);
    if (escapes.some((e) => e === null)) continue;
    const [pattern, flags] = kept.after;
    const edits = regexLiterals(file)
      .filter((r) => r.pattern === pattern && r.flags === flags && added.get(file.path)?.has(r.row))
      .map((r) => ({ start: r.start, end: r.end, text: `/(?:[${escapes.join("")}])|(?:${pattern})/${flags}` }));
    if (edits.length === 0) continue;
    editors.set(file.path, replacementEditor(file.source, edits));
    described.push(`gold's /${pattern}/${flags} in ${file.path}`);
    const { patch, edits: n } = rewriteAdded(gold, isTest, (seg) => seg.text, editors);
    if (n > 0) return { ok: true, patch, mutation: `${described.join(", ")}: the pattern matches ${freed.join(" ")} again (which the base's pattern rewrote and gold's lets through${freed.length < kept.freed.length ? `; not ${kept.freed.filter((c) => !freed.includes(c)).join(" ")}, which another text of the test's keeps too` : ""})`, edits: n };
  }
  return null;
}

/**
 * How a module's functions are wrapped at its end, each result passed through `open` (wrapperOpen's): Python rebinds
 * each module-level function; an ES module reassigns each exported function declaration's binding (its exports are live
 * bindings, so every importer calls the wrapper; `// @ts-ignore`: a checker such as ts-jest refuses assigning to a
 * function, and the code runs as meant). Null for a CommonJS module (its exports are wrapped elsewhere) or another file.
 */
function functionWrapper(file: TParsedFile): { functions: TSyntaxNode[]; line: (names: string[], open: string) => string } | null {
  if (file.path.endsWith(".py")) {
    return { functions: moduleFunctions(file), line: (names, open) => names.map((n) => `${n} = (lambda __cf_f: __import__("functools").wraps(__cf_f)(lambda *__cf_a, **__cf_k: ${open}__cf_f(*__cf_a, **__cf_k))))(${n})`).join("; ") };
  }
  if (!/\.(c|m)?[jt]sx?$/.test(file.path) || isCommonJs(file.source)) return null;
  const typed = /\.(c|m)?tsx?$/.test(file.path);
  return {
    functions: exportedFunctions(file),
    line: (names, open) => names.map((n) => typed
      ? `{\n  const __cf_f = ${n} as (...a: unknown[]) => unknown;\n  // @ts-ignore\n  ${n} = function (this: unknown, ...__cf_a: unknown[]) { return ${open}__cf_f.apply(this, __cf_a)); };\n}`
      : `{ const __cf_f = ${n}; ${n} = function (...__cf_a) { return ${open}__cf_f.apply(this, __cf_a)); }; }`).join("\n"),
  };
}

/** A JavaScript or TypeScript module's exported function declarations (`export function f`, `export default function f`). */
const exportedFunctions = (file: TParsedFile): TSyntaxNode[] =>
  file.root.children
    .filter((n) => n.type === "export_statement")
    .map((n) => n.children.find((c) => c.type === "function_declaration") ?? null)
    .filter((n): n is TSyntaxNode => n !== null && field(n, "name") !== null);

/** A Python module's top-level function definitions (a decorated one's definition). */
const moduleFunctions = (file: TParsedFile): TSyntaxNode[] =>
  file.root.children
    .map((n) => (n.type === "decorated_definition" ? field(n, "definition") : n))
    .filter((n): n is TSyntaxNode => n?.type === "function_definition");

/**
 * Gold with the work of each module-level Python function it adds (its `def` on an added line) done `runs` times per
 * call: a wrapper appended to the module calls it `runs - 1` times first (an iterator result drained, an iterator argument
 * replayed from a list, so every run sees the same input) and returns the last call's result. Null where gold adds none.
 */
function repeatedWork(gold: string, isTest: (path: string) => boolean, parsed: readonly TParsedFile[], runs: number): TMutation | null {
  const added = addedRows(gold);
  const sections: string[] = [];
  const names: string[] = [];
  for (const file of parsed) {
    if (isTest(file.path) || isProse(file.path) || !file.path.endsWith(".py")) continue;
    const rows = added.get(file.path);
    if (!rows || rows.size === 0) continue;
    const fns = moduleFunctions(file)
      .filter((n) => rows.has(n.row))
      .map((n) => file.source.slice(field(n, "name")!.start, field(n, "name")!.end))
      .filter((n) => !n.startsWith("__cf_"));
    if (fns.length === 0) continue;
    const helper = [
      "def __cf_repeated(__cf_f, __cf_runs):",
      "    @__import__(\"functools\").wraps(__cf_f)",
      "    def __cf_w(*__cf_a, **__cf_k):",
      "        __cf_saved = [list(__cf_x) if hasattr(__cf_x, \"__next__\") and iter(__cf_x) is __cf_x else None for __cf_x in __cf_a]",
      "        __cf_args = lambda: [iter(__cf_s) if __cf_s is not None else __cf_x for __cf_s, __cf_x in zip(__cf_saved, __cf_a)]",
      "        for _ in range(__cf_runs - 1):",
      "            __cf_r = __cf_f(*__cf_args(), **__cf_k)",
      "            if hasattr(__cf_r, \"__next__\"):",
      "                __import__(\"collections\").deque(__cf_r, 0)",
      "        return __cf_f(*__cf_args(), **__cf_k)",
      "    return __cf_w",
      ...fns.map((n) => `${n} = __cf_repeated(${n}, ${runs})`),
    ].join("\n");
    const section = appendedLineDiff(file, helper);
    if (!section) continue;
    sections.push(section);
    names.push(...fns);
  }
  if (sections.length === 0) return null;
  return { ok: true, patch: `${gold.replace(/\n?$/, "\n")}${sections.join("")}`, mutation: `the functions gold adds (${names.join(", ")}) do their work ${runs} times per call (the last result returned): a count of that work exceeds ${runs - 1}`, edits: sections.length };
}

const defaultIsTest = (path: string) => languageOf(path)?.isTestFile(path) ?? false;

/**
 * The names an output made only of quoted identifiers, separators and brackets lists (three or more) that a file of
 * gold's diff defines and the base's text of that file does not (a file gold adds defines none of the base's): in the
 * listing's order. Empty when the output is anything else or lists no name of gold's.
 */
function listedGoldNames(gold: string, value: string, isTest: (path: string) => boolean, parsed: readonly TParsedFile[], parsedBase: readonly TParsedFile[]): string[] {
  const words = listedNames(value);
  if (!words) return [];
  const namesOf = (file: TParsedFile) => {
    try {
      return new Set(languageOf(file.path)?.extractDefinitions(file).names ?? []);
    } catch {
      return new Set<string>();
    }
  };
  const goldOnly = new Set<string>();
  const touched = new Set(splitDiff(gold).map((f) => f.path));
  for (const file of parsed) {
    // A file gold's diff leaves alone is the base's as it is: its names are the base's.
    if (isTest(file.path) || isProse(file.path) || !touched.has(file.path)) continue;
    const base = parsedBase.find((b) => b.path === file.path);
    const before = base ? namesOf(base) : new Set<string>();
    for (const name of namesOf(file)) if (!before.has(name)) goldOnly.add(name);
  }
  return [...new Set(words.filter((w) => goldOnly.has(w)))];
}

/**
 * The dependency to change: its kind, value and comparison, the test file it was extracted from, and the other texts
 * (literals) the audit extracted from that test file (`alongside`): a gold string that holds one of them that is longer
 * than the dependency's text is that one's dependency, left alone (the test file may not be among the parsed trees).
 */
export type TMutationTarget = Pick<TDependency, "kind" | "value" | "match"> & Partial<Pick<TDependency, "owner" | "via">> & { file?: string; alongside?: readonly string[] };

/**
 * Gold with one dependency changed, in gold's added non-test lines only. A name is renamed where it is code —
 * its definition and the references to it, bare or as a member (`this.x`, `exports.x`, `Range.x`) — and never as
 * a member of a built-in or of a package (`Array.from`, `_.from`), in a comment, or in prose; a string that is
 * exactly the name (an `__all__` entry, a key) is the name. A literal changes only inside gold's strings.
 */
export function mutateGold(gold: string, dep: TMutationTarget, isTestFile: (path: string) => boolean = defaultIsTest, parsed: readonly TParsedFile[] = [], parsedBase: readonly TParsedFile[] = []): TMutation {
  // A pytest fixture's producer is the conftest.py that defines it: named like a test, but gold's code where the
  // hidden tests do not ship it (where they do, the fixture is theirs and no finding).
  const isTest = dep.kind === "name" && dep.via === "fixture" ? (path: string) => isTestFile(path) && !/(^|\/)conftest\.py$/.test(path) : isTestFile;
  const argument = dep.kind === "name" ? /^([A-Za-z_$][\w$]*)#(\d+)$/.exec(dep.value) : null;
  if (argument) {
    // `fn#N`: gold adds argument N to fn. Without it fn behaves as if the caller had not passed it.
    const [, owner, n] = argument;
    const added = addedRows(gold);
    const editors = new Map<string, TRowEditor>();
    const reasons: string[] = [];
    for (const file of parsed) {
      if (isTest(file.path) || isProse(file.path)) continue;
      const inserts = droppedArgument(file, owner!, Number(n), added.get(file.path) ?? new Set());
      if (typeof inserts === "string") reasons.push(inserts);
      else if (inserts.length > 0) editors.set(file.path, insertionEditor(file.source, inserts));
    }
    const dropped = editors.size > 0 ? rewriteAdded(gold, isTest, (seg) => seg.text, editors) : null;
    if (dropped && dropped.edits > 0) return { ok: true, patch: dropped.patch, mutation: `${owner}'s argument ${Number(n) + 1} dropped for callers outside gold`, edits: dropped.edits };
    return { ok: false, reason: reasons.find((r) => !r.startsWith("gold adds no")) ?? `gold adds no function ${owner} with an argument ${Number(n) + 1}` };
  }
  // The extractor's owner of a keyword is `fn#kw` (a keyword) or `fn#N` (an option object's position).
  const keywordOwner = dep.kind === "name" && dep.via === "option" && dep.owner ? dep.owner.split("#")[0]! : null;
  if (keywordOwner && /^[A-Za-z_][A-Za-z0-9_]*$/.test(keywordOwner)) {
    // A keyword is one dependency per function: that function alone refuses it (Python; a class's or method's
    // keyword, or none found, is renamed below as any name).
    const py = parsed.filter((f) => f.path.endsWith(".py") && !isTest(f.path) && !isProse(f.path));
    const refused = refusedKeyword(py, keywordOwner, dep.value, addedRows(gold));
    if (refused.sections.length > 0) {
      return { ok: true, patch: `${gold.replace(/\n?$/, "\n")}${refused.sections.join("")}`, mutation: `the keyword ${dep.value} refused by ${refused.owners.join(", ")} to callers outside its package (TypeError; the signature and the package's own calls unchanged)`, edits: refused.sections.length };
    }
  }
  if (dep.kind === "name") {
    const renamed = renamedIdentifier(dep.value, splitDiff(gold).some((f) => f.path.endsWith(".py") && !isTest(f.path)));
    const external = externalBindings(gold);
    const re = new RegExp(`(?<![A-Za-z0-9_$])${escape(dep.value)}(?![A-Za-z0-9_$])`, "g");
    const roots = new Set(splitDiff(gold).flatMap((f) => {
      const parts = f.path.replace(/\.py$/, "").split("/");
      return ["src", "lib"].includes(parts[0]!) && parts.length > 1 ? [parts[0]!, parts[1]!] : [parts[0]!];
    }));
    const editors = new Map(parsed.filter((f) => !isTest(f.path)).map((file) => [file.path, treeRenamer(file, dep.value, renamed, roots)] as const));
    const { patch, edits } = rewriteAdded(gold, isTest, (seg, before) => {
      if (seg.kind === "string") {
        const quote = seg.text[0];
        return seg.text.length >= 2 && (quote === '"' || quote === "'") && seg.text.slice(1, -1) === dep.value ? `${quote}${renamed}${quote}` : seg.text;
      }
      return seg.text.replace(re, (match, offset: number) => {
        const left = (before + seg.text.slice(0, offset)).match(/([A-Za-z_$][\w$]*)\s*\??\.\s*$/);
        if (left && (BUILTINS.has(left[1]!) || external.has(left[1]!))) return match;
        // A bare name a package binds (`import { from } from "rxjs"`) is the package's.
        if (!left && external.has(dep.value)) return match;
        return renamed;
      });
    }, editors);
    return edits > 0 ? { ok: true, patch, mutation: `${dep.value} → ${renamed}`, edits } : { ok: false, reason: `gold's non-test code never writes ${dep.value}` };
  }
  if (dep.kind === "literal") {
    const raw = dep.value;
    // A docstring that shows the literal is prose: the literal is changed at its producer, never there.
    const docs = new Map(parsed.filter((f) => !isTest(f.path)).map((f) => [f.path, docstringRows(f)] as const));
    // Where gold's file is parsed, the tree says what is string text (never a docstring, never an f-string's `{…}`
    // code): the lexer over the diff loses a triple quote opened on a removed line. Elsewhere the lexer.
    const codeFiles = parsed.filter((f) => !isTest(f.path));
    const inStrings = (edit: (text: string) => string, quoted = false) => rewriteAdded(gold, isTest, (seg, before, path, row) => {
      if (seg.kind !== "string" || docs.get(path)?.has(row)) return seg.text;
      if (!(path.endsWith(".py") && /(?<![A-Za-z0-9_])(?:[fF][rRbB]?|[rRbB][fF])$/.test(before))) return edit(seg.text);
      return seg.text.split(/(\{\{|\}\}|\{[^{}]*\})/).map((piece, i) => (i % 2 === 1 ? piece : edit(piece))).join("");
    }, quoted ? undefined : new Map(codeFiles.map((f) => [f.path, treeStringEditor(f, edit)] as const)));
    // Each producing expression of gold's added code wrapped, so its result changes only where it is (or holds) `text`.
    // A result holding a longer text the test file also compares (`… --bar (alias for --realbar)` around `… --bar`)
    // is that text's dependency: it stays.
    const atProducers = (text: string, contains: boolean) => {
      const added = addedRows(gold);
      const editors = new Map<string, TRowEditor>();
      const spared = contains ? [...new Set((dep.alongside ?? []).filter((t) => t.length > text.length && t.includes(text)))] : [];
      for (const file of parsed) {
        if (isTest(file.path)) continue;
        const inserts = producerWrappers(file, text, contains, added.get(file.path) ?? new Set(), spared);
        if (inserts.length > 0) editors.set(file.path, insertionEditor(file.source, inserts));
      }
      const wrapped = editors.size > 0 ? rewriteAdded(gold, isTest, (seg) => seg.text, editors) : null;
      const leftAlone = spared.length > 0 ? ` (not where it holds a longer text the tests compare: ${spared.map((t) => JSON.stringify(t)).join(", ")})` : "";
      return wrapped && wrapped.edits > 0 ? { ...wrapped, leftAlone } : null;
    };
    // An output holding a digest that only a hash gold adds writes (gaps9's rule): that hash, in gold's added lines, takes
    // an algorithm of another size, so the digest it writes changes; the base's hashes and the constants stay (cf9).
    if (dep.match !== "regex") {
      const hashed = digestMutation(gold, raw, isTest, codeFiles);
      if (hashed) return hashed;
      // An output keeping a character only gold's changed pattern lets through: that pattern matches it again (cf10).
      const kept = keptCharacterMutation(gold, raw, isTest, codeFiles, parsedBase, dep.alongside);
      if (kept) return kept;
    }
    if (dep.match !== "regex" && raw.length > 0 && !/^-?[0-9][0-9.]*$/.test(raw)) {
      const alt = changedLiteral(raw, dep.match === "contains");
      const direct = inStrings((text) => text.split(raw).join(alt));
      if (direct.edits > 0) return { ok: true, patch: direct.patch, mutation: `"${raw}" → "${alt}"`, edits: direct.edits };
      // An output holding JSON text (`foo=%7B%22bar%22%3A1%7D`) that a JavaScript `JSON.stringify` gold adds writes: that
      // serializer's output gets a "~", so what it makes differs and a caller's own serializer is left alone (gaps7).
      if (jsonTextOf(raw) !== null) {
        const serializer = /(?<![\w$.])JSON\.stringify(?![\w$])/g;
        const changed = rewriteAdded(gold, isTest, (seg, _before, path) => (seg.kind === "code" && !path.endsWith(".py") ? seg.text.replace(serializer, '((...__cf_a) => JSON.stringify(...__cf_a) + "~")') : seg.text));
        if (changed.edits > 0) return { ok: true, patch: changed.patch, mutation: 'the JSON.stringify gold adds, its output + "~"', edits: changed.edits };
      }
      // A name the test hands in as a string (a style, an option value) that gold writes as an object's key
      // (`empty: function () …`, `empty() {…}`): the key is the literal's producer.
      if (dep.match !== "contains" && /^[A-Za-z_$][\w$]*$/.test(raw)) {
        const added = addedRows(gold);
        const editors = new Map<string, TRowEditor>();
        for (const file of parsed) {
          if (isTest(file.path) || isProse(file.path) || file.path.endsWith(".py")) continue;
          const inserts = keyEdits(file, raw, JSON.stringify(alt), added.get(file.path) ?? new Set());
          if (inserts.length > 0) editors.set(file.path, replacementEditor(file.source, inserts));
        }
        const keyed = editors.size > 0 ? rewriteAdded(gold, isTest, (seg) => seg.text, editors) : null;
        if (keyed && keyed.edits > 0) return { ok: true, patch: keyed.patch, mutation: `the key ${raw} → "${alt}"`, edits: keyed.edits };
      }
      // A date-time whose UTC offset only a time zone gold names writes (the analyzer's offset rule): gold's zoned
      // date-time is made naive where gold makes it, so the output keeps its digits and loses the offset (Python).
      if (DATE_TIME_WITH_OFFSET.test(raw)) {
        const added = addedRows(gold);
        const editors = new Map<string, TRowEditor>();
        for (const file of parsed) {
          if (isTest(file.path) || isProse(file.path) || !file.path.endsWith(".py")) continue;
          const inserts = timeZoneEdits(file, added.get(file.path) ?? new Set());
          if (inserts.length > 0) editors.set(file.path, insertionEditor(file.source, inserts));
        }
        const naive = editors.size > 0 ? rewriteAdded(gold, isTest, (seg) => seg.text, editors) : null;
        if (naive && naive.edits > 0) return { ok: true, patch: naive.patch, mutation: `the time zone gold's date-time is made in, dropped there (.replace(tzinfo=None)): "${raw}" loses its offset`, edits: naive.edits };
      }
      // Made by a template (or helper) shared with other outputs: its result changes only when it is the literal.
      // An expected template written with placeholders (`${key}`) is a shape, not a value: its words are changed below.
      const wrapped = /\$\{[^}]*\}/.test(raw) ? null : atProducers(raw, dep.match === "contains");
      if (wrapped) return { ok: true, patch: wrapped.patch, mutation: `the producer's result, where it ${dep.match === "contains" ? "holds" : "is"} "${raw}": → "${alt}"${wrapped.leftAlone}`, edits: wrapped.edits };
    }
    if (dep.match !== "regex" && /^-?[0-9][0-9.]*$/.test(raw)) {
      const re = new RegExp(`(?<![A-Za-z0-9_.])${escape(raw)}(?![A-Za-z0-9_.])`, "g");
      const changed = String(Number(raw) + 1);
      const n = rewriteAdded(gold, isTest, (seg) => (seg.kind === "code" ? seg.text.replace(re, changed) : seg.kind === "string" && seg.text.slice(1, -1) === raw ? seg.text.replace(raw, changed) : seg.text));
      if (n.edits > 0) return { ok: true, patch: n.patch, mutation: `${raw} → ${changed}`, edits: n.edits };
    }
    // A pattern of plain text (`/argument credentials is required/`) is a message gold writes whole: its text is changed
    // inside the strings of gold's that hold it, except a string that also holds a longer pattern the same test matches
    // (`/… is required to have name and pass properties/`: that message is the longer pattern's dependency). A word it
    // shares with other messages ("credentials") stays, so only the messages this pattern alone matches change.
    if (dep.match === "regex" && PLAIN_PATTERN.test(raw) && /\s/.test(raw)) {
      const texts = [
        ...parsed.filter((f) => isTest(f.path) || f.path === dep.file).flatMap(regexLiterals).map((r) => r.pattern).filter((p) => PLAIN_PATTERN.test(p)),
        ...(dep.alongside ?? []),
      ].filter((p) => p !== raw && p !== "");
      const longer = new Set(texts.filter((p) => p.includes(raw)));
      // The mark goes where it splits no shorter expected text the pattern holds (`… is required` inside `… is required
      // to have name and pass properties`), so the shorter pattern still matches the longer message.
      const spans = texts.filter((p) => raw.includes(p)).flatMap((p) => [...raw.matchAll(new RegExp(escape(p), "g"))].map((m) => [m.index!, m.index! + p.length] as const));
      const at = Array.from({ length: raw.length - 1 }, (_, i) => i + 1).find((i) => !spans.some(([a, b]) => a < i && i < b)) ?? 1;
      const alt = `${raw.slice(0, at)}~${raw.slice(at)}`;
      const { patch, edits } = inStrings((text) => (text.includes(raw) && ![...longer].some((l) => text.includes(l)) ? text.split(raw).join(alt) : text));
      if (edits > 0) return { ok: true, patch, mutation: `"${raw}" → "${alt}" in the strings that write it${longer.size ? ` (not where a longer pattern of the test's is written: ${[...longer].map((l) => JSON.stringify(l)).join(", ")})` : ""}`, edits };
    }
    // A pattern that is plain text once its escapes are read (`Received: Unknown document position \(20\)`): the text
    // it asks the output to hold, changed where the producer's result holds it, as a `contains` literal is — so the
    // template's other values (`(10)`) stay (jest-dom-to-appear-before-after, held-out 19).
    const text = dep.match === "regex" ? patternText(raw) : null;
    const atPattern = text && /\s/.test(text) ? atProducers(text, true) : null;
    if (text && atPattern) return { ok: true, patch: atPattern.patch, mutation: `the producer's result, where it holds "${text}": → "${changedLiteral(text, true)}"${atPattern.leftAlone}`, edits: atPattern.edits };
    // A message built from a template, or a pattern: change a word of it where gold's strings write it — inside the
    // word, so a pattern or a `contains` comparison that ends with it no longer matches either. The word of the string
    // that writes most of the message's words goes first, then the word fewest strings write, then the longest: a
    // word every message shares ("Received: ${…}") would change the other messages too, where "Unknown document
    // position" is this message's own (jest-dom-to-appear-before-after, held-out 19).
    const all = [...new Set(raw.match(/[A-Za-z]{3,}/g) ?? [])];
    const wordIn = (word: string, flags = "") => new RegExp(`(?<![A-Za-z])${escape(word)}(?![A-Za-z])`, flags);
    const words = all.map((word) => {
      const alt = `${word.slice(0, 1)}~${word.slice(1)}`;
      let own = 0;
      const edit = inStrings((text) => {
        if (wordIn(word).test(text)) own = Math.max(own, all.filter((w) => wordIn(w).test(text)).length);
        return text.replace(wordIn(word, "g"), alt);
      });
      return { word, alt, own, ...edit };
    });
    const written = words.filter((w) => w.edits > 0).sort((a, b) => b.own - a.own || a.edits - b.edits || b.word.length - a.word.length);
    if (written[0]) return { ok: true, patch: written[0].patch, mutation: `"${written[0].word}" → "${written[0].alt}" in the message`, edits: written[0].edits };
    // (Read with its quotes: the lexer's string segments, not the tree's text pieces.)
    // A piece of a concatenated output (`] } ]`: gold's `{ [object global] }` closes with `] }`, the base's array
    // brackets add ` ]`): change the longest overlap of a string gold writes with the piece's start or end.
    const overlap = (inner: string) => {
      let best = 0;
      for (let k = Math.min(inner.length, raw.length); k >= 2 && best === 0; k--) {
        if (raw.slice(0, k).trim().length >= 2 && inner.endsWith(raw.slice(0, k))) best = k;
        else if (raw.slice(-k).trim().length >= 2 && inner.startsWith(raw.slice(-k))) best = -k;
      }
      return best;
    };
    if (raw.trim().length >= 2 && !/[A-Za-z0-9]/.test(raw)) {
      const { patch, edits } = inStrings((text) => {
        const q = text[0];
        if (!q || !`'"\``.includes(q) || text.length < 2) return text;
        const inner = text.slice(1, -1);
        const k = overlap(inner);
        if (k > 0) return `${q}${inner}~${q}`;
        if (k < 0) return `${q}~${inner}${q}`;
        return text;
      }, true);
      if (edits > 0) return { ok: true, patch, mutation: `the text gold writes at ${JSON.stringify(raw)}'s edge, changed`, edits };
    }
    // A name the test reads from a signature gold changes (`inspect.signature(fn).parameters`, compared as strings): its
    // producer is the parameter gold adds. Renamed in gold's functions and gold's calls of them, so the signature differs;
    // each module-level one is wrapped at the module's end to take the old keyword still, so a test that passes it (a
    // dependency of its own) keeps working and only what reads the signature's names sees another name.
    if (dep.match !== "regex" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(raw)) {
      const py = parsed.filter((f) => f.path.endsWith(".py") && !isTest(f.path) && !isProse(f.path));
      const renamed = renamedIdentifier(raw, true);
      const found = py.length > 0 ? parameterRenames(py, raw, renamed, addedRows(gold)) : null;
      if (found) {
        const editors = new Map([...found.edits].map(([file, edits]) => [file, replacementEditor(py.find((f) => f.path === file)!.source, edits)] as const));
        const renamedGold = rewriteAdded(gold, isTest, (seg) => seg.text, editors);
        const sections = [...found.owners].flatMap(([file, fns]) => {
          const line = fns.map((fn) => `${fn} = (lambda __cf_f: __import__("functools").wraps(__cf_f)(lambda *__cf_a, **__cf_k: __cf_f(*__cf_a, **{(${JSON.stringify(renamed)} if __cf_n == ${JSON.stringify(raw)} else __cf_n): __cf_v for __cf_n, __cf_v in __cf_k.items()})))(${fn})`).join("; ");
          // The appended section's context is the file as renamed (its last lines may be gold's, renamed).
          const parsedFile = py.find((f) => f.path === file)!;
          const source = [...(found.edits.get(file) ?? [])].sort((a, b) => b.start - a.start).reduce((s, e) => s.slice(0, e.start) + e.text + s.slice(e.end), parsedFile.source);
          const section = appendedLineDiff({ ...parsedFile, source }, line);
          return section ? [section] : [];
        });
        if (renamedGold.edits > 0) {
          const patch = sections.length > 0 ? `${renamedGold.patch.replace(/\n?$/, "\n")}${sections.join("")}` : renamedGold.patch;
          const owners = [...new Set([...found.owners.values()].flat())];
          return { ok: true, patch, mutation: `the parameter gold adds, ${raw} → ${renamed}${owners.length > 0 ? ` in ${owners.join(", ")} (the old keyword still taken from outside callers)` : ""}`, edits: renamedGold.edits + sections.length };
        }
      }
    }
    // The test's own inputs joined by a separator gold adds (`[name, ...alias].join(", ")`): the separator is gold's,
    // so it is changed at the join calls gold adds, and only there (branch cf7).
    if (dep.match !== "regex" && raw.length > 0) {
      const added = addedRows(gold);
      const editors = new Map<string, TRowEditor>();
      const seps = new Set<string>();
      for (const file of parsed) {
        if (isTest(file.path) || isProse(file.path)) continue;
        const edits = joinSeparatorEdits(file, raw, added.get(file.path) ?? new Set());
        if (edits.length === 0) continue;
        editors.set(file.path, replacementEditor(file.source, edits));
        for (const e of edits) seps.add(e.sep);
      }
      const joined = editors.size > 0 ? rewriteAdded(gold, isTest, (seg) => seg.text, editors) : null;
      if (joined && joined.edits > 0) return { ok: true, patch: joined.patch, mutation: `the separator of the join calls gold adds, ${[...seps].map((sep) => `${JSON.stringify(sep)} → ${JSON.stringify(changedLiteral(sep, true))}`).join(", ")}`, edits: joined.edits };
    }
    // Made by the test's own callback from an argument gold adds to its call of it: changed at that call.
    if (dep.match !== "regex" && raw.length > 0) {
      const added = addedRows(gold);
      const removedBy = new Map(splitDiff(gold).map((f) => [f.path, f.lines.filter((l) => l.startsWith("-") && !l.startsWith("---")).map((l) => l.slice(1))] as const));
      const editors = new Map<string, TRowEditor>();
      const described: string[] = [];
      for (const file of parsed) {
        if (isTest(file.path) || isProse(file.path)) continue;
        const found = callbackArguments(file, removedBy.get(file.path) ?? [], added.get(file.path) ?? new Set());
        if (found.inserts.length === 0) continue;
        editors.set(file.path, insertionEditor(file.source, found.inserts));
        described.push(...found.described);
      }
      const changed = editors.size > 0 ? rewriteAdded(gold, isTest, (seg) => seg.text, editors) : null;
      if (changed && changed.edits > 0) return { ok: true, patch: changed.patch, mutation: `${[...new Set(described)].join(", ")}, changed (a string gets "~", a number 1 more)`, edits: changed.edits };
    }
    // Computed by a function gold adds, written by none of its strings: changed where gold's functions return it.
    if (dep.match !== "regex" && raw.length > 0 && !/\$\{[^}]*\}/.test(raw) && !/^-?[0-9][0-9.]*$/.test(raw)) {
      const added = addedRows(gold);
      const editors = new Map<string, TRowEditor>();
      for (const file of parsed) {
        if (isTest(file.path) || isProse(file.path)) continue;
        const inserts = returnWrappers(file, raw, dep.match === "contains", added.get(file.path) ?? new Set());
        if (inserts.length > 0) editors.set(file.path, insertionEditor(file.source, inserts));
      }
      const wrapped = editors.size > 0 ? rewriteAdded(gold, isTest, (seg) => seg.text, editors) : null;
      const alt = changedLiteral(raw, dep.match === "contains");
      if (wrapped && wrapped.edits > 0) return { ok: true, patch: wrapped.patch, mutation: `what gold's functions return, where it ${dep.match === "contains" ? "holds" : "is"} "${raw}": → "${alt}"`, edits: wrapped.edits };
    }
    // Computed by a function gold changes and handed out at a return gold leaves as it was (humanize's intcomma formats
    // with gold's "{0:.{1}f}" and returns through the base's `return new`; change-case's title-case, where gold changes
    // a pattern and no return): each such function whose lines gold's diff touches — a Python module-level function, an
    // ES module's exported function declaration — is wrapped at the module's end, so its result changes only where it
    // is the literal (a recursive call goes through the wrapper too; the outermost result then no longer equals it).
    if (dep.match !== "regex" && raw.length > 0 && !/\$\{[^}]*\}/.test(raw) && !/^-?[0-9][0-9.]*$/.test(raw)) {
      const added = addedRows(gold);
      const sections: string[] = [];
      for (const file of parsed) {
        const wrapper = isTest(file.path) || isProse(file.path) ? null : functionWrapper(file);
        const rows = added.get(file.path);
        if (!wrapper || !rows || rows.size === 0) continue;
        const names = wrapper.functions
          .filter((n) => [...rows].some((r) => r >= n.row && r <= rowOf(file.source, n.end)))
          .map((n) => file.source.slice(field(n, "name")!.start, field(n, "name")!.end));
        if (names.length === 0) continue;
        const section = appendedLineDiff(file, wrapper.line(names, wrapperOpen(file.path, raw, dep.match === "contains")));
        if (section) sections.push(section);
      }
      if (sections.length > 0) {
        const patch = `${gold.replace(/\n?$/, "\n")}${sections.join("")}`;
        return { ok: true, patch, mutation: `what the functions gold changes return, where it ${dep.match === "contains" ? "holds" : "is"} "${raw}": → "${changedLiteral(raw, dep.match === "contains")}"`, edits: sections.length };
      }
    }
    // Computed by the base's code from what gold changes (mime-types' lookup picks video/mp4 once gold's scores say so):
    // changed where the base's CommonJS modules that gold's diff leaves alone hand it out — the results of their
    // exported functions — never at an inner return (the base's own helpers return the value as a key it looks up).
    if (dep.match !== "regex" && raw.length > 0 && !/\$\{[^}]*\}/.test(raw) && !/^-?[0-9][0-9.]*$/.test(raw)) {
      const touched = new Set(splitDiff(gold).map((f) => f.path));
      const sections = parsed
        .filter((f) => !touched.has(f.path) && !isTest(f.path) && !isProse(f.path) && /\.c?js$/.test(f.path) && isCommonJs(f.source))
        .map((f) => appendedLineDiff(f, exportsWrapper(raw, dep.match === "contains")))
        .filter((d): d is string => d !== null);
      if (sections.length > 0) {
        const patch = `${gold.replace(/\n?$/, "\n")}${sections.join("")}`;
        return { ok: true, patch, mutation: `what the base's exported functions return, where it ${dep.match === "contains" ? "holds" : "is"} "${raw}": → "${changedLiteral(raw, dep.match === "contains")}"`, edits: sections.length };
      }
    }
    // A whole number no text of gold's writes, which gold's behaviour counts (how often the function gold adds calls the
    // test's own code: powerset-of-sets' `hash_count <= 14`): the work of each module-level Python function gold adds is
    // done raw + 1 times, its last result returned, an iterator argument replayed from a list, so any count of that work
    // exceeds the number and what the function gives stays (cf10). A number it does not count leaves the probes passing.
    if (/^[0-9]+$/.test(raw) && Number(raw) <= 1000) {
      const repeated = repeatedWork(gold, isTest, parsed, Number(raw) + 1);
      if (repeated) return repeated;
    }
    if (/^-?[0-9]+(\.[0-9]+)?$/.test(raw)) {
      const results = classResults(gold, isTest, parsed, Number(raw));
      if (results) return results;
    }
    if (/^-?[0-9][0-9.]*$/.test(raw)) {
      return { ok: false, reason: `gold's non-test code never writes the number ${raw}, and a number is changed only where gold writes it: one that gold's behaviour produces (a count of its calls, a size) has no text to change` };
    }
    // An output listing the module's names as quoted strings (an inline snapshot of `Object.keys(mod)`; gaps10's names
    // listing), some of them names only gold defines: its producer is gold's definition of them. The first such name
    // is renamed (its definition and references, as a name dependency is), so the listing differs and every value the
    // module gives stays gold's (cf11).
    const listing = dep.match !== "regex" ? listedGoldNames(gold, raw, isTest, parsed, parsedBase) : [];
    for (const name of listing) {
      const renamed = mutateGold(gold, { kind: "name", value: name, match: null }, isTest, parsed, parsedBase);
      if (renamed.ok) return { ...renamed, mutation: `the output lists ${listing.join(", ")}, which only gold defines: ${renamed.mutation}` };
    }
    return { ok: false, reason: `gold's non-test code never writes the literal ${JSON.stringify(dep.value)}` };
  }
  return movedModule(gold, dep.value, dep.file ?? null, isTest);
}

const MODULE_SUFFIXES = ["", ".js", ".ts", ".mjs", ".cjs", ".jsx", ".tsx", ".mts", ".cts", "/index.js", "/index.ts"];

/** `a/b` joined with a relative specifier (`../c`), normalized; null when it climbs out of the repository. */
function joinRelative(dir: string, spec: string): string | null {
  const parts = dir === "" || dir === "." ? [] : dir.split("/");
  for (const piece of spec.split("/")) {
    if (piece === "" || piece === ".") continue;
    if (piece === "..") { if (parts.length === 0) return null; parts.pop(); } else parts.push(piece);
  }
  return parts.join("/");
}

const dirOf = (p: string) => (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "");

/**
 * A module path the test imports and gold adds (uuid's `../../src/max.js`): gold with that file at another path
 * (`max_alt.js`) and gold's own code importing it from there, so only what imports the path itself breaks.
 */
function movedModule(gold: string, spec: string, testFile: string | null, isTest: (path: string) => boolean): TMutation {
  const sections = splitDiff(gold);
  const addedFiles = new Set(sections.filter((f) => f.lines.some((l) => l.startsWith("new file mode")) || f.lines.includes("--- /dev/null")).map((f) => f.path));
  if (testFile?.endsWith(".py") && PYTHON_DOTTED.test(spec)) return movedPythonModule(gold, spec, addedFiles, isTest);
  if (!testFile || !spec.startsWith(".")) return { ok: false, reason: `a package path (${spec}) has no counterfactual: gold does not write it` };
  const resolved = joinRelative(dirOf(testFile), spec);
  const target = resolved === null ? undefined : MODULE_SUFFIXES.map((x) => `${resolved}${x}`).find((p) => addedFiles.has(p));
  if (!target) return { ok: false, reason: `gold adds no module at ${spec} (from ${testFile})` };
  if (/\/index\.[^/]+$/.test(target) && !resolved!.endsWith("/index") && resolved !== target) return { ok: false, reason: `${spec} names a folder (${target}): moving its index has no counterfactual` };
  const slash = target.lastIndexOf("/") + 1;
  const dot = target.lastIndexOf(".");
  const ext = dot >= slash ? target.slice(dot) : "";
  const stem = target.slice(slash, target.length - ext.length);
  const movedStem = renamedIdentifier(stem, true);
  const moved = `${target.slice(0, slash)}${movedStem}${ext}`;
  // Gold's own imports of the module (`./max.js`, or `./max` without its extension), in its non-test code, follow it.
  const { patch } = rewriteAdded(gold, isTest, (seg, _before, path) => {
    if (seg.kind !== "string" || seg.text.length < 3) return seg.text;
    const q = seg.text[0]!;
    const inner = seg.text.slice(1, -1);
    if (!`'"\``.includes(q) || !inner.startsWith(".")) return seg.text;
    const to = joinRelative(dirOf(path), inner);
    if (to === target) return `${q}${inner.slice(0, inner.length - stem.length - ext.length)}${movedStem}${ext}${q}`;
    if (to !== null && to === target.slice(0, target.length - ext.length)) return `${q}${inner.slice(0, inner.length - stem.length)}${movedStem}${q}`;
    return seg.text;
  });
  const header = (p: string) => [`diff --git a/${p} b/${p}`, `+++ b/${p}`];
  const [fromDiff, fromPlus] = header(target);
  const out = patch.split("\n").map((l) => (l === fromDiff ? `diff --git a/${moved} b/${moved}` : l === fromPlus ? `+++ b/${moved}` : l)).join("\n");
  return { ok: true, patch: out, mutation: `${target} moved to ${moved}`, edits: 1 };
}

const PYTHON_DOTTED = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$/;

/**
 * A Python module the test imports by its dotted path and gold adds (pluggy's `pluggy._compat`, gold's
 * src/pluggy/_compat.py): gold with the module at another name (`_compat_cf.py`) and gold's own imports of it following
 * it (`from ._compat import x`, `from . import _compat`, `pluggy._compat`), so only what imports the path itself breaks.
 */
function movedPythonModule(gold: string, spec: string, addedFiles: ReadonlySet<string>, isTest: (path: string) => boolean): TMutation {
  const rel = spec.replace(/\./g, "/");
  const target = [...addedFiles].find((p) => p === `${rel}.py` || p.endsWith(`/${rel}.py`));
  if (!target) {
    const folder = [...addedFiles].some((p) => p === `${rel}/__init__.py` || p.endsWith(`/${rel}/__init__.py`));
    return { ok: false, reason: folder ? `${spec} names a package folder: moving it has no counterfactual` : `gold adds no module ${spec}` };
  }
  const stem = rel.slice(rel.lastIndexOf("/") + 1);
  const movedStem = renamedIdentifier(stem, true);
  const moved = `${dirOf(target)}/${movedStem}.py`.replace(/^\//, "");
  const movedSpec = `${spec.slice(0, spec.length - stem.length)}${movedStem}`;
  // Import statements only, line by line over gold's added lines (a docstring that names the module stays as it is;
  // the lexer's string state is unreliable inside a hunk that opens mid-docstring).
  const absolute = new RegExp(`^(\\s*(?:from|import)\\s+)${escape(spec)}(?=[\\s.]|$)`);
  const relative = new RegExp(`^(\\s*from\\s+\\.)${escape(stem)}(?=\\s)`);
  const sibling = new RegExp(`^(\\s*from\\s+\\.\\s+import\\s+.*?)(?<![\\w.])${escape(stem)}(?![\\w])(?!\\s+as\\b)`);
  let file = "";
  const patch = gold.split("\n").map((line) => {
    if (line.startsWith("+++ b/")) file = line.slice(6);
    if (!line.startsWith("+") || line.startsWith("+++") || !file.endsWith(".py") || isTest(file)) return line;
    let text = line.slice(1).replace(absolute, `$1${movedSpec}`);
    if (dirOf(file) === dirOf(target)) text = text.replace(relative, `$1${movedStem}`).replace(sibling, `$1${movedStem} as ${stem}`);
    return `+${text}`;
  }).join("\n");
  const out = patch.split("\n").map((l) => (l === `diff --git a/${target} b/${target}` ? `diff --git a/${moved} b/${moved}` : l === `+++ b/${target}` ? `+++ b/${moved}` : l)).join("\n");
  return { ok: true, patch: out, mutation: `${target} moved to ${moved} (gold's own imports follow it)`, edits: 1 };
}

/** Probes that did not pass: failed, errored, skipped or missing (a unit that no longer loads). */
export function counterfactualOutcome(predicted: readonly string[], failed: readonly string[], allProbes?: readonly string[]): TCounterfactualOutcome {
  return judgeCounterfactual(predicted, failed, allProbes).outcome;
}

/**
 * The verdict with its reason. When every probe of the suite fails although fewer were predicted, the change
 * broke the build rather than the dependency: an error, not evidence either way.
 */
export function judgeCounterfactual(predicted: readonly string[], failed: readonly string[], allProbes?: readonly string[]): { outcome: TCounterfactualOutcome; reason: string } {
  const expected = new Set(predicted);
  if (failed.length === 0) return { outcome: "refuted", reason: "no probe failed: the tests do not need this exact name or literal" };
  if (allProbes && allProbes.length > 0 && allProbes.every((p) => failed.includes(p)) && !allProbes.every((p) => expected.has(p))) {
    return { outcome: "error", reason: `every probe failed (${failed.length}), more than the ${predicted.length} predicted: the counterfactual does not build, so it says nothing about the dependency` };
  }
  if (failed.every((p) => expected.has(p))) return { outcome: "confirmed", reason: `${failed.length} of the ${predicted.length} predicted probes failed, and no other` };
  return { outcome: "wider", reason: `${failed.filter((p) => !expected.has(p)).length} probes beyond the ${predicted.length} predicted failed` };
}

/**
 * Over finished counterfactuals: measured precision — confirmed among confirmed or refuted (a wider run or an
 * error proves neither) — and blast-radius accuracy over the decided ones.
 */
export function counterfactualSummary(rows: readonly { outcome: string | null; predicted: readonly string[]; failed: readonly string[] }[]) {
  const decided = rows.filter((r) => r.outcome === "confirmed" || r.outcome === "refuted");
  const confirmed = decided.filter((r) => r.outcome === "confirmed");
  const predicted = decided.reduce((n, r) => n + r.predicted.length, 0);
  const failedOfPredicted = decided.reduce((n, r) => n + r.failed.filter((p) => r.predicted.includes(p)).length, 0);
  return {
    decided: decided.length,
    confirmed: confirmed.length,
    errors: rows.filter((r) => r.outcome === "error").length,
    precision: decided.length === 0 ? null : confirmed.length / decided.length,
    /** Share of the predicted probes that really failed. */
    blastRadiusAccuracy: predicted === 0 ? null : failedOfPredicted / predicted,
  };
}
