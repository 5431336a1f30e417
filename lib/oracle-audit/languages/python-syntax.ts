// Pure: small helpers over tree-sitter's python tree shared by the Python extractors: string values, numbers, f-string
// parts, dotted names, and which files are tests.
import { field, named, textOf } from "../syntax";
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
      if (raw) return t;
      if (c.type === "escape_sequence") return pythonEscape(t);
      // tree-sitter-python nests a content's escapes inside it: each decoded in place.
      let out = "";
      let at = c.start;
      for (const e of c.children.filter((x) => x.type === "escape_sequence")) {
        out += source.slice(at, e.start) + pythonEscape(textOf(source, e));
        at = e.end;
      }
      return out + source.slice(at, c.end);
    })
    .join("");
}

const SIMPLE_ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", "\\": "\\", "'": "'", '"': '"', a: "\x07", b: "\b", f: "\f", v: "\v" };

/** One escape sequence's character, as Python reads it (`\xe9`, `\u2603`, `\U0001F600`, octal `\101`); unknown ones stay as written. */
function pythonEscape(t: string): string {
  const body = t.slice(1);
  const simple = SIMPLE_ESCAPES[body];
  if (simple !== undefined) return simple;
  const hex = /^(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8}))$/.exec(body);
  if (hex) {
    const code = parseInt((hex[1] ?? hex[2] ?? hex[3])!, 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : t;
  }
  if (/^[0-7]{1,3}$/.test(body)) return String.fromCharCode(parseInt(body, 8));
  return t;
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


/** A number literal's text, a minus before one included (`-1`, `- 2.5` → `-2.5`); null for anything else. */
export function pythonNumber(source: string, node: TSyntaxNode): string | null {
  if (node.type === "integer" || node.type === "float") return textOf(source, node);
  if (node.type !== "unary_operator") return null;
  const operator = field(node, "operator");
  const argument = field(node, "argument");
  if (!operator || textOf(source, operator) !== "-" || !argument || (argument.type !== "integer" && argument.type !== "float")) return null;
  return `-${textOf(source, argument)}`;
}
