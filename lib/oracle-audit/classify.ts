// Pure: classifies each dependency of a test file for one history's visible text:
// visible (the base defines or produces it), specified (the text states it), inferable (a
// systematic affix, a file the text names in an existing directory, a method of
// an interface the class implements) or hidden (gold introduces it, nothing fixes it).
// Names are looked up as the module system sees them (re-exports followed); literals are
// judged by their producer (the base, gold, or nobody: computed by the behaviour).
import { canWrite, fixedPointFormats, showsFixedPoint, trailingZeroDecimals } from "./formats";
import { dirname, normalizePath } from "./language";
import { languageOf } from "./languages";
import { compilePattern, holdsCore, regexCore } from "./patterns";
import type { TCategory, TClassifiedDependency, TDependency, TDependencyEvidence, TFileDefinitions, TLocation, TTestExtraction, TTreeDefinitions } from "./types";
import { affixOf, excerptOf, givesIdentifier, statesName, identifierWords, matchesTemplate, mentionsFileName, mentionsIdentifier, mentionsLiteral, mentionsPath, mentionsTemplate, moduleStem, proseForm, statesPosition, systematicAffixes } from "./words";

interface TTemplate {
  parts: string[];
  file: string;
}

interface TTreeIndex {
  files: Set<string>;
  dirs: Set<string>;
  byFile: Map<string, TFileDefinitions>;
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
  /** Words the code's regular expressions match whole (alternatives). */
  matchWords: Set<string>;
  /** Documentation strings: what the code is shown to give (docstring examples). */
  docs: string[];
  classes: Map<string, { heritage: string[]; externalHeritage: boolean; methods: Set<string> }>;
}

function indexTree(tree: TTreeDefinitions): TTreeIndex {
  const files = new Set(tree.files);
  const dirs = new Set<string>();
  for (const f of tree.files) for (let d = dirname(f); d; d = dirname(d)) dirs.add(d);
  const idx: TTreeIndex = {
    files, dirs, byFile: new Map(tree.definitions.map((d) => [d.file, d])), names: new Set(), qualified: new Set(), properties: new Set(),
    strings: [], stringSet: new Map(), templates: [], numbers: new Set(), keys: new Set(), matchWords: new Set(), docs: [], classes: new Map(),
  };
  for (const d of tree.definitions) {
    d.names.forEach((n) => idx.names.add(n));
    d.qualified.forEach((n) => idx.qualified.add(n));
    d.properties.forEach((n) => idx.properties.add(n));
    d.strings.forEach((s) => { if (!idx.stringSet.has(s)) idx.stringSet.set(s, d.file); });
    d.numbers.forEach((n) => idx.numbers.add(n));
    d.keys?.forEach((k) => idx.keys.add(k));
    d.matchWords?.forEach((w) => idx.matchWords.add(w));
    if (d.docs) idx.docs.push(...d.docs);
    for (const parts of d.templates) idx.templates.push({ parts, file: d.file });
    for (const c of d.classes) idx.classes.set(c.name, { heritage: c.heritage, externalHeritage: c.externalHeritage, methods: new Set(c.methods) });
  }
  idx.strings = [...idx.stringSet.keys()];
  return idx;
}

type TProducer = { how: "whole" | "part"; text: string; at: TLocation | null; template: string[] | null };

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
      const strings = new Set(b.strings);
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
function heldByBase(ctx: TClassificationContext, p: TProducer): boolean {
  if (!p.at) return false;
  const b = ctx.base.byFile.get(p.at.file);
  if (!b) return false;
  if (p.template) return b.templates.some((t) => t.join("\u0000") === p.template!.join("\u0000"));
  return !p.text.includes("…") && b.strings.includes(p.text);
}

export function classificationContext(base: TTreeDefinitions, gold: TTreeDefinitions, testFiles: readonly string[]): TClassificationContext {
  const b = indexTree(base);
  const g = indexTree(gold);
  for (const f of testFiles) g.files.add(f);
  return { base: b, gold: g, testFiles: new Set(testFiles), affixes: systematicAffixes(b.names), producers: new WeakMap(), reach: new Map(), baseCuts: new Map(), goldOwn: indexTree(ownOf(base, gold)) };
}

type TVerdict = { category: TCategory; reason: string; definedAt?: TLocation | null } & Partial<TDependencyEvidence>;

const isExternalPath = (spec: string, file: string, ctx: TClassificationContext) => {
  const lang = languageOf(file);
  if (!lang) return true;
  const inGold = lang.resolveModule(spec, file, ctx.gold.files);
  if (inGold) return false;
  return lang.isExternal(spec) || lang.id === "python";
};

function resolve(spec: string, file: string, tree: TTreeIndex): string | null {
  const lang = languageOf(file);
  const direct = lang?.resolveModule(spec, file, tree.files) ?? null;
  if (direct || !lang || lang.id === "python" || !spec.startsWith(".")) return direct;
  // A folder required by path (`require("..")`): its package.json's `main` (or `exports`) names the file.
  const dir = normalizePath(`${dirname(file)}/${spec}`);
  if (dir === null) return null;
  const manifest = tree.byFile.get(dir === "" ? "package.json" : `${dir}/package.json`);
  for (const main of manifest?.mains ?? []) {
    const hit = lang.resolveModule(`./${main.replace(/^\.\//, "")}`, dir === "" ? "package.json" : `${dir}/package.json`, tree.files);
    if (hit) return hit;
  }
  return null;
}

/** A file the build makes: a package.json of the tree names it, though no tree holds it (`build/index.cjs`). */
function buildOutput(spec: string, file: string, tree: TTreeIndex): boolean {
  if (!spec.startsWith(".")) return false;
  const target = normalizePath(`${dirname(file)}/${spec}`);
  if (target === null) return false;
  for (const d of tree.byFile.values()) {
    if (!d.mains) continue;
    const dir = dirname(d.file);
    if (d.mains.some((m) => normalizePath(`${dir}/${m}`) === target)) return true;
  }
  return false;
}

