// Pure: small helpers over the plain syntax tree.
import type { TSyntaxNode } from "@/lib/syntax/types";

export const textOf = (source: string, node: TSyntaxNode) => source.slice(node.start, node.end);
export const field = (node: TSyntaxNode, name: string) => node.children.find((c) => c.field === name) ?? null;
export const fields = (node: TSyntaxNode, name: string) => node.children.filter((c) => c.field === name);
export const named = (node: TSyntaxNode) => node.children.filter((c) => c.named);
export const firstOfType = (node: TSyntaxNode, type: string) => node.children.find((c) => c.type === type) ?? null;

/**
 * Depth-first, parents before children; the visitor returns false to skip a subtree.
 * Iterative (an explicit stack), so a file nested 100 000 deep cannot overflow the call stack.
 * `ancestors` is the live path from the root: read it during the visit, copy it to keep it.
 */
export function walk(node: TSyntaxNode, visit: (node: TSyntaxNode, ancestors: TSyntaxNode[]) => boolean | void, ancestors: TSyntaxNode[] = []): void {
  if (visit(node, ancestors) === false) return;
  const depth = ancestors.length;
  ancestors.push(node);
  const next: number[] = [0];
  while (next.length > 0) {
    const parent = ancestors[ancestors.length - 1]!;
    const i = next[next.length - 1]!;
    if (i >= parent.children.length) {
      ancestors.pop();
      next.pop();
      continue;
    }
    next[next.length - 1] = i + 1;
    const child = parent.children[i]!;
    if (visit(child, ancestors) === false) continue;
    ancestors.push(child);
    next.push(0);
  }
  ancestors.length = depth;
}

/** Every node below `node` (itself included) in walk order, without recursion. */
export function descendants(node: TSyntaxNode): TSyntaxNode[] {
  const out: TSyntaxNode[] = [];
  walk(node, (n) => void out.push(n));
  return out;
}

/** The source line (1-based number and trimmed text) a node starts on. */
export function lineOf(source: string, node: TSyntaxNode): { line: number; text: string } {
  const start = source.lastIndexOf("\n", node.start - 1) + 1;
  const end = source.indexOf("\n", node.start);
  return { line: node.row + 1, text: source.slice(start, end === -1 ? undefined : end).trim().slice(0, 300) };
}
