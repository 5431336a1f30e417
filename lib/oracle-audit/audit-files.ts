// Runs the static audit over files held in memory (base tree, gold tree, hidden
// test files): parse with tree-sitter, extract, classify. The worker feeds it from
// git; the labeled corpus and the bench feed it from fixtures.
import { mutateGold, type TMutationTarget } from "./counterfactual";
import { preImagesOf, type TMutation } from "./counterfactual-diff";
import { extractTestFile, extractTreeDefinitions, isAuditedSource, isTestModuleSource, packageDefinitions } from "./extract";
import { auditFamily, type TAuditHistory, type TFamilyAudit } from "./findings";
import { languageOf } from "./languages";
import { parseSource } from "@/lib/syntax/parse-source";
import type { TParsedFile } from "@/lib/syntax/types";
import { withObservedExpectations } from "./dynamic-literals";
import type { TBaseFailure, TFileDefinitions, TNotAudited, TTestExtraction, TTreeDefinitions } from "./types";

export type TFiles = Record<string, string>;

// Test code in a language the audit does not read is "not audited"; data files beside the tests (fixtures, snapshots) hold no dependencies.
const OTHER_CODE = /\.(go|rs|java|kt|kts|scala|rb|php|cs|fs|c|cc|cpp|cxx|h|hpp|m|mm|swift|ex|exs|erl|clj|hs|ml|lua|pl|r|dart|sh|bash|zig|nim|jl|groovy|vue|svelte)$/i;
export const isTestCode = (path: string) => languageOf(path) !== null || OTHER_CODE.test(path);

/** A tree's definitions from its files (only sources the audit reads are parsed). */
export async function definitionsOfFiles(files: TFiles, extraPaths: readonly string[] = []): Promise<TTreeDefinitions> {
  const parsed: TParsedFile[] = [];
  const testParsed: TParsedFile[] = [];
  const manifests: TFileDefinitions[] = [];
  for (const [path, source] of Object.entries(files)) {
    const testModule = !isAuditedSource(path) && isTestModuleSource(path);
    if (!isAuditedSource(path) && !testModule) continue;
    if (path.endsWith("package.json")) {
      const manifest = packageDefinitions(path, source);
      if (manifest) manifests.push(manifest);
      continue;
    }
    const outcome = await parseSource(path, source);
    if (outcome.ok) (testModule ? testParsed : parsed).push(outcome.file);
  }
  const tree = extractTreeDefinitions([...new Set([...Object.keys(files), ...extraPaths])], parsed);
  const tests = extractTreeDefinitions([], testParsed).definitions.map((d) => ({ ...d, testModule: true }));
  return { ...tree, definitions: [...tree.definitions, ...manifests, ...tests] };
}

/** Gold's definitions: the base's for every file gold leaves alone, parsed anew for the files it changes or adds. */
export async function definitionsOverBase(base: TTreeDefinitions, changed: TFiles, paths: readonly string[]): Promise<TTreeDefinitions> {
  const present = new Set(paths);
  const fresh = await definitionsOfFiles(changed, paths);
  const replaced = new Set(Object.keys(changed));
  return { files: [...paths], definitions: [...base.definitions.filter((d) => present.has(d.file) && !replaced.has(d.file)), ...fresh.definitions] };
}

export async function extractTests(testFiles: TFiles): Promise<{ tests: TTestExtraction[]; notAudited: TNotAudited[] }> {
  const tests: TTestExtraction[] = [];
  const notAudited: TNotAudited[] = [];
  for (const [path, source] of Object.entries(testFiles)) {
    if (!isTestCode(path)) continue;
    const outcome = await parseSource(path, source);
    if (!outcome.ok) {
      notAudited.push({ file: path, reason: outcome.reason });
      continue;
    }
    const extracted = extractTestFile(outcome.file);
    if (extracted.ok) tests.push(extracted.extraction);
    else notAudited.push(extracted.notAudited);
  }
  return { tests, notAudited };
}

export async function auditFiles(input: {
  base: TTreeDefinitions;
  gold: TTreeDefinitions;
  testFiles: TFiles;
  histories: TAuditHistory[];
  probeTestIds: string[];
  baseFailures?: readonly TBaseFailure[] | null;
}): Promise<TFamilyAudit & { tests: TTestExtraction[] }> {
  const extracted = await extractTests(input.testFiles);
  // What the base run shows each test expects, beside what the extractor read (dynamic-literals.ts).
  const tests = extracted.tests.map((t) => withObservedExpectations(t, input.baseFailures ?? null));
  const audit = auditFamily({ ...input, tests, notAudited: extracted.notAudited, testFiles: Object.keys(input.testFiles) });
  return { ...audit, tests };
}

/**
 * The counterfactual with gold's changed files parsed by tree-sitter: a name is renamed where the syntax
 * tree has it as gold's identifier (see mutateGold). `goldFiles`: the post-image of the files gold changes.
 */
export async function mutateGoldWithTrees(gold: string, dep: TMutationTarget, goldFiles: TFiles, isTest?: (path: string) => boolean): Promise<TMutation> {
  const parsed: TParsedFile[] = [];
  const parsedBase: TParsedFile[] = [];
  // Names are renamed where the tree says they are gold's; a literal is changed at its producer (a template's result),
  // and never in a docstring. A literal's producer may be what gold changes in a file (a pattern): the base's text of
  // the files gold changes, from the diff, is parsed too.
  const parse = async (files: TFiles, into: TParsedFile[]) => {
    for (const [path, source] of Object.entries(files)) {
      if (!languageOf(path)) continue;
      const outcome = await parseSource(path, source);
      if (outcome.ok && !outcome.file.hasError) into.push(outcome.file);
    }
  };
  if (dep.kind === "name" || dep.kind === "literal") await parse(goldFiles, parsed);
  if (dep.kind === "literal") await parse(preImagesOf(gold, goldFiles), parsedBase);
  return mutateGold(gold, dep, isTest, parsed, parsedBase);
}
