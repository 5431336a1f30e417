// Pure: a literal changed at the result that produces it rather than where it is written: a template's expression, a
// return, a module's (exported) functions, a class's methods, wrapped so that only a value that is (or holds) the literal
// changes; and the work of a Python function gold adds done once more than a count.
import { addedRows, appendedLineDiff, changedLiteral, docstringRows, escape, isProse, rowOf, type TMutation } from "./counterfactual-diff";
import { field, textOf, walk } from "./syntax";
import type { TParsedFile, TSyntaxNode } from "./types";

/**
 * Gold with the result of every method of each JavaScript or TypeScript class whose body gold's diff touches changed
 * where it is the number `n` (to n + 1): pure-rand's jump, added to the base's MersenneTwister, changes the state the
 * base's own `next()` draws from, so the outputs the test compares are written by no text of gold's. Wrapped at the
 * module's end, one output differs and every other stays. Null where gold touches no class.
 */
export function classResults(gold: string, isTest: (path: string) => boolean, parsed: readonly TParsedFile[], n: number): TMutation | null {
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
      .map((c) => textOf(file.source, field(c, "name")!));
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

/** One line, appended to a CommonJS module, that wraps each function it exports so its result changes where it is (or holds) the literal. */
export function exportsWrapper(literal: string, contains: boolean): string {
  const value = JSON.stringify(literal);
  const changed = JSON.stringify(changedLiteral(literal, contains));
  const change = contains
    ? `typeof __cf_value === "string" ? __cf_value.split(${value}).join(${changed}) : __cf_value`
    : `__cf_value === ${value} ? ${changed} : __cf_value`;
  return `;(function (__cf_exports) { if (!__cf_exports || typeof __cf_exports !== "object") return; Object.keys(__cf_exports).forEach(function (__cf_key) { var __cf_fn = __cf_exports[__cf_key]; if (typeof __cf_fn !== "function") return; __cf_exports[__cf_key] = function () { var __cf_value = __cf_fn.apply(this, arguments); return ${change}; }; }); })(module.exports);`;
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
export function producerWrappers(file: TParsedFile, literal: string, contains: boolean, added: ReadonlySet<number>, spared: readonly string[] = []): { offset: number; text: string }[] {
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
export function wrapperOpen(path: string, literal: string, contains: boolean, spared: readonly string[] = []): string {
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
export function returnWrappers(file: TParsedFile, literal: string, contains: boolean, added: { has(row: number): boolean }): { offset: number; text: string }[] {
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

export const isCommonJs = (source: string) => /\bmodule\.exports\b|(?<![\w$.])exports\.[A-Za-z_$]/.test(source);

/**
 * How a module's functions are wrapped at its end, each result passed through `open` (wrapperOpen's): Python rebinds
 * each module-level function; an ES module reassigns each exported function declaration's binding (its exports are live
 * bindings, so every importer calls the wrapper; `// @ts-ignore`: a checker such as ts-jest refuses assigning to a
 * function, and the code runs as meant). Null for a CommonJS module (its exports are wrapped elsewhere) or another file.
 */
export function functionWrapper(file: TParsedFile): { functions: TSyntaxNode[]; line: (names: string[], open: string) => string } | null {
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
export function repeatedWork(gold: string, isTest: (path: string) => boolean, parsed: readonly TParsedFile[], runs: number): TMutation | null {
  const added = addedRows(gold);
  const sections: string[] = [];
  const names: string[] = [];
  for (const file of parsed) {
    if (isTest(file.path) || isProse(file.path) || !file.path.endsWith(".py")) continue;
    const rows = added.get(file.path);
    if (!rows || rows.size === 0) continue;
    const fns = moduleFunctions(file)
      .filter((n) => rows.has(n.row))
      .map((n) => textOf(file.source, field(n, "name")!))
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
