// Pure: the trees the classifier reads, indexed (names, strings, templates, numbers, keys, classes), the
// classification context of a family (base, gold, gold's own new data), and module resolution over a tree.
import { dirname, normalizePath, withOwnKeys } from "./language";
import { languageOf } from "./languages";
import { systematicAffixes } from "./words";
import type { TBaseFailure, TCategory, TDependency, TDependencyEvidence, TFileDefinitions, TLocation, TTreeDefinitions } from "./types";

export interface TTemplate {
  parts: string[];
  file: string;
}

export interface TTreeIndex {
  files: Set<string>;
  dirs: Set<string>;
  byFile: Map<string, TFileDefinitions>;
  /** Files named like tests, by path: read only as modules a test imports from (gaps7). */
  testModules: Map<string, TFileDefinitions>;
  names: Set<string>;
  qualified: Set<string>;
  properties: Set<string>;
  strings: string[];
  /** The first file holding each string: the producer's location. */
  stringSet: Map<string, string>;
  templates: TTemplate[];
  numbers: Set<string>;
  /** Object-literal keys the code writes. */
  keys: Set<string>;
  /** Identifiers the code's types spell as string literal types. */
  typeNames: Set<string>;
  /** Words the code's regular expressions match whole (alternatives). */
  matchWords: Set<string>;
  /** Documentation strings: what the code is shown to give (docstring examples). */
  docs: string[];
  /** Strings every file holding them writes only to transform them before use: no output as they are. */
  transient: Set<string>;
  classes: Map<string, { heritage: string[]; externalHeritage: boolean; methods: Set<string> }>;
}

export function indexTree(whole: TTreeDefinitions): TTreeIndex {
  const definitions = whole.definitions.map(withOwnKeys);
  const tree = { files: whole.files, definitions: definitions.filter((d) => !d.testModule) };
  const files = new Set(tree.files);
  const dirs = new Set<string>();
  for (const f of tree.files) for (let d = dirname(f); d; d = dirname(d)) dirs.add(d);
  const idx: TTreeIndex = {
    files, dirs, byFile: new Map(tree.definitions.map((d) => [d.file, d])), testModules: new Map(definitions.filter((d) => d.testModule).map((d) => [d.file, d])), names: new Set(), qualified: new Set(), properties: new Set(),
    strings: [], stringSet: new Map(), templates: [], numbers: new Set(), keys: new Set(), typeNames: new Set(), matchWords: new Set(), docs: [], transient: new Set(), classes: new Map(),
  };
  for (const d of tree.definitions) {
    d.names.forEach((n) => idx.names.add(n));
    d.qualified.forEach((n) => idx.qualified.add(n));
    d.properties.forEach((n) => idx.properties.add(n));
    d.strings.forEach((s) => { if (!idx.stringSet.has(s)) idx.stringSet.set(s, d.file); });
    d.numbers.forEach((n) => idx.numbers.add(n));
    d.keys?.forEach((k) => idx.keys.add(k));
    d.matchWords?.forEach((w) => idx.matchWords.add(w));
    d.typeNames?.forEach((w) => idx.typeNames.add(w));
    if (d.docs) idx.docs.push(...d.docs);
    for (const parts of d.templates) idx.templates.push({ parts, file: d.file });
    for (const c of d.classes) idx.classes.set(c.name, { heritage: c.heritage, externalHeritage: c.externalHeritage, methods: new Set(c.methods) });
  }
  idx.strings = [...idx.stringSet.keys()];
  const produced = new Set<string>();
  for (const d of tree.definitions) {
    const t = new Set(d.transient ?? []);
    for (const x of d.strings) if (!t.has(x)) produced.add(x);
  }
  for (const d of tree.definitions) for (const x of d.transient ?? []) if (!produced.has(x)) idx.transient.add(x);
  return idx;
}

export type TProducer = { how: "whole" | "part"; text: string; at: TLocation | null; template: string[] | null };

export interface TClassificationContext {
  base: TTreeIndex;
  gold: TTreeIndex;
  /** Files the hidden tests add: what they import from there the tests supply themselves. */
  testFiles: Set<string>;
  affixes: ReturnType<typeof systematicAffixes>;
  /** Producers per dependency, found once (they do not depend on the history). */
  producers: WeakMap<TDependency, { base: TProducer | null; gold: TProducer | null; changed?: boolean; kept?: TProducer }>;
  /** The base files a test's code reaches, per test file and test (null: unknown), and the base index cut to them. */
  reach: Map<string, Set<string> | null>;
  baseCuts: Map<string, TTreeIndex>;
  /** Gold's strings and templates the base does not hold in the same file: what gold itself writes. */
  goldOwn: TTreeIndex;
  /** How the hidden tests fail on the base (the calibration run of the base patch); null when no run is known. */
  baseFailures: readonly TBaseFailure[] | null;
}

