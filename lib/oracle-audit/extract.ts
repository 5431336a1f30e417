// Pure: the language-independent core over the extractors' output — a test file's
// dependencies (or why it is not audited), and a tree's definitions.
import { languageOf } from "./languages";
import { emptyDefinitions } from "./language";
import type { TFileDefinitions, TNotAudited, TParsedFile, TTestExtraction, TTreeDefinitions } from "./types";

export type TTestFileOutcome = { ok: true; extraction: TTestExtraction } | { ok: false; notAudited: TNotAudited };

/** A test file that does not parse is not audited (never silently clean). */
export function extractTestFile(file: TParsedFile): TTestFileOutcome {
  const language = languageOf(file.path);
  if (!language) return { ok: false, notAudited: { file: file.path, reason: "the audit reads no files of this language" } };
  if (file.hasError) return { ok: false, notAudited: { file: file.path, reason: `the ${language.id} parser found syntax errors` } };
  try {
    return { ok: true, extraction: language.extractTests(file) };
  } catch (error) {
    // A rule that fails on one file leaves that file unread with its reason; the rest of the audit goes on.
    return { ok: false, notAudited: { file: file.path, reason: `the ${language.id} extractor could not read the file (${(error instanceof Error ? error.message : String(error)).split("\n")[0]!.slice(0, 200)})` } };
  }
}

/** What a tree's source files define; `paths` lists every file of the tree (any language). */
export function extractTreeDefinitions(paths: readonly string[], sources: readonly TParsedFile[]): TTreeDefinitions {
  return {
    files: [...paths],
    definitions: sources.flatMap((file) => {
      const language = languageOf(file.path);
      if (!language) return [];
      try {
        return [language.extractDefinitions(file)];
      } catch {
        return []; // a source whose definitions cannot be read defines nothing (its path still counts)
      }
    }),
  };
}

/** Source files whose definitions the audit reads (a language it knows, not a test), and package manifests. */
export const isAuditedSource = (path: string) => {
  if (/(^|\/)node_modules\//.test(path)) return false;
  if (/(^|\/)package\.json$/.test(path)) return true;
  const language = languageOf(path);
  return language !== null && (!language.isTestFile(path) || language.isSupportModule?.(path) === true);
};

/**
 * A file named like a test, read for its definitions only as a module a test imports from (gaps7: `tests/test_lib.py`
 * imported as a helper, a package's `markdown/test_tools.py`): a file is a test for the skip above only as the tests
 * being audited are; what it defines counts for that module alone (`testModule`), never as a source's name.
 */
export const isTestModuleSource = (path: string) => {
  if (/(^|\/)node_modules\//.test(path)) return false;
  const language = languageOf(path);
  return language !== null && language.isTestFile(path) && language.isSupportModule?.(path) !== true;
};

const TEST_TOOLS = new Set(["vitest", "jest", "ts-jest", "babel-jest", "@swc/jest", "esbuild-jest", "mocha", "tape", "ava"]);

/** What a package.json tells module resolution: the entry files it names (`main`, `exports`, …). */
export function packageDefinitions(path: string, text: string): TFileDefinitions | null {
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    return null;
  }
  if (!manifest || typeof manifest !== "object") return null;
  const m = manifest as Record<string, unknown>;
  const mains: string[] = [];
  const add = (v: unknown) => {
    if (typeof v === "string") mains.push(v);
    else if (v && typeof v === "object") for (const x of Object.values(v as Record<string, unknown>)) add(x);
  };
  add(m.main);
  add(m.module);
  add(m.types);
  add(m.typings);
  add(typeof m.exports === "object" && m.exports !== null && "." in (m.exports as object) ? (m.exports as Record<string, unknown>)["."] : m.exports);
  // The test tools it lists (and jest's preset): how the tests are run (transformed, type-checked).
  const deps = [m.dependencies, m.devDependencies].flatMap((d) => (d && typeof d === "object" ? Object.keys(d) : []));
  const jest = m.jest && typeof m.jest === "object" ? (m.jest as Record<string, unknown>) : null;
  const tools = [...deps.filter((d) => TEST_TOOLS.has(d)), ...(typeof jest?.preset === "string" ? [jest.preset] : [])];
  return { ...emptyDefinitions(path), mains: [...new Set(mains)], ...(tools.length > 0 ? { tools: [...new Set(tools)] } : {}) };
}