const definesHere = (d: TFileDefinitions, name: string) => d.names.includes(name) || d.qualified.some((q) => q.endsWith(`.${name}`));

/**
 * Whether a module of the tree exports `name` as its module system sees it: defined in the file, or passed on
 * from another module it re-exports (`export *`, `module.exports = require(…)`, `Object.assign(…)`,
 * `from .sub import *` honouring `__all__`), followed iteratively. "unknown": it re-exports a module the tree
 * cannot read (a package), which may define anything.
 */
function moduleExports(tree: TTreeIndex, resolved: string, name: string): TFileDefinitions | "unknown" | null {
  if (resolved.endsWith("/")) {
    const under = [...tree.byFile.values()].filter((d) => d.file.startsWith(resolved));
    return under.find((d) => definesHere(d, name)) ?? (under.length === 0 ? null : [...tree.byFile.values()].find((d) => d.names.includes(name)) ?? null);
  }
  const queue = [resolved];
  const seen = new Set<string>();
  let unknown = false;
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const defs = tree.byFile.get(file);
    if (!defs) {
      // A file the audit could not read (JSON, a parse failure): judged by the whole tree, as before.
      const anywhere = [...tree.byFile.values()].find((d) => d.names.includes(name));
      if (anywhere) return anywhere;
      continue;
    }
    if (definesHere(defs, name)) return defs;
    const lang = languageOf(file);
    for (const spec of defs.reexports ?? []) {
      const target = lang?.resolveModule(spec, file, tree.files) ?? null;
      if (!target) {
        unknown = true;
        continue;
      }
      const targetDefs = tree.byFile.get(target);
      if (lang?.id === "python") {
        if (targetDefs?.all ? !targetDefs.all.includes(name) : name.startsWith("_")) continue;
      }
      queue.push(target);
    }
    if (defs.reexportsAll && (defs.reexports ?? []).length === 0) {
      const anywhere = [...tree.byFile.values()].find((d) => d.names.includes(name));
      if (anywhere) return anywhere;
    }
  }
  return unknown ? "unknown" : null;
}

function classHas(tree: TTreeIndex, cls: string, member: string): boolean {
  const queue = [cls];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const c = queue.shift()!;
    if (tree.qualified.has(`${c}.${member}`)) return true;
    if (seen.has(c)) continue;
    seen.add(c);
    // `Object.assign(C.prototype, require("./api"))`: C has what that module exports.
    for (const d of tree.byFile.values()) {
      for (const m of d.mixins ?? []) {
        if (m.target !== c) continue;
        const target = languageOf(d.file)?.resolveModule(m.spec, d.file, tree.files);
        const found = target ? moduleExports(tree, target, member) : null;
        if (found && found !== "unknown") return true;
      }
    }
    queue.push(...(tree.classes.get(c)?.heritage ?? []));
  }
  return false;
}

const where = (tree: TTreeIndex, key: string): TLocation | null => {
  for (const d of tree.byFile.values()) if (d.lines[key] !== undefined) return { file: d.file, line: d.lines[key]! };
  return null;
};
const locationIn = (d: TFileDefinitions, name: string): TLocation => ({ file: d.file, line: d.lines[name] ?? null });

function classifyPath(dep: TDependency, file: string, ctx: TClassificationContext, text: string): TVerdict {
  const inBase = resolve(dep.value, file, ctx.base);
  if (inBase) return { category: "visible", reason: `the base has ${inBase}`, base: { file: inBase, line: null } };
  const inGold = resolve(dep.value, file, ctx.gold);
  if (inGold && ctx.testFiles.has(inGold)) return { category: "visible", reason: "the hidden tests add this file themselves" };
  if (!inGold) {
    if (isExternalPath(dep.value, file, ctx)) return { category: "visible", reason: "a package outside the repository" };
    if (buildOutput(dep.value, file, ctx.base)) return { category: "visible", reason: "a file the build makes: the base's package.json names it" };
    return { category: "hidden", reason: "no tree defines this module, not even gold (the reference cannot pass either)" };
  }
  const definedAt = { file: inGold, line: 1 };
  if (mentionsPath(text, dep.value, inGold)) return { category: "specified", reason: "the history names the file", definedAt, history: excerptOf(text, [inGold, dep.value.replace(/^(\.\.?\/)+/, ""), moduleStem(inGold)]) };
  const dir = dirname(inGold.replace(/\/$/, ""));
  if (mentionsFileName(text, moduleStem(inGold)) && (dir === "" || ctx.base.dirs.has(dir))) {
    return { category: "inferable", reason: `a new file whose name the history gives, in the existing directory ${dir || "(root)"}`, definedAt, history: excerptOf(text, [moduleStem(inGold)]) };
  }
  return { category: "hidden", reason: `gold adds ${inGold}; the history never names it`, definedAt };
}

type TSignature = { arity: number | null | undefined; params: string[] | undefined; at: TLocation | null };

/** A called function's signature in a tree: in its module (re-exports followed; the module's own export when called by its module name), else anywhere. */
function signatureOf(tree: TTreeIndex, dep: TDependency, file: string, fn: string): TSignature {
  const resolved = dep.module !== null ? resolve(dep.module, file, tree) : null;
  const visit: TFileDefinitions[] = [];
  if (resolved) {
    const queue = [resolved];
    const seen = new Set<string>();
    while (queue.length > 0) {
      const f = queue.shift()!;
      if (seen.has(f)) continue;
      seen.add(f);
      const d = tree.byFile.get(f);
      if (!d) continue;
      visit.push(d);
      const lang = languageOf(f);
      for (const spec of d.reexports ?? []) {
        const t = lang?.resolveModule(spec, f, tree.files);
        if (t) queue.push(t);
      }
    }
  }
  for (const d of visit) if (d.arity[fn] !== undefined) return { arity: d.arity[fn], params: d.params[fn], at: locationIn(d, fn) };
  for (const d of visit) if (d.arity.default !== undefined) return { arity: d.arity.default, params: d.params.default, at: { file: d.file, line: null } };
  for (const d of tree.byFile.values()) if (d.arity[fn] !== undefined) return { arity: d.arity[fn], params: d.params[fn], at: locationIn(d, fn) };
  return { arity: undefined, params: undefined, at: null };
}

