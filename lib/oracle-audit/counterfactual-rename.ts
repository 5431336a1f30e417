// Pure: a name renamed where gold's added lines write it as code (its definition and references, never a built-in's or
// a package's member of the same spelling), the names an output lists that only gold defines, and a module the test
// imports moved to another path with gold's own imports following it.
import { rowsOf } from "@/lib/syntax/rows";
import { escape, isProse, rewriteAdded, splitDiff, type TMutation, type TRowEditor } from "./counterfactual-diff";
import { listedNames } from "./formats";
import { languageOf } from "./languages";
import { field, walk } from "./syntax";
import type { TParsedFile, TSyntaxNode } from "./types";

// Members of these never are gold's definitions: built-in objects and standard modules.
export const BUILTINS = new Set([
  "Object", "Array", "JSON", "Math", "Number", "String", "Boolean", "Promise", "Reflect", "Symbol", "Date", "RegExp", "Error", "TypeError", "RangeError",
  "Map", "Set", "WeakMap", "WeakSet", "BigInt", "Buffer", "process", "console", "globalThis", "window", "document", "Intl", "URL", "URLSearchParams", "Atomics", "Proxy",
  "os", "sys", "re", "json", "str", "dict", "list", "tuple", "set", "int", "float", "bytes", "math", "itertools", "functools", "collections", "typing", "datetime", "time",
  "pathlib", "shutil", "subprocess", "logging", "string", "textwrap", "inspect", "enum", "abc", "io", "fs", "path", "util", "assert", "crypto", "http", "https", "events", "stream", "child_process",
]);

/** Names a file of the diff binds to a package outside the repository (`const _ = require("lodash")`, `import numpy as np`). */
export function externalBindings(diff: string): Set<string> {
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
export function treeRenamer(file: TParsedFile, name: string, renamed: string, localRoots: ReadonlySet<string>): TRowEditor {
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
  const rows = rowsOf(source);
  const byRow = new Map<number, number[]>();
  for (const offset of hits) {
    const row = rows.rowOf(offset);
    byRow.set(row, [...(byRow.get(row) ?? []), offset - rows.starts[row]!]);
  }
  return (row, body) => {
    const cols = (byRow.get(row) ?? []).sort((a, b) => b - a);
    let out = body;
    for (const col of cols) if (out.slice(col, col + name.length) === name) out = out.slice(0, col) + renamed + out.slice(col + name.length);
    return out;
  };
}

/** A name an agent might have chosen instead, in the dependency's own case convention. */
export function renamedIdentifier(name: string, python = false): string {
  if (/^[A-Z0-9_]+$/.test(name)) return `${name}_ALT`;
  if (name.includes("_") || (python && /^[a-z0-9]+$/.test(name))) return `${name}_alt`;
  return `${name}Alt`;
}

/**
 * The names an output made only of quoted identifiers, separators and brackets lists (three or more) that a file of
 * gold's diff defines and the base's text of that file does not (a file gold adds defines none of the base's): in the
 * listing's order. Empty when the output is anything else or lists no name of gold's.
 */
export function listedGoldNames(gold: string, value: string, isTest: (path: string) => boolean, parsed: readonly TParsedFile[], parsedBase: readonly TParsedFile[]): string[] {
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
export function movedModule(gold: string, spec: string, testFile: string | null, isTest: (path: string) => boolean): TMutation {
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
