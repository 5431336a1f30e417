// Pure: an expected value a Python test builds from a literal with a constructor or parser of the library
// (`expected = parse_version_info("3.4.5-rc1.0")`, then `assert v.bump_prerelease() == expected`): the literal
// is the text the test compares, written in the form the parser reads.
import { field, named, textOf, walk } from "../syntax";
import type { TSyntaxNode } from "../types";

const unwrap = (node: TSyntaxNode) => {
  let n = node;
  while (n.type === "parenthesized_expression" && named(n)[0]) n = named(n)[0]!;
  return n;
};

/** `f("lit", …)`: a call whose positional arguments are all literals, at least one a string; else null. */
function literalCall(node: TSyntaxNode): TSyntaxNode[] | null {
  const n = unwrap(node);
  if (n.type !== "call") return null;
  const fn = field(n, "function");
  if (!fn || (fn.type !== "identifier" && fn.type !== "attribute")) return null;
  const argList = field(n, "arguments");
  const args = argList ? named(argList) : [];
  if (args.length === 0 || args.some((a) => !["string", "concatenated_string", "integer", "float"].includes(a.type))) return null;
  const strings = args.filter((a) => a.type === "string" || a.type === "concatenated_string");
  return strings.length > 0 ? strings : null;
}

/**
 * For the two sides of an equality (`==`, `assertEqual`): where one side is a local name the enclosing test bound,
 * last before the comparison, to a call on literals and the other side is a call of the tested code (not itself a
 * call on literals), the literals of that binding. Two values the test built alike are not read (which is expected
 * is not known).
 */
export function builtExpected(source: string, sides: TSyntaxNode[], ancestors: TSyntaxNode[]): TSyntaxNode[] {
  if (sides.length !== 2) return [];
  const fn = ancestors.findLast((a) => a.type === "function_definition");
  const body = fn ? field(fn, "body") : null;
  if (!body) return [];
  const out: TSyntaxNode[] = [];
  sides.forEach((side, i) => {
    const name = unwrap(side);
    const other = unwrap(sides[1 - i]!);
    if (name.type !== "identifier" || other.type !== "call" || literalCall(other)) return;
    let bound: TSyntaxNode[] | null = null;
    walk(body, (n) => {
      if (n.start >= name.start) return false;
      if (n.type === "function_definition" || n.type === "class_definition") return false;
      if (n.type !== "assignment") return;
      const left = field(n, "left");
      const right = field(n, "right");
      if (left?.type === "identifier" && textOf(source, left) === textOf(source, name)) bound = right ? literalCall(right) : null;
    });
    if (bound) out.push(...(bound as TSyntaxNode[]));
  });
  return out;
}

/**
 * A name the enclosing test counts with itself: some code of the test (a nested `__hash__`, a loop) adds to it
 * (`hash_count += 1`). A bound on it is a bound on how the code works, not on an output.
 */
export function countedInTest(source: string, node: TSyntaxNode, ancestors: TSyntaxNode[]): boolean {
  const n = unwrap(node);
  if (n.type !== "identifier") return false;
  const name = textOf(source, n);
  const fn = ancestors.findLast((a) => a.type === "function_definition" && textOf(source, field(a, "name") ?? a).startsWith("test"));
  if (!fn) return false;
  let counted = false;
  walk(fn, (x) => {
    if (counted) return false;
    if (x.type !== "augmented_assignment") return;
    const left = field(x, "left");
    const op = x.children.find((c) => !c.named);
    if (left?.type === "identifier" && textOf(source, left) === name && op && textOf(source, op) === "+=") counted = true;
  });
  return counted;
}