type TIntroduced = { introduced: true; definedAt: TLocation | null; param?: string | null };

function nameIntroduced(dep: TDependency, file: string, ctx: TClassificationContext): TVerdict | TIntroduced {
  const name = dep.value;
  const spec = dep.module;
  if (spec !== null && isExternalPath(spec, file, ctx)) return { category: "visible", reason: "defined by a package outside the repository" };
  // A build output (package.json names it; no tree holds it): its names are judged over the whole tree.
  const built = spec !== null && buildOutput(spec, file, ctx.base) && !resolve(spec, file, ctx.gold);
  const baseModule = spec !== null && !built ? resolve(spec, file, ctx.base) : null;
  const goldModule = spec !== null && !built ? resolve(spec, file, ctx.gold) : null;
  if (goldModule && ctx.testFiles.has(goldModule)) return { category: "visible", reason: "the hidden tests define it themselves" };
  // Python `from pkg import module` or `pkg.module.fn()`: the name is a module path (a submodule is an attribute of its package).
  if (spec !== null && languageOf(file)?.id === "python" && (dep.via === "import" || dep.via === "member")) {
    const goldPath = resolve(`${spec}${spec.endsWith(".") ? "" : "."}${name}`, file, ctx.gold);
    if (goldPath) {
      const asPath = resolve(`${spec}${spec.endsWith(".") ? "" : "."}${name}`, file, ctx.base);
      if (asPath) return { category: "visible", reason: `the base has the module ${asPath}`, base: { file: asPath, line: null } };
      return { introduced: true, definedAt: { file: goldPath, line: 1 } };
    }
  }
  if (dep.via === "option" || dep.via === "argument") {
    const fn = (dep.owner ?? "").split("#")[0]!;
    const position = Number((dep.via === "argument" ? dep.value : (dep.owner ?? "")).split("#")[1] ?? NaN);
    const base = signatureOf(ctx.base, dep, file, fn);
    const gold = signatureOf(ctx.gold, dep, file, fn);
    if (dep.via === "argument") {
      // A position the base already accepts (or a rest parameter) is never added by gold.
      if (base.arity === null || (base.arity !== undefined && base.arity > position)) return { category: "visible", reason: `the base signature of ${fn} takes argument ${position + 1}`, base: base.at };
      if (base.arity !== undefined && gold.arity !== undefined && gold.arity !== null && gold.arity <= base.arity) {
        return { category: "visible", reason: `gold's ${fn} takes no more arguments than the base's (an extra argument it ignores)`, base: base.at };
      }
      return { introduced: true, definedAt: gold.at ?? where(ctx.gold, fn), param: gold.params?.[position] ?? null };
    }
    // A keyword or option the base already accepts: a parameter of that name, **kwargs, or an option it reads.
    if (base.params?.includes(name) || (base.arity === null && languageOf(file)?.id === "python")) return { category: "visible", reason: `the base signature of ${fn} accepts ${name}`, base: base.at };
    // An options object passed where the base's function takes no argument at all (`parse(header)` called as
    // `parse(header, { parameters: false })`): the base reads none of its keys, whatever else it spells so.
    const takesNone = languageOf(file)?.id !== "python" && Number.isInteger(position) && typeof base.arity === "number" && base.arity <= position;
    if (takesNone && (ctx.gold.properties.has(name) || ctx.gold.names.has(name))) return { introduced: true, definedAt: gold.at ?? where(ctx.gold, fn) };
    if (!takesNone && (ctx.base.properties.has(name) || ctx.base.names.has(name))) return { category: "visible", reason: "the base already reads this option", base: where(ctx.base, name) };
    if (ctx.gold.properties.has(name) || ctx.gold.names.has(name)) return { introduced: true, definedAt: gold.at ?? where(ctx.gold, fn) };
    return { category: "visible", reason: "no source reads this option (it changes nothing gold knows of)" };
  }
  if (dep.owner !== null && (dep.via === "property" || dep.via === "method")) {
    const key = `${dep.owner}.${name}`;
    if (classHas(ctx.base, dep.owner, name)) return { category: "visible", reason: `the base defines ${key}`, base: where(ctx.base, key) };
    if (classHas(ctx.gold, dep.owner, name)) return { introduced: true, definedAt: where(ctx.gold, key) };
    // Name-level fallback: an owner the trees know nothing about.
    if (!ctx.gold.classes.has(dep.owner) && ctx.base.names.has(name)) return { category: "visible", reason: `the base defines ${name}`, base: where(ctx.base, name) };
    if (ctx.gold.names.has(name) && !ctx.base.names.has(name)) return { introduced: true, definedAt: where(ctx.gold, name) };
    return { category: "visible", reason: `no source of the repository defines ${key} (inherited from a library, or computed)` };
  }
  if (dep.owner === null && dep.via === "property") {
    // A key of an expected result: judged by name, and computed when no source writes it. In JavaScript the code
    // must write it as a key or property (a local variable of that spelling is not a key of any result).
    const script = languageOf(file)?.id === "javascript" || languageOf(file)?.id === "typescript";
    const has = (t: TTreeIndex) => (script ? t.keys.has(name) || [...t.qualified].some((q) => q.endsWith(`.${name}`)) : t.names.has(name)) || t.properties.has(name) || t.stringSet.has(name);
    if (has(ctx.base)) return { category: "visible", reason: `the base already uses ${name}`, base: where(ctx.base, name) };
    if (has(ctx.gold)) return { introduced: true, definedAt: where(ctx.gold, name) };
    return { category: "visible", reason: "computed by the behaviour: no source writes this key" };
  }
  if (baseModule) {
    const inBase = moduleExports(ctx.base, baseModule, name);
    if (inBase === "unknown") return { category: "visible", reason: `${baseModule} re-exports a module outside the repository, which may define ${name}` };
    if (inBase) return { category: "visible", reason: `the base defines ${name}${inBase.file === baseModule ? ` in ${baseModule}` : ` in ${inBase.file}, which ${baseModule} re-exports`}`, base: locationIn(inBase, name) };
  } else if ((spec === null || built) && ctx.base.names.has(name)) return { category: "visible", reason: `the base defines ${name}`, base: where(ctx.base, name) };
  const goldDef = goldModule ? moduleExports(ctx.gold, goldModule, name) : (spec === null || built) && ctx.gold.names.has(name) ? [...ctx.gold.byFile.values()].find((d) => d.names.includes(name))! : null;
  if (goldDef === "unknown") return { category: "visible", reason: `${goldModule} re-exports a module outside the repository, which may define ${name}` };
  if (goldDef) return { introduced: true, definedAt: locationIn(goldDef, name) };
  if (!goldModule && spec !== null) return { category: "hidden", reason: `gold has no module ${spec} to define ${name} (the reference cannot pass either)` };
  return { category: "hidden", reason: `gold's ${goldModule ?? "tree"} does not define ${name} (the reference cannot pass either)` };
}

