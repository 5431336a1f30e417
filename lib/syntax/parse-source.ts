// Loads tree-sitter (WASM, no native build) and the grammars shipped by
// @vscode/tree-sitter-wasm, parses a file, and hands the pure extractors a plain tree.
// I/O: reads the WASM files once per process.
import { createRequire } from "node:module";
import path from "node:path";
import { Language, Parser, type Node as TsNode } from "web-tree-sitter";
import { sourceLanguageOf } from "./languages";
import type { TParsedFile, TSyntaxNode } from "./types";

const require = createRequire(import.meta.url);
let ready: Promise<void> | null = null;
const grammars = new Map<string, Promise<Language>>();
const parsers = new Map<string, Parser>();

function grammarPath(grammar: string): string {
  const dir = path.dirname(require.resolve("@vscode/tree-sitter-wasm/package.json"));
  return path.join(dir, "wasm", `tree-sitter-${grammar}.wasm`);
}

async function parserFor(grammar: string): Promise<Parser> {
  ready ??= Parser.init({ locateFile: () => require.resolve("web-tree-sitter/tree-sitter.wasm") });
  await ready;
  let language = grammars.get(grammar);
  if (!language) {
    language = Language.load(grammarPath(grammar));
    grammars.set(grammar, language);
  }
  const lang = await language;
  let parser = parsers.get(grammar);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(lang);
    parsers.set(grammar, parser);
  }
  return parser;
}

function toPlain(root: TsNode): TSyntaxNode {
  const cursor = root.walk();
  const make = (): TSyntaxNode => ({
    type: cursor.nodeType, field: cursor.currentFieldName, start: cursor.startIndex, end: cursor.endIndex,
    row: cursor.startPosition.row, named: cursor.nodeIsNamed, children: [],
  });
  const top = make();
  const stack = [top];
  // Iterative pre-order walk: deep trees do not overflow the stack.
  for (;;) {
    if (cursor.gotoFirstChild()) {
      const node = make();
      stack.at(-1)!.children.push(node);
      stack.push(node);
      continue;
    }
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) {
        cursor.delete();
        return top;
      }
      stack.pop();
    }
    stack.pop();
    const node = make();
    stack.at(-1)!.children.push(node);
    stack.push(node);
  }
}

export type TParseOutcome = { ok: true; file: TParsedFile } | { ok: false; reason: string };

/** Larger files (bundles, generated data) are not audited: the reason says so. */
export const MAX_SOURCE_CHARS = 2_000_000;

/**
 * Parses one file with its language's grammar; a language the audit does not read, no grammar, a file too
 * large or one the parser fails on is a reason (one sentence), never an exception.
 */
export async function parseSource(filePath: string, source: string): Promise<TParseOutcome> {
  const language = sourceLanguageOf(filePath);
  if (!language) return { ok: false, reason: `the audit reads no ${path.extname(filePath) || "extension-less"} files (it reads JavaScript, TypeScript and Python)` };
  if (source.length > MAX_SOURCE_CHARS) return { ok: false, reason: `the file is larger than ${MAX_SOURCE_CHARS / 1_000_000} million characters (${source.length.toLocaleString("en")}), so the audit does not parse it` };
  let parser: Parser;
  try {
    parser = await parserFor(language.grammarFor(filePath));
  } catch (error) {
    return { ok: false, reason: `the ${language.id} grammar could not be loaded: ${oneLine(error)}` };
  }
  // tree-sitter reads U+0000 as the end of input: the parser sees U+FFFD in its place (same length, so every
  // offset still points into the real source, which the extractors slice).
  const parsed = source.includes("\u0000") ? source.replace(/\u0000/g, "\uFFFD") : source;
  let tree: ReturnType<Parser["parse"]> = null;
  try {
    tree = parser.parse(parsed);
    if (!tree) return { ok: false, reason: "the parser returned no tree" };
    return { ok: true, file: { path: filePath, source, root: toPlain(tree.rootNode), hasError: tree.rootNode.hasError } };
  } catch (error) {
    return { ok: false, reason: `the ${language.id} parser could not read the file (${oneLine(error)})` };
  } finally {
    tree?.delete();
  }
}

const oneLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split("\n")[0]!.slice(0, 200);
