// Pure: small helpers over tree-sitter's javascript / typescript trees shared by the JavaScript extractors.
import { field, named, textOf } from "../syntax";
import type { TSyntaxNode } from "../types";

/** A string literal's value (simple escapes decoded); null for template strings with substitutions. */
export function stringValue(source: string, node: TSyntaxNode): string | null {
  if (node.type === "string") {
    const raw = textOf(source, node).slice(1, -1);
    return raw.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)/g, (_, e: string) => {
      if (e.startsWith("u{")) return String.fromCodePoint(parseInt(e.slice(2, -1), 16));
      if (e[0] === "u" && e.length === 5) return String.fromCharCode(parseInt(e.slice(1), 16));
      if (e[0] === "x" && e.length === 3) return String.fromCharCode(parseInt(e.slice(1), 16));
      return ({ n: "\n", t: "\t", r: "\r", "0": "\0" } as Record<string, string>)[e] ?? e;
    });
  }
  if (node.type === "template_string" && !node.children.some((c) => c.type === "template_substitution")) return textOf(source, node).slice(1, -1);
  return null;
}

/** A number literal's text, a minus before one included (`-1437985833`, `-(3)`); null for anything else. */
export function numberText(source: string, node: TSyntaxNode): string | null {
  if (node.type === "number") return textOf(source, node);
  if (node.type !== "unary_expression" || textOf(source, field(node, "operator") ?? node) !== "-") return null;
  const argument = field(node, "argument");
  const inner = argument ? unwrap(argument) : null;
  return inner?.type === "number" ? `-${textOf(source, inner)}` : null;
}

export function templateParts(source: string, node: TSyntaxNode): string[] {
  const parts: string[] = [""];
  for (const child of node.children) {
    if (child.type === "template_substitution") parts.push("");
    else if (child.type === "string_fragment" || child.type === "escape_sequence") parts[parts.length - 1] += textOf(source, child);
  }
  return parts;
}

const WRAPPERS = new Set(["parenthesized_expression", "await_expression", "as_expression", "non_null_expression", "satisfies_expression"]);
/** `((await x) as T)!` → `x`, iteratively (a thousand parentheses are still one expression). */
export const unwrap = (node: TSyntaxNode): TSyntaxNode => {
  let n = node;
  while (WRAPPERS.has(n.type) && named(n)[0]) n = named(n)[0]!;
  return n;
};

export const args = (call: TSyntaxNode) => {
  const list = field(call, "arguments");
  return list ? named(list).filter((n) => n.type !== "comment") : [];
};

export const isInsideImport = (ancestors: TSyntaxNode[]) => ancestors.some((a) => a.type === "import_statement");

export function requireOf(source: string, call: TSyntaxNode): string | null {
  const fn = field(call, "function");
  if (fn?.type !== "identifier" || textOf(source, fn) !== "require") return null;
  const first = args(call)[0];
  return first ? stringValue(source, first) : null;
}

/** The words a pattern that is only an alternation of words matches whole (`^(a|an|is)$` → a, an, is); else none. */
export function regexWords(pattern: string): string[] {
  const m = /^\^?\((?:\?:)?([A-Za-z0-9 ]+(?:\|[A-Za-z0-9 ]+)+)\)\$?$/.exec(pattern) ?? /^\^?([A-Za-z0-9 ]+(?:\|[A-Za-z0-9 ]+)+)\$?$/.exec(pattern);
  return m ? m[1]!.split("|") : [];
}