function interfaceOf(dep: TDependency, ctx: TClassificationContext): string | null {
  if (dep.owner === null) return null;
  const cls = ctx.gold.classes.get(dep.owner);
  if (!cls) return null;
  if (cls.externalHeritage) return `${dep.owner} extends ${cls.heritage.join(", ")} from a library: ${dep.value} belongs to its interface`;
  for (const h of cls.heritage) if (classHas(ctx.base, h, dep.value)) return `${dep.owner} implements ${h}, whose ${dep.value} the base declares`;
  return null;
}

function classifyName(dep: TDependency, file: string, ctx: TClassificationContext, text: string): TVerdict {
  const introduced = nameIntroduced(dep, file, ctx);
  if (!("introduced" in introduced)) return introduced;
  const definedAt = introduced.definedAt;
  const gold = definedAt;
  if (dep.via === "argument") {
    const fn = dep.owner ?? "";
    const position = Number(dep.value.split("#")[1]);
    const param = introduced.param ?? null;
    if (param && mentionsIdentifier(text, param)) return { category: "specified", reason: `the history names ${fn}'s new parameter ${param}`, definedAt, gold, producer: param, history: excerptOf(text, [param]) };
    if (statesPosition(text, position + 1)) return { category: "specified", reason: `the history describes ${fn}'s argument ${position + 1} in words`, definedAt, gold, producer: param, history: excerptOf(text, [`argument`, `parameter`]) };
    if (mentionsIdentifier(text, fn)) return { category: "specified", reason: `the history describes ${fn}, which takes the new argument`, definedAt, gold, producer: param, history: excerptOf(text, [fn]) };
    return { category: "hidden", reason: `gold adds argument ${position + 1} to ${fn}; the history never mentions it`, definedAt, gold, producer: param };
  }
  // A function the agent must define and the test calls is stated only where the history gives its identifier
  // (givesIdentifier): a history describes a function by what it does, so the words of its output or its task
  // ("a Title Case converter", "gives Train-Case") fit many names (`titleCase`, `toTitleCase`). Another exported
  // name must be stated as a name; an option or a key may be stated in prose, since it is named by what it holds
  // ("an optional lookup", "a default port", "the grand total").
  const asCode = dep.via === "import" || dep.via === "require" || dep.via === "member" || dep.via === "member-call";
  const callable = asCode && definedAt !== null && ctx.gold.byFile.get(definedAt.file)?.arity[dep.value] !== undefined;
  if (callable ? givesIdentifier(text, dep.value) : asCode ? statesName(text, dep.value) : mentionsIdentifier(text, dep.value)) return { category: "specified", reason: "the history states the name", definedAt, gold, history: excerptOf(text, [dep.value, identifierWords(dep.value).join(" ")]) };
  // The affix fixes the form, the history the name it is built on: without it stated, any base name could be the stem.
  const affix = affixOf(dep.value, ctx.base.names, ctx.affixes);
  const [head, tail] = affix ? affix.split(" + ") : [];
  const stem = affix ? (ctx.base.names.has(head!) ? head! : tail!) : null;
  if (affix && stem && mentionsIdentifier(text, stem)) return { category: "inferable", reason: `a base name with an affix the code base uses systematically (${affix}), on ${stem}, which the history states`, definedAt, gold };
  const iface = interfaceOf(dep, ctx);
  if (iface) return { category: "inferable", reason: iface, definedAt, gold };
  return { category: "hidden", reason: `gold introduces ${dep.value}; the history never states it${identifierWords(dep.value).length > 1 ? " (in any case convention)" : ""}`, definedAt, gold };
}

const NUMBER = /^-?[0-9][0-9_.eExXa-fA-F]*$/;
/** How little a class makes visible: the order in which a part of a concatenated value takes its wholes' class. */
const RANK: Record<TCategory, number> = { visible: 0, specified: 1, inferable: 2, hidden: 3 };
/**
 * A template can produce a value only through its fixed text: one that is only whitespace, punctuation and
 * placeholders ("{} {}", `f"{major}.{minor}.{patch}"`, `${namespace}.`) produces nothing in particular.
 */
