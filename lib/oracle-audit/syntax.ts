// Pure: small helpers over the plain syntax tree.
import type { TSyntaxNode } from "./types";

export const textOf = (source: string, node: TSyntaxNode) => source.slice(node.start, node.end);
export const field = (node: TSyntaxNode, name: string) => node.children.find((c) => c.field === name) ?? null;
export const fields = (node: TSyntaxNode, name: string) => node.children.filter((c) => c.field === name);
export const named = (node: TSyntaxNode) => node.children.filter((c) => c.named);
export const firstOfType = (node: TSyntaxNode, type: string) => node.children.find((c) => c.type === type) ?? null;

/** Depth-first, parents before children; the visitor returns false to skip a subtree. */
export function walk(node: TSyntaxNode, visit: (node: TSyntaxNode, ancestors: TSyntaxNode[]) => boolean | void, ancestors: TSyntaxNode[] = []): void {
  if (visit(node, ancestors) === false) return;
  ancestors.push(node);
  for (const child of node.children) walk(child, visit, ancestors);
  ancestors.pop();
}

/** The source line (1-based number and trimmed text) a node starts on. */
export function lineOf(source: string, node: TSyntaxNode): { line: number; text: string } {
  const start = source.lastIndexOf("\n", node.start - 1) + 1;
  const end = source.indexOf("\n", node.start);
  return { line: node.row + 1, text: source.slice(start, end === -1 ? undefined : end).trim().slice(0, 300) };
}
