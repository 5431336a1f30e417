// Pure: tree-sitter mutants of the code gold adds — negate a comparison, drop a
// condition (the branch never runs), drop one operand of `&&`/`||`, drop an argument,
// return early. Each is a text edit of gold's post-image that touches only lines gold
// added, so the candidate is gold with those added lines rewritten.
import { rowsOf } from "@/lib/syntax/rows";
import type { TSyntaxNode } from "@/lib/syntax/types";

export type TMutantOperator = "negate_comparison" | "drop_condition" | "drop_operand" | "drop_argument" | "unwrap_call" | "return_early";
export type TEdit = { operator: TMutantOperator; start: number; end: number; text: string; description: string };

const NEGATED: Record<string, string> = {
  "===": "!==", "!==": "===", "==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">",
  in: "not in", "not in": "in", is: "is not", "is not": "is",
};
const FUNCTIONS = new Set(["function_declaration", "function_expression", "arrow_function", "method_definition", "generator_function_declaration", "function_definition", "function"]);
const BLOCKS = new Set(["statement_block", "block"]);
const MAX_SHOWN = 60;

const short = (text: string) => {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > MAX_SHOWN ? `${one.slice(0, MAX_SHOWN - 1)}…` : one;
};

/** Every mutant edit of nodes lying wholly on lines `added(row)` accepts. */
export function mutantEdits(root: TSyntaxNode, source: string, python: boolean, added: (row: number) => boolean): TEdit[] {
  const { starts: rowStarts, rowOf } = rowsOf(source);
  const onAdded = (n: { start: number; end: number }) => {
    const last = rowOf(Math.max(n.start, n.end - 1));
    for (let r = rowOf(n.start); r <= last; r++) if (!added(r)) return false;
    return true;
  };
  const text = (n: TSyntaxNode) => source.slice(n.start, n.end);
  const edits: TEdit[] = [];
  const walk = (node: TSyntaxNode, inFunction: boolean) => {
    const fn = inFunction || FUNCTIONS.has(node.type);
    if ((node.type === "binary_expression" || node.type === "comparison_operator") && onAdded(node)) {
      const ops = node.children.filter((c) => !c.named);
      for (const op of ops) {
        const negated = NEGATED[text(op).replace(/\s+/g, " ")];
        if (negated) edits.push({ operator: "negate_comparison", start: op.start, end: op.end, text: negated, description: `negates the comparison \`${short(text(node))}\` (${text(op)} → ${negated})` });
        const logical = ["&&", "||"].includes(text(op));
        if (logical) {
          const [left, right] = [node.children.find((c) => c.field === "left"), node.children.find((c) => c.field === "right")];
          if (left && right) {
            edits.push({ operator: "drop_operand", start: node.start, end: node.end, text: text(left), description: `drops \`${short(text(right))}\` from \`${short(text(node))}\`` });
            edits.push({ operator: "drop_operand", start: node.start, end: node.end, text: text(right), description: `drops \`${short(text(left))}\` from \`${short(text(node))}\`` });
          }
        }
      }
    }
    if (node.type === "boolean_operator" && onAdded(node)) {
      const left = node.children.find((c) => c.field === "left");
      const right = node.children.find((c) => c.field === "right");
      if (left && right) {
        edits.push({ operator: "drop_operand", start: node.start, end: node.end, text: text(left), description: `drops \`${short(text(right))}\` from \`${short(text(node))}\`` });
        edits.push({ operator: "drop_operand", start: node.start, end: node.end, text: text(right), description: `drops \`${short(text(left))}\` from \`${short(text(node))}\`` });
      }
    }
    if ((node.type === "if_statement" || node.type === "elif_clause")) {
      const condition = node.children.find((c) => c.field === "condition");
      if (condition && onAdded(condition)) {
        edits.push({ operator: "drop_condition", start: condition.start, end: condition.end, text: python ? "False" : "(false)", description: `drops the branch under \`if ${short(text(condition))}\`` });
      }
    }
    if (node.type === "arguments" || node.type === "argument_list") {
      const args = node.children.filter((c) => c.named && c.type !== "comment");
      args.forEach((arg, i) => {
        if (!onAdded(arg)) return;
        const start = i > 0 ? args[i - 1]!.end : arg.start;
        const end = i > 0 ? arg.end : (args[1]?.start ?? arg.end);
        edits.push({ operator: "drop_argument", start, end, text: "", description: `drops the argument \`${short(text(arg))}\` from \`${short(source.slice(Math.max(0, node.start - 40), node.end).split("\n").at(-1) ?? "")}\`` });
      });
    }
    // A call replaced by one of its arguments: `min(max(v, lo), hi)` → `max(v, lo)` keeps one bound.
    if ((node.type === "call_expression" || node.type === "call") && onAdded(node)) {
      const argsNode = node.children.find((c) => c.field === "arguments");
      const args = argsNode?.children.filter((c) => c.named && c.type !== "comment" && c.type !== "keyword_argument" && c.type !== "spread_element" && c.type !== "list_splat") ?? [];
      for (const arg of args) {
        edits.push({ operator: "unwrap_call", start: node.start, end: node.end, text: text(arg), description: `replaces \`${short(text(node))}\` by its argument \`${short(text(arg))}\`` });
      }
    }
    if (BLOCKS.has(node.type) && fn) {
      const first = node.children.find((c) => c.named && c.type !== "comment" && onAdded(c));
      if (first && !/^return\b/.test(text(first))) {
        const lineStart = rowStarts[rowOf(first.start)]!;
        const indent = source.slice(lineStart, first.start);
        if (/^\s*$/.test(indent)) {
          edits.push({ operator: "return_early", start: first.start, end: first.start, text: `${python ? "return" : "return;"}\n${indent}`, description: `returns before \`${short(text(first))}\`` });
        }
      }
    }
    for (const child of node.children) walk(child, fn);
  };
  walk(root, false);
  return edits;
}

/** The post-image rows [first, last] an edit touches. */
export function editRows(source: string, edit: { start: number; end: number }): [number, number] {
  const before = source.slice(0, edit.start);
  const first = before.split("\n").length - 1;
  const last = first + (source.slice(edit.start, Math.max(edit.start, edit.end - 1)).split("\n").length - 1);
  return [first, last];
}