const meaningful = (parts: readonly string[]) => parts.some((p) => /[\p{L}\p{N}]/u.test(p));

/** Where a tree holds a string containing `fragment` (or the fragment holds a substantial string of the tree). */
function holder(tree: TTreeIndex, fragment: string, strict = false): TProducer | null {
  const exact = tree.stringSet.get(fragment);
  if (exact !== undefined) return { how: "whole", text: fragment, at: { file: exact, line: null }, template: null };
  if (fragment.trim().length < 4) return null;
  for (const s of tree.strings) if (s.length > fragment.length && s.includes(fragment)) return { how: "part", text: s, at: { file: tree.stringSet.get(s)!, line: null }, template: null };
  for (const t of tree.templates) {
    if (!meaningful(t.parts)) continue;
    if ((matchesTemplate(fragment, t.parts) && (!strict || coverage(fragment, t.parts) >= 0.5)) || t.parts.some((p) => p.includes(fragment))) return { how: "part", text: t.parts.join("…"), at: { file: t.file, line: null }, template: t.parts };
  }
  for (const s of tree.strings) {
    if (s.trim().length >= 8 && s.length * 2 >= fragment.length && fragment.includes(s)) return { how: "part", text: s, at: { file: tree.stringSet.get(s)!, line: null }, template: null };
  }
  return null;
}

/** Non-whitespace characters of the value a template's fixed text accounts for. */
const coverage = (value: string, parts: readonly string[]) => parts.join("").replace(/\s/g, "").length / Math.max(1, value.replace(/\s/g, "").length);

/**
 * What in a tree can produce the literal the test compares: the same string, a template, or (for long output
 * and patterns) its parts. `strict` (the base): a template must write at least half of the value's text itself —
 * `{} and {}` in another module does not make "1, 2 and 3" something the base produces.
 */
function producerIn(tree: TTreeIndex, dep: TDependency, strict = false): TProducer | null {
  const v = dep.value;
  if (dep.match === "regex") {
    const anywhere = compilePattern(v, dep.flags, true);
    if (anywhere) {
      for (const s of tree.strings) if (anywhere.test(s)) return { how: "whole", text: s, at: { file: tree.stringSet.get(s)!, line: null }, template: null };
      for (const t of tree.templates) {
        if (!meaningful(t.parts)) continue;
        if (anywhere.test(t.parts.join("x")) || t.parts.some((p) => p.trim().length >= 3 && anywhere.test(p))) return { how: "whole", text: t.parts.join("…"), at: { file: t.file, line: null }, template: t.parts };
      }
    }
    // The pattern's fixed text, each fragment written somewhere in the tree.
    const core = regexCore(v);
    if (core.join("").trim().length < 6) return null;
    const found = core.map((f) => holder(tree, f.trim(), strict));
    // The producer is what the tree writes (each fragment's holder), not the pattern's own text.
    if (found.every((f) => f !== null)) return { how: "part", text: found.map((f) => f!.text).join("…"), at: found[0]!.at, template: found.length === 1 ? found[0]!.template : null };
    return null;
  }
  if (NUMBER.test(v)) return tree.numbers.has(v) ? { how: "whole", text: v, at: null, template: null } : tree.stringSet.has(v) ? { how: "whole", text: v, at: { file: tree.stringSet.get(v)!, line: null }, template: null } : null;
  const whole = tree.stringSet.get(v);
  if (whole !== undefined) return { how: "whole", text: v, at: { file: whole, line: null }, template: null };
  for (const t of tree.templates) if (meaningful(t.parts) && (!strict || coverage(v, t.parts) >= 0.5) && matchesTemplate(v, t.parts)) return { how: "whole", text: t.parts.join("…"), at: { file: t.file, line: null }, template: t.parts };
  if (v.trim().length === 0) return null;
  // Long output written in pieces (lines, or a prefix and a value): every piece held by the tree.
  const fragments = v.split(/\n+/).map((f) => f.trim()).filter((f) => /[A-Za-z0-9]/.test(f));
  if (fragments.length === 0) return null;
  const found = fragments.map((f) => holder(tree, f, strict));
  if (found.every((f) => f !== null)) return { how: found.length === 1 ? found[0]!.how : "part", text: found.map((f) => f!.text).join("…"), at: found[0]!.at, template: found.length === 1 ? found[0]!.template : null };
  return null;
}

/** Whether gold still holds the base's producer (the same string, or a template with the same fixed text). */
function goldKeeps(ctx: TClassificationContext, producer: TProducer): boolean {
  if (producer.template) return ctx.gold.templates.some((t) => t.parts.join("\u0000") === producer.template!.join("\u0000"));
  if (NUMBER.test(producer.text) && ctx.gold.numbers.has(producer.text)) return true;
  // Pieces of a pattern or of a long output (joined with …): not one producer gold could rewrite.
  if (producer.how === "part" && producer.text.includes("…")) return true;
  return ctx.gold.stringSet.has(producer.text);
}

/**
 * The files of the base the tested code can reach: from the modules the test's own calls name (a module's local
 * binding followed to the module it loads: `qs.stringify` → lib/stringify.js), else the modules the test file
 * loads, every import followed in gold's tree (the code that runs is gold's) and kept where the base holds it.
 * Null when that is unknown: no repository module named, or a file on the way whose imports are not recorded.
 */
