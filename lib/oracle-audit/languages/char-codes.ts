// Pure: numbers a JavaScript file writes as character codes (`const COMMA = 44`, compared with
// `header.charCodeAt(i)`): data about the characters the code reads, not a value it outputs. A test that compares
// the number 44 (a position, a count) is not comparing this constant.
import { field, named, textOf, walk } from "../syntax";
import type { TSyntaxNode } from "../types";

const COMPARE = new Set(["===", "!==", "==", "!=", "<", ">", "<=", ">="]);
const unwrap = (n: TSyntaxNode) => {
  let x = n;
  while (x.type === "parenthesized_expression" && named(x)[0]) x = named(x)[0]!;
  return x;
};

/** The start offsets of the number literals the file writes as character codes. */
export function charCodeNumbers(root: TSyntaxNode, source: string): Set<number> {
  const declared = new Map<string, TSyntaxNode>();
  const comparisons: [TSyntaxNode, TSyntaxNode][] = [];
  walk(root, (node, ancestors) => {
    if (node.type === "variable_declarator") {
      const name = field(node, "name");
      const value = field(node, "value");
      if (name?.type === "identifier" && value) declared.set(textOf(source, name), value);
    } else if (node.type === "binary_expression") {
      const op = node.children.find((c) => !c.named);
      const left = field(node, "left");
      const right = field(node, "right");
      if (op && COMPARE.has(textOf(source, op)) && left && right) comparisons.push([unwrap(left), unwrap(right)]);
    } else if (node.type === "switch_case") {
      const value = field(node, "value");
      const sw = ancestors.findLast((a) => a.type === "switch_statement");
      const subject = sw ? field(sw, "value") : null;
      if (value && subject) comparisons.push([unwrap(subject), unwrap(value)]);
    }
  });
  const isCodeCall = (n: TSyntaxNode) => n.type === "call_expression" && /\.(charCodeAt|codePointAt)\s*\(/.test(textOf(source, n));
  // Variables that hold a character code: bound to a charCodeAt call.
  const codeVars = new Set<string>();
  for (const [name, value] of declared) if (isCodeCall(unwrap(value))) codeVars.add(name);
  const isCode = (n: TSyntaxNode) => isCodeCall(n) || (n.type === "identifier" && codeVars.has(textOf(source, n)));
  const out = new Set<number>();
  const names = new Set<string>();
  for (const [a, b] of comparisons) {
    for (const [code, other] of [[a, b], [b, a]] as const) {
      if (!isCode(code)) continue;
      if (other.type === "number") out.add(other.start);
      else if (other.type === "identifier" && !codeVars.has(textOf(source, other))) names.add(textOf(source, other));
    }
  }
  // A name compared with a code, and every name and number its initializer holds (`cond ? COMMA : 65_536`).
  const queue = [...names];
  while (queue.length > 0) {
    const value = declared.get(queue.pop()!);
    if (!value) continue;
    walk(value, (n) => {
      if (n.type === "number") out.add(n.start);
      if (n.type === "identifier" && !names.has(textOf(source, n)) && declared.has(textOf(source, n))) {
        names.add(textOf(source, n));
        queue.push(textOf(source, n));
      }
      if (n.type === "arrow_function" || n.type === "function_expression" || n.type === "call_expression") return false;
    });
  }
  return out;
}