/** Gold's definitions less what the base holds unchanged in the same file. */
function ownOf(base: TTreeDefinitions, gold: TTreeDefinitions): TTreeDefinitions {
  const byFile = new Map(base.definitions.map((d) => [d.file, d]));
  const key = (parts: readonly string[]) => parts.join("\u0000");
  return {
    files: gold.files,
    definitions: gold.definitions.map((d) => {
      const b = byFile.get(d.file);
      if (!b) return d;
      // A string the base writes only to transform it, which gold now outputs as it is, is gold's own.
      const baseTransient = new Set(b.transient ?? []);
      const goldTransient = new Set(d.transient ?? []);
      const strings = new Set(b.strings.filter((x) => !baseTransient.has(x) || goldTransient.has(x)));
      const templates = new Set(b.templates.map(key));
      const keys = new Set(b.keys ?? []);
      const words = new Set(b.matchWords ?? []);
      return {
        ...d, strings: d.strings.filter((x) => !strings.has(x)), templates: d.templates.filter((t) => !templates.has(key(t))),
        keys: d.keys?.filter((k) => !keys.has(k)), matchWords: d.matchWords?.filter((w) => !words.has(w)),
      };
    }),
  };
}

/** The base holds this producer of gold's unchanged, in the same file. */
export function heldByBase(ctx: TClassificationContext, p: TProducer): boolean {
  if (!p.at) return false;
  const b = ctx.base.byFile.get(p.at.file);
  if (!b) return false;
  if (p.template) return b.templates.some((t) => t.join("\u0000") === p.template!.join("\u0000"));
  return !p.text.includes("…") && b.strings.includes(p.text);
}

export function classificationContext(base: TTreeDefinitions, gold: TTreeDefinitions, testFiles: readonly string[], baseFailures: readonly TBaseFailure[] | null = null): TClassificationContext {
  const b = indexTree(base);
  const g = indexTree(gold);
  for (const f of testFiles) g.files.add(f);
  return { base: b, gold: g, testFiles: new Set(testFiles), affixes: systematicAffixes(b.names), producers: new WeakMap(), reach: new Map(), baseCuts: new Map(), goldOwn: indexTree(ownOf(base, gold)), baseFailures };
}

/**
 * A module of a build output the repository does not hold (`../../libesm/patch/parse.js`, which `tsc --outDir libesm`
 * makes from `src/patch/parse.ts`): the source it is built from, `src/<the rest>` with a source extension, when the
 * output's top folder is in no tree and that source is. What the build gives is the source's (held-out 13's jsdiff).
 */
function builtFrom(spec: string, file: string, tree: TTreeIndex): string | null {
  const target = normalizePath(`${dirname(file)}/${spec}`);
  const [top, ...rest] = target?.split("/") ?? [];
  if (!top || rest.length === 0 || top === "src" || [...tree.files].some((f) => f.startsWith(`${top}/`))) return null;
  const stem = `src/${rest.join("/")}`.replace(/\.(c|m)?js$/, "");
  for (const ext of [".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs"]) if (tree.files.has(`${stem}${ext}`)) return `${stem}${ext}`;
  return null;
}

export type TVerdict = { category: TCategory; reason: string; definedAt?: TLocation | null } & Partial<TDependencyEvidence>;

export function resolve(spec: string, file: string, tree: TTreeIndex): string | null {
  const lang = languageOf(file);
  const direct = lang?.resolveModule(spec, file, tree.files) ?? null;
  if (!lang || lang.id === "python" || !spec.startsWith(".")) return direct;
  // A declaration file is never what a require loads: a folder's package.json `main` names what does (fastq's
  // `require('../')` is queue.js, not index.d.ts); the declaration stands only where nothing else does.
  if (direct && !direct.endsWith(".d.ts")) return direct;
  const main = manifestMain(spec, file, tree);
  if (direct) return main && !main.endsWith(".d.ts") ? main : direct;
  return builtFrom(spec, file, tree) ?? main;
}

/** A folder required by path (`require("..")`): the file its package.json's `main` (or `exports`) names. */
function manifestMain(spec: string, file: string, tree: TTreeIndex): string | null {
  const lang = languageOf(file);
  const dir = normalizePath(`${dirname(file)}/${spec}`);
  if (!lang || dir === null) return null;
  const manifest = tree.byFile.get(dir === "" ? "package.json" : `${dir}/package.json`);
  for (const main of manifest?.mains ?? []) {
    const hit = lang.resolveModule(`./${main.replace(/^\.\//, "")}`, dir === "" ? "package.json" : `${dir}/package.json`, tree.files);
    if (hit) return hit;
  }
  return null;
}

