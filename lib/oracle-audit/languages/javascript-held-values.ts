// Pure: the value a `let` / `var` variable holds at a place in a test (`expected = [{ … }]` reassigned before each
// assertion): the latest binding before that place, made by a statement of a block enclosing it (held-out 15).
import { field, textOf, walk } from "../syntax";
import { unwrap } from "./javascript-syntax";
import type { TSyntaxNode } from "../types";

type THeldBinding = { statement: TSyntaxNode; block: TSyntaxNode; value: TSyntaxNode };

const BLOCKS = new Set(["statement_block", "program"]);

/** Every `let x = v` / `var x = v` declared, and every `x = v` assigned, as a statement of a block: per name. */
export function heldBindings(source: string, root: TSyntaxNode): Map<string, THeldBinding[]> {
  const byName = new Map<string, THeldBinding[]>();
  const add = (name: string, binding: THeldBinding) => byName.set(name, [...(byName.get(name) ?? []), binding]);
  walk(root, (node, ancestors) => {
    const statement = ancestors.at(-1);
    const block = ancestors.at(-2);
    if (!statement || !block || !BLOCKS.has(block.type)) return;
    if (node.type === "variable_declarator" && (statement.type === "lexical_declaration" || statement.type === "variable_declaration") && !textOf(source, statement).startsWith("const")) {
      const name = field(node, "name");
      const value = field(node, "value");
      if (name?.type === "identifier" && value) add(textOf(source, name), { statement, block, value });
    }
    if (node.type === "assignment_expression" && statement.type === "expression_statement") {
      const left = field(node, "left");
      const value = field(node, "right");
      if (left?.type === "identifier" && value) add(textOf(source, left), { statement, block, value });
    }
  });
  return byName;
}

const FUNCTIONS = new Set(["function_declaration", "function_expression", "arrow_function", "function", "method_definition", "generator_function_declaration"]);

/**
 * The value `name` holds at `place` (a node inside the call whose `ancestors` are given): the latest binding ending
 * before it whose block encloses it; undefined when none does (a binding only in another test, or after it); null
 * when it is unsure: a binding in a branch or a nested function may have replaced it since, and a binding outside the place's
 * own function may have been replaced by one a hook or another test makes.
 */
export function heldValue(bindings: Map<string, THeldBinding[]>, name: string, place: TSyntaxNode, ancestors: readonly TSyntaxNode[]): TSyntaxNode | null | undefined {
  const enclosing = new Set(ancestors);
  const all = bindings.get(name) ?? [];
  const before = all.filter((b) => b.statement.end <= place.start && enclosing.has(b.block));
  const latest = before.reduce<THeldBinding | null>((last, b) => (last === null || b.statement.start > last.statement.start ? b : last), null);
  if (!latest) return undefined;
  const elsewhere = all.filter((b) => !enclosing.has(b.block));
  if (elsewhere.some((b) => b.statement.start > latest.statement.start && b.statement.start < place.start)) return null;
  const ownFunction = ancestors.findLastIndex((a) => FUNCTIONS.has(a.type));
  if (elsewhere.length > 0 && ancestors.indexOf(latest.block) < ownFunction) return null;
  return unwrap(latest.value);
}