function reachableBase(ctx: TClassificationContext, extraction: TTestExtraction, testLine: number | null | undefined): Set<string> | null {
  const key = `${extraction.file}@${testLine ?? ""}`;
  const cached = ctx.reach.get(key);
  if (cached !== undefined) return cached;
  const named = extraction.dependencies.filter((d) => d.kind === "name" && d.module !== null && d.module.startsWith("."));
  const inTest = testLine != null ? named.filter((d) => d.testLine === testLine) : [];
  const entries = new Set<string>();
  for (const d of inTest.length > 0 ? inTest : named.filter((d) => d.test === null)) {
    const file = resolve(d.module!, extraction.file, ctx.gold);
    if (!file) continue;
    const defs = ctx.gold.byFile.get(file);
    const member = d.via === "argument" || d.via === "option" ? (d.owner ?? "").split("#")[0]! : d.value;
    const bound = defs?.importBindings?.[member];
    const target = bound ? languageOf(file)?.resolveModule(bound, file, ctx.gold.files) : null;
    entries.add(target ?? file);
  }
  let result: Set<string> | null = entries.size === 0 ? null : new Set<string>();
  const queue = [...entries];
  while (result !== null && queue.length > 0) {
    const file = queue.shift()!;
    if (result.has(file)) continue;
    const defs = ctx.gold.byFile.get(file);
    if (!defs || defs.imports === undefined) {
      // A file the audit cannot read for imports (another language, a parse failure): what it reaches is unknown.
      if (languageOf(file)) result = null;
      continue;
    }
    result.add(file);
    const lang = languageOf(file);
    for (const spec of defs.imports) {
      const target = spec.startsWith(".") ? lang?.resolveModule(spec, file, ctx.gold.files) : null;
      if (target) queue.push(target);
    }
  }
  if (result !== null) result = new Set([...result].filter((f) => ctx.base.files.has(f)));
  ctx.reach.set(key, result);
  return result;
}

/** The base's index cut to the files the tested code reaches (one per set of files). */
function baseWithin(ctx: TClassificationContext, files: Set<string> | null): TTreeIndex {
  if (files === null) return ctx.base;
  const key = [...files].sort().join("\n");
  let idx = ctx.baseCuts.get(key);
  if (!idx) {
    idx = indexTree({ files: [...ctx.base.files], definitions: [...ctx.base.byFile.values()].filter((d) => files.has(d.file) || d.file.endsWith("package.json")) });
    ctx.baseCuts.set(key, idx);
  }
  return idx;
}

function producers(ctx: TClassificationContext, dep: TDependency, reach: Set<string> | null = null) {
  let p = ctx.producers.get(dep);
  if (!p) {
    p = { base: producerIn(baseWithin(ctx, reach), dep, true), gold: null };
    // Gold changes the base's producer (rewrites the message): what the test compares is gold's, not the base's.
    if (p.base && !goldKeeps(ctx, p.base)) {
      const gold = producerIn(ctx.gold, dep);
      if (gold && !(gold.template ? false : ctx.base.stringSet.has(gold.text))) p = { base: null, gold, changed: true };
    }
    if (!p.base && !p.gold) {
      // Gold "introduces" a literal only through a producer it adds or rewrites: one the base holds unchanged in the
      // same file is the base's behaviour (natural_list's template, kept while gold adds an early return).
      const any = producerIn(ctx.gold, dep);
      if (any && heldByBase(ctx, any)) {
        const fresh = producerIn(ctx.goldOwn, dep);
        if (fresh) p.gold = fresh;
        else p.kept = any;
      } else p.gold = any;
    }
    ctx.producers.set(dep, p);
  }
  return p;
}

/** A name the code must recognise, passed in an options object: only the same string or key names it. */
function classifySelector(dep: TDependency, ctx: TClassificationContext, text: string): TVerdict {
  const held = (t: TTreeIndex) => t.stringSet.has(dep.value) || t.keys.has(dep.value);
  if (held(ctx.base)) return { category: "visible", reason: "the base already recognises this name (it writes the same string or key)", producer: dep.value };
  if (!held(ctx.gold)) return { category: "visible", reason: "no source writes this name: the code does not look it up by this spelling" };
  const at = ctx.gold.stringSet.get(dep.value) ?? [...ctx.gold.byFile.values()].find((d) => d.keys?.includes(dep.value))?.file ?? null;
  const evidence = { gold: at ? { file: at, line: null } : null, producer: dep.value, definedAt: at ? { file: at, line: null } : null };
  if (mentionsLiteral(text, dep.value, "exact") || mentionsIdentifier(text, dep.value)) return { category: "specified", reason: "the history states the name", ...evidence, history: excerptOf(text, [dep.value]) };
  return { category: "hidden", reason: "gold adds this name to what the code recognises; the history never states it", ...evidence };
}

