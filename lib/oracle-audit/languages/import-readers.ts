// Pure: which tests read an imported binding. Under a module transform (vitest, jest) a named import the module
// lacks is `undefined` where it is read, so it fails the tests that read it, not the file.
import { field, textOf, walk } from "../syntax";
import type { TSyntaxNode } from "../types";

/**
 * For each local name in `locals`: the lines of the tests that read it, or null when some read is outside every
 * test (a table built at module level, a describe body, a helper), where the whole file depends on it.
 */
export function importReaders(root: TSyntaxNode, source: string, locals: ReadonlySet<string>, enclosingTest: (ancestors: TSyntaxNode[]) => { line: number } | null): Map<string, number[] | null> {
  const out = new Map<string, number[] | null>();
  walk(root, (node, ancestors) => {
    if (node.type === "import_statement") return false;
    if (node.type !== "identifier" && node.type !== "shorthand_property_identifier") return;
    const name = textOf(source, node);
    if (!locals.has(name)) return;
    // The declaration that binds it (`const isEmpty = require(…).isEmpty`) is no read.
    const parent = ancestors.at(-1);
    if (parent?.type === "variable_declarator" && field(parent, "name") === node) return;
    const at = enclosingTest(ancestors);
    const lines = out.has(name) ? out.get(name)! : [];
    if (lines === null) return;
    if (!at) out.set(name, null);
    else {
      if (!lines.includes(at.line)) lines.push(at.line);
      out.set(name, lines);
    }
  });
  return out;
}
