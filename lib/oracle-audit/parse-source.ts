// Loads tree-sitter (WASM, no native build) and the grammars shipped by
// @vscode/tree-sitter-wasm, parses a file, and hands the pure extractors a plain tree.
// I/O: reads the WASM files once per process.
import { createRequire } from "node:module";
import path from "node:path";
import { Language, Parser, type Node as TsNode } from "web-tree-sitter";
import { languageOf } from "./languages";
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

/** Parses one file with its language's grammar; a language the audit does not read, or no grammar, is a reason. */
export async function parseSource(filePath: string, source: string): Promise<TParseOutcome> {
  const language = languageOf(filePath);
  if (!language) return { ok: false, reason: `the audit reads no ${path.extname(filePath) || "extension-less"} files (it reads JavaScript, TypeScript and Python)` };
  let parser: Parser;
  try {
    parser = await parserFor(language.grammarFor(filePath));
  } catch (error) {
    return { ok: false, reason: `the ${language.id} grammar could not be loaded: ${(error as Error).message}` };
  }
  const tree = parser.parse(source);
  if (!tree) return { ok: false, reason: "the parser returned no tree" };
  try {
    return { ok: true, file: { path: filePath, source, root: toPlain(tree.rootNode), hasError: tree.rootNode.hasError } };
  } finally {
    tree.delete();
  }
}