function classifyLiteral(dep: TDependency, extraction: TTestExtraction, ctx: TClassificationContext, text: string): TVerdict {
  if (dep.via === "selector") return classifySelector(dep, ctx, text);
  if (extraction.suppliedLiterals.includes(dep.value)) return { category: "visible", reason: "the test supplies this value itself" };
  // A part of a concatenated expected value: judged by the whole strings it makes, the least visible of them.
  if (dep.wholes && dep.wholes.length > 0) {
    const verdicts = dep.wholes.map((whole) => classifyLiteral({ ...dep, value: whole, match: "exact", wholes: undefined }, extraction, ctx, text));
    const worst = verdicts.reduce((a, b) => (RANK[b.category] > RANK[a.category] ? b : a));
    return { ...worst, reason: `part of the expected ${JSON.stringify(dep.wholes[0])}: ${worst.reason}` };
  }
  const { base, gold } = producers(ctx, dep, reachableBase(ctx, extraction, dep.testLine));
  if (base) return { category: "visible", reason: `the base already ${base.how === "whole" ? "has this literal" : "writes the text it is made of"}${base.at ? ` (${base.at.file})` : ""}`, base: base.at, producer: base.text };
  const kept = producers(ctx, dep).kept;
  if (!gold && kept) return { category: "visible", reason: `the base's own code produces it: gold keeps its producer unchanged (${kept.at?.file ?? "the base"})`, base: kept.at, producer: kept.text };
  if (!gold) return computedOutput(dep, extraction, ctx, text);
  const evidence = { gold: gold.at, producer: gold.text, definedAt: gold.at };
  if (dep.match === "regex") {
    // Wherever the history states it: anchors do not tie the pattern to the start of the history.
    const anywhere = compilePattern(dep.value, dep.flags, true);
    const m = anywhere ? anywhere.exec(text) : null;
    if (m) return { category: "specified", reason: "the history states text the pattern matches", ...evidence, history: excerptOf(text, [m[0]]) };
    const core = regexCore(dep.value);
    if (core.join("").trim().length >= 4 && holdsCore(text, core, dep.flags)) return { category: "specified", reason: "the history states the pattern's fixed text", ...evidence, history: excerptOf(text, core) };
  } else {
    const mode = dep.match === "contains" ? "contains" : "exact";
    if (mentionsLiteral(text, dep.value, mode) || (proseForm(dep.value) !== dep.value && mentionsLiteral(text, proseForm(dep.value), mode))) {
      return { category: "specified", reason: "the history states the literal", ...evidence, history: excerptOf(text, [dep.value, proseForm(dep.value)]) };
    }
    // Gold writes part of it (`; Priority=High` after the test's own `foo=bar`): stating gold's part states it.
    const own = gold.how === "part" && !gold.template ? gold.text.trim() : null;
    if (own && own.length >= 4 && own.length < dep.value.length && mentionsLiteral(text, own, "contains")) {
      return { category: "specified", reason: "the history states the text gold writes into it", ...evidence, history: excerptOf(text, [own]) };
    }
  }
  if (gold.template && mentionsTemplate(text, gold.template)) return { category: "specified", reason: "the history states the message with its placeholder", ...evidence, history: excerptOf(text, gold.template) };
  const convention = messageConvention(dep, extraction, ctx, text);
  if (convention) return { category: "inferable", reason: convention, ...evidence };
  const what = NUMBER.test(dep.value) && dep.match !== "regex" ? "number" : dep.match === "regex" ? "text the pattern matches" : "literal";
  const how = producers(ctx, dep).changed ? "changes the text that produces" : "introduces";
  return { category: "hidden", reason: `gold ${how} this ${what}; the history never states it${dep.match === "exact" ? " whole" : ""}`, ...evidence };
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_]/u.test(c);
/** `piece` stands in `value` as a whole: no letter or digit runs on across an edge of it that is a letter or digit. */
function holdsPiece(value: string, piece: string): boolean {
  for (let at = value.indexOf(piece); at !== -1; at = value.indexOf(piece, at + 1)) {
    const before = isWordChar(piece[0]) && isWordChar(value[at - 1]);
    const after = isWordChar(piece.at(-1)) && isWordChar(value[at + piece.length]);
    if (!before && !after) return true;
  }
  return false;
}

/**
 * What gold's new code writes as data — a string, an object key, a word one of its patterns matches whole — that the
 * base writes nowhere, that the test does not feed in, and that the computed output holds as a whole piece
 * (`video` of `video/mp4`, gold's new `video: 3` score; `is` of `This is a Title`, gold's list of small words; `.0`
 * of `3.4.5-rc1.0`). Gold introduces that part of the output, as it does a message it writes.
 */
function goldPieces(dep: TDependency, extraction: TTestExtraction, ctx: TClassificationContext): string[] {
  const own = ctx.goldOwn;
  const candidates = new Set([...own.strings, ...own.keys, ...own.matchWords]);
  const pieces: string[] = [];
  for (const piece of candidates) {
    const p = piece.trim();
    if (p.length < 2 || !/[\p{L}\p{N}]/u.test(p) || p === dep.value) continue;
    if (ctx.base.stringSet.has(p) || ctx.base.keys.has(p) || ctx.base.matchWords.has(p)) continue;
    // The base's documentation already shows it as the base's output (a docstring's `'rc.1'`).
    if (ctx.base.docs.some((d) => holdsPiece(d, p))) continue;
    if (!holdsPiece(dep.value, p)) continue;
    if (extraction.suppliedLiterals.some((s) => holdsPiece(s, p))) continue;
    pieces.push(p);
  }
  return pieces;
}

/**
 * A literal no source holds, computed by the behaviour: the base's (visible) unless it holds a piece gold's new
 * code writes as data (goldPieces) — then gold introduces it: specified when the history states it whole, inferable
 * when the history states every such piece (the data the output is made of), hidden otherwise.
 */
function computedOutput(dep: TDependency, extraction: TTestExtraction, ctx: TClassificationContext, text: string): TVerdict {
  const computed: TVerdict = { category: "visible", reason: "computed by the behaviour: no source holds this literal" };
  // Only an output compared whole: a substring the test looks for in a computed output (`'"msg": "hello"' in …`,
  // the synthetic corpus labels it computed by json.dumps) is left as before.
  if (dep.match !== "exact" || dep.value.length > 200) return computed;
  const counted = dep.counterBound ? countedBound(dep, extraction, ctx, text) : null;
  if (counted) return counted;
  const fixed = fixedPointOutput(dep, extraction, ctx, text);
  if (fixed) return fixed;
  if (NUMBER.test(dep.value)) return computed;
  const pieces = goldPieces(dep, extraction, ctx);
  if (pieces.length === 0) return computed;
  const at = (() => {
    for (const d of ctx.goldOwn.byFile.values()) if (pieces.some((p) => d.strings.includes(p) || d.keys?.includes(p) || d.matchWords?.includes(p))) return { file: d.file, line: null };
    return null;
  })();
  const evidence = { gold: at, producer: pieces.join(", "), definedAt: at };
  if (mentionsLiteral(text, dep.value, "exact") || (proseForm(dep.value) !== dep.value && mentionsLiteral(text, proseForm(dep.value), "exact"))) {
    return { category: "specified", reason: "the history states the literal", ...evidence, history: excerptOf(text, [dep.value, proseForm(dep.value)]) };
  }
  const unstated = pieces.filter((p) => !holdsPiece(text, p));
  if (unstated.length === 0) return { category: "inferable", reason: `computed from data gold writes (${pieces.map((p) => JSON.stringify(p)).join(", ")}), which the history states`, ...evidence, history: excerptOf(text, pieces) };
  return { category: "hidden", reason: `gold's new code writes ${unstated.map((p) => JSON.stringify(p)).join(", ")}, which this output holds; the history never states it`, ...evidence };
}

