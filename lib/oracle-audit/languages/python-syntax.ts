// Pure: small helpers over tree-sitter's python tree shared by the Python extractors: string values, f-string
// parts, dotted names, and which files are tests.
import { named, textOf } from "../syntax";
import type { TSyntaxNode } from "../types";

export function pythonString(source: string, node: TSyntaxNode): string | null {
  if (node.type === "concatenated_string") {
    const parts = named(node).map((n) => pythonString(source, n));
    return parts.every((p) => p !== null) ? parts.join("") : null;
  }
  if (node.type !== "string") return null;
  if (node.children.some((c) => c.type === "interpolation")) return null;
  const raw = /^[rR]|^[bB][rR]|^[rR][bB]/.test(textOf(source, node));
  return node.children
    .filter((c) => c.type === "string_content" || c.type === "escape_sequence")
    .map((c) => {
      const t = textOf(source, c);
      if (c.type === "escape_sequence" && !raw) return ({ "\\n": "\n", "\\t": "\t", "\\\\": "\\", "\\'": "'", '\\"': '"' } as Record<string, string>)[t] ?? t;
      return t;
    })
    .join("");
}

export function fstringParts(source: string, node: TSyntaxNode): string[] {
  const parts = [""];
  for (const c of node.children) {
    if (c.type === "interpolation") parts.push("");
    else if (c.type === "string_content") parts[parts.length - 1] += textOf(source, c);
  }
  return parts;
}

export const dotted = (source: string, node: TSyntaxNode | null) => (node ? textOf(source, node).replace(/\s+/g, "") : "");

export const isPythonTestFile = (path: string) => /(^|\/)(test_[^/]*|[^/]*_test)\.py$/.test(path) || /(^|\/)tests?\/.*\.py$/.test(path) || /(^|\/)conftest\.py$/.test(path);
/** A module of a test folder that holds no tests by its name (`tests/__init__.py`, `tests/helpers.py`). */
export const isPythonSupportModule = (path: string) => isPythonTestFile(path) && !/(^|\/)(test_[^/]*|[^/]*_test|conftest)\.py$/.test(path);