/**
 * A bound on a count the test keeps itself (`assertLessEqual(hash_count, 14)`, the test's own `__hash__` counting):
 * how the code works, which no output fixes. When the test counts through a function gold adds, the bound is gold's:
 * specified when the history states the number, hidden otherwise. Through the base's own function it stays computed.
 */
function countedBound(dep: TDependency, extraction: TTestExtraction, ctx: TClassificationContext, text: string): TVerdict | null {
  const through = extraction.dependencies.find((d) => d.kind === "name" && d.testLine === dep.testLine && d.via !== "import" && !ctx.base.names.has(d.value) && ctx.gold.names.has(d.value));
  if (!through) return null;
  const evidence = { gold: null, producer: `the count the test keeps through ${through.value}`, definedAt: null };
  if (mentionsLiteral(text, dep.value, "exact")) return { category: "specified", reason: "the history states the bound", ...evidence, history: excerptOf(text, [dep.value]) };
  return { category: "hidden", reason: `a bound on what the test counts through ${through.value}, which gold adds; the history never states it`, ...evidence };
}

/**
 * A number written with trailing zeros after the point (`14,308.40`) that only a fixed-point format gold adds can
 * write — the base, within what the tested code reaches, has no fixed-point format of that many decimals — is
 * gold's: specified when the history states it whole, inferable when it shows the format by an output with
 * trailing zeros, hidden otherwise. A bare number the test compares as a number (not quoted) is left alone.
 */
function fixedPointOutput(dep: TDependency, extraction: TTestExtraction, ctx: TClassificationContext, text: string): TVerdict | null {
  const counts = trailingZeroDecimals(dep.value);
  if (counts.length === 0) return null;
  if (NUMBER.test(dep.value) && !dep.text.includes(`"${dep.value}"`) && !dep.text.includes(`'${dep.value}'`) && !dep.text.includes(`\`${dep.value}\``)) return null;
  const base = baseWithin(ctx, reachableBase(ctx, extraction, dep.testLine));
  const baseFormats = fixedPointFormats(base.strings, base.properties);
  const goldFormats = fixedPointFormats(ctx.goldOwn.strings, ctx.goldOwn.properties);
  const goldOnly = counts.filter((n) => !canWrite(baseFormats, n) && canWrite(goldFormats, n));
  if (goldOnly.length === 0) return null;
  const at = [...ctx.goldOwn.byFile.values()].find((d) => canWrite(fixedPointFormats(d.strings, d.properties), goldOnly[0]!))?.file ?? null;
  const evidence = { gold: at ? { file: at, line: null } : null, producer: `a fixed-point format of ${goldOnly[0]} decimals`, definedAt: at ? { file: at, line: null } : null };
  if (mentionsLiteral(text, dep.value, "exact")) return { category: "specified", reason: "the history states the literal", ...evidence, history: excerptOf(text, [dep.value]) };
  if (showsFixedPoint(text)) return { category: "inferable", reason: "written by a fixed-point format gold adds, which the history shows by an output with trailing zeros", ...evidence };
  return { category: "hidden", reason: `only a fixed-point format gold adds writes its trailing zeros (${goldOnly[0]} decimals); the history never states it or the format`, ...evidence };
}

/**
 * A message that follows a form the base uses systematically for the same thing: with one word — a name the
 * test uses or the history gives (the option) — put back by another, the base writes at least two such messages
 * (`option priority is invalid` beside `option path is invalid`, `option domain is invalid`).
 */
function messageConvention(dep: TDependency, extraction: TTestExtraction, ctx: TClassificationContext, text: string): string | null {
  const value = dep.match === "regex" ? (regexCore(dep.value).length === 1 ? regexCore(dep.value)[0]! : null) : dep.value;
  if (!value || value.length > 200) return null;
  const used = new Set(extraction.dependencies.filter((d) => d.kind === "name").map((d) => d.value));
  const words = value.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [];
  for (const word of new Set(words)) {
    if (!used.has(word) && !mentionsIdentifier(text, word)) continue;
    const at = value.indexOf(word);
    const before = value.slice(0, at);
    const after = value.slice(at + word.length);
    if ((before + after).replace(/\s/g, "").length < 6) continue;
    const siblings = ctx.base.strings.filter((s) => s.length > before.length + after.length && s.startsWith(before) && s.endsWith(after) && /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(s.slice(before.length, s.length - after.length)));
    if (siblings.length >= 2) return `the base writes this form for the same thing (${siblings.slice(0, 3).map((x) => `"${x}"`).join(", ")}): with this name in it, the message follows`;
  }
  return null;
}

/** Every dependency of one test file, classified for one history's visible text, each with its evidence. */
export function classifyTestFile(extraction: TTestExtraction, ctx: TClassificationContext, text: string): TClassifiedDependency[] {
  return extraction.dependencies.map((dependency) => {
    const verdict =
      dependency.kind === "path" ? classifyPath(dependency, extraction.file, ctx, text)
      : dependency.kind === "name" ? classifyName(dependency, extraction.file, ctx, text)
      : classifyLiteral(dependency, extraction, ctx, text);
    const definedAt = verdict.definedAt ?? null;
    return {
      dependency, category: verdict.category, reason: verdict.reason, definedAt,
      evidence: { base: verdict.base ?? null, gold: verdict.gold ?? definedAt, history: verdict.history ?? null, producer: verdict.producer ?? null },
    };
  });
}
