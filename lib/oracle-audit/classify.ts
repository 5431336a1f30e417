// Pure: classifies each dependency of a test file for one history's visible text:
// visible (the base defines it), specified (the text states it), inferable (a
// systematic affix, a file the text names in an existing directory, a method of
// an interface the class implements) or hidden (gold introduces it, nothing fixes it).
import { dirname } from "./language";
import { languageOf } from "./languages";
import type { TCategory, TClassifiedDependency, TDependency, TFileDefinitions, TTestExtraction, TTreeDefinitions } from "./types";
import { affixOf, identifierWords, matchesTemplate, mentionsFileName, mentionsIdentifier, mentionsLiteral, mentionsPath, mentionsTemplate, moduleStem, systematicAffixes } from "./words";

interface TTreeIndex {
  files: Set<string>;
  dirs: Set<string>;
  byFile: Map<string, TFileDefinitions>;
  names: Set<string>;
  qualified: Set<string>;
  properties: Set<string>;
  strings: string[];
  stringSet: Set<string>;
  templates: string[][];
  numbers: Set<string>;
  classes: Map<string, { heritage: string[]; externalHeritage: boolean; methods: Set<string> }>;
}

function indexTree(tree: TTreeDefinitions): TTreeIndex {
  const files = new Set(tree.files);
  const dirs = new Set<string>();
  for (const f of tree.files) for (let d = dirname(f); d; d = dirname(d)) dirs.add(d);
  const idx: TTreeIndex = {
    files, dirs, byFile: new Map(tree.definitions.map((d) => [d.file, d])), names: new Set(), qualified: new Set(), properties: new Set(),
    strings: [], stringSet: new Set(), templates: [], numbers: new Set(), classes: new Map(),
  };
  for (const d of tree.definitions) {
    d.names.forEach((n) => idx.names.add(n));
    d.qualified.forEach((n) => idx.qualified.add(n));
    d.properties.forEach((n) => idx.properties.add(n));
    d.strings.forEach((s) => idx.stringSet.add(s));
    d.numbers.forEach((n) => idx.numbers.add(n));
    idx.templates.push(...d.templates);
    for (const c of d.classes) idx.classes.set(c.name, { heritage: c.heritage, externalHeritage: c.externalHeritage, methods: new Set(c.methods) });
  }
  idx.strings = [...idx.stringSet];
  return idx;
}

export interface TClassificationContext {
  base: TTreeIndex;
  gold: TTreeIndex;
  /** Files the hidden tests add: what they import from there the tests supply themselves. */
  testFiles: Set<string>;
  affixes: ReturnType<typeof systematicAffixes>;
}

export function classificationContext(base: TTreeDefinitions, gold: TTreeDefinitions, testFiles: readonly string[]): TClassificationContext {
  const b = indexTree(base);
  const g = indexTree(gold);
  for (const f of testFiles) g.files.add(f);
  return { base: b, gold: g, testFiles: new Set(testFiles), affixes: systematicAffixes(b.names) };
}

type TVerdict = { category: TCategory; reason: string; definedAt?: { file: string; line: number | null } | null };

const isExternalPath = (spec: string, file: string, ctx: TClassificationContext) => {
  const lang = languageOf(file);
  if (!lang) return true;
  const inGold = lang.resolveModule(spec, file, ctx.gold.files);
  if (inGold) return false;
  return lang.isExternal(spec) || lang.id === "python";
};

function resolve(spec: string, file: string, tree: TTreeIndex): string | null {
  return languageOf(file)?.resolveModule(spec, file, tree.files) ?? null;
}

function filesUnder(tree: TTreeIndex, resolved: string): TFileDefinitions[] {
  if (resolved.endsWith("/")) return [...tree.byFile.values()].filter((d) => d.file.startsWith(resolved));
  const own = tree.byFile.get(resolved);
  return own ? [own] : [];
}

/** Whether a module of the tree defines `name` (re-exports and packages look at the whole tree). */
function moduleDefines(tree: TTreeIndex, resolved: string, name: string): TFileDefinitions | null {
  const defs = filesUnder(tree, resolved);
  const direct = defs.find((d) => d.names.includes(name) || d.qualified.some((q) => q.endsWith(`.${name}`)));
  if (direct) return direct;
  if (defs.some((d) => d.reexportsAll) || resolved.endsWith("/") || defs.length === 0) {
    return [...tree.byFile.values()].find((d) => d.names.includes(name)) ?? null;
  }
  return null;
}

function classHas(tree: TTreeIndex, cls: string, member: string, seen = new Set<string>()): boolean {
  if (tree.qualified.has(`${cls}.${member}`)) return true;
  const c = tree.classes.get(cls);
  if (!c || seen.has(cls)) return false;
  seen.add(cls);
  return c.heritage.some((h) => classHas(tree, h, member, seen));
}

const where = (tree: TTreeIndex, key: string): { file: string; line: number | null } | null => {
  for (const d of tree.byFile.values()) if (d.lines[key] !== undefined) return { file: d.file, line: d.lines[key]! };
  return null;
};

function classifyPath(dep: TDependency, file: string, ctx: TClassificationContext, text: string): TVerdict {
  const inBase = resolve(dep.value, file, ctx.base);
  if (inBase) return { category: "visible", reason: `the base has ${inBase}` };
  const inGold = resolve(dep.value, file, ctx.gold);
  if (inGold && ctx.testFiles.has(inGold)) return { category: "visible", reason: "the hidden tests add this file themselves" };
  if (!inGold) {
    if (isExternalPath(dep.value, file, ctx)) return { category: "visible", reason: "a package outside the repository" };
    return { category: "hidden", reason: "no tree defines this module, not even gold (the reference cannot pass either)" };
  }
  const definedAt = { file: inGold, line: 1 };
  if (mentionsPath(text, dep.value, inGold)) return { category: "specified", reason: "the history names the file", definedAt };
  const dir = dirname(inGold.replace(/\/$/, ""));
  if (mentionsFileName(text, moduleStem(inGold)) && (dir === "" || ctx.base.dirs.has(dir))) {
    return { category: "inferable", reason: `a new file whose name the history gives, in the existing directory ${dir || "(root)"}`, definedAt };
  }
  return { category: "hidden", reason: `gold adds ${inGold}; the history never names it`, definedAt };
}

function nameIntroduced(dep: TDependency, file: string, ctx: TClassificationContext): TVerdict | { introduced: true; definedAt: { file: string; line: number | null } | null } {
  const name = dep.value;
  const spec = dep.module;
  if (spec !== null && isExternalPath(spec, file, ctx)) return { category: "visible", reason: "defined by a package outside the repository" };
  const baseModule = spec !== null ? resolve(spec, file, ctx.base) : null;
  const goldModule = spec !== null ? resolve(spec, file, ctx.gold) : null;
  if (goldModule && ctx.testFiles.has(goldModule)) return { category: "visible", reason: "the hidden tests define it themselves" };
  // Python `from pkg import module`: the name is a module path.
  if (spec !== null && languageOf(file)?.id === "python") {
    const goldPath = resolve(`${spec}${spec.endsWith(".") ? "" : "."}${name}`, file, ctx.gold);
    if (goldPath) {
      const asPath = resolve(`${spec}${spec.endsWith(".") ? "" : "."}${name}`, file, ctx.base);
      if (asPath) return { category: "visible", reason: `the base has the module ${asPath}` };
      return { introduced: true, definedAt: { file: goldPath, line: 1 } };
    }
  }
  if (dep.via === "option" || dep.via === "argument") {
    const fn = (dep.owner ?? "").split("#")[0]!;
    const position = Number((dep.owner ?? dep.value).split("#")[1] ?? 0);
    const arity = ctx.base.byFile.size ? [...ctx.base.byFile.values()].map((d) => d.arity[fn]).find((a) => a !== undefined) : undefined;
    if (arity === null || (arity !== undefined && arity > position && dep.via === "argument")) return { category: "visible", reason: `the base signature of ${fn} takes this argument` };
    if (dep.via === "option" && (ctx.base.properties.has(name) || ctx.base.names.has(name))) return { category: "visible", reason: "the base already reads this option" };
    if (dep.via === "argument") return { introduced: true, definedAt: where(ctx.gold, fn) };
    if (ctx.gold.properties.has(name) || ctx.gold.names.has(name)) return { introduced: true, definedAt: where(ctx.gold, fn) };
    return { category: "visible", reason: "no source reads this option (it changes nothing gold knows of)" };
  }
  if (dep.owner !== null && (dep.via === "property" || dep.via === "method")) {
    const key = `${dep.owner}.${name}`;
    if (classHas(ctx.base, dep.owner, name)) return { category: "visible", reason: `the base defines ${key}` };
    if (classHas(ctx.gold, dep.owner, name)) return { introduced: true, definedAt: where(ctx.gold, key) };
    // Name-level fallback: an owner the trees know nothing about.
    if (!ctx.gold.classes.has(dep.owner) && ctx.base.names.has(name)) return { category: "visible", reason: `the base defines ${name}` };
    if (ctx.gold.names.has(name) && !ctx.base.names.has(name)) return { introduced: true, definedAt: where(ctx.gold, name) };
    return { category: "visible", reason: `no source of the repository defines ${key} (inherited from a library, or computed)` };
  }
  if (dep.owner === null && dep.via === "property") {
    // A key of an expected result: judged by name, and computed when no source writes it.
    const has = (t: TTreeIndex) => t.names.has(name) || t.properties.has(name) || t.stringSet.has(name);
    if (has(ctx.base)) return { category: "visible", reason: `the base already uses ${name}` };
    if (has(ctx.gold)) return { introduced: true, definedAt: where(ctx.gold, name) };
    return { category: "visible", reason: "computed by the behaviour: no source writes this key" };
  }
  if (baseModule ? moduleDefines(ctx.base, baseModule, name) : spec === null && ctx.base.names.has(name)) return { category: "visible", reason: `the base defines ${name}${baseModule ? ` in ${baseModule}` : ""}` };
  const goldDef = goldModule ? moduleDefines(ctx.gold, goldModule, name) : spec === null && ctx.gold.names.has(name) ? [...ctx.gold.byFile.values()].find((d) => d.names.includes(name))! : null;
  if (goldDef) return { introduced: true, definedAt: { file: goldDef.file, line: goldDef.lines[name] ?? null } };
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
  if (dep.via === "argument") {
    const fn = dep.owner ?? "";
    const position = Number(dep.value.split("#")[1]);
    const param = [...ctx.gold.byFile.values()].map((d) => d.params[fn]?.[position]).find(Boolean);
    if ((param && mentionsIdentifier(text, param)) || mentionsIdentifier(text, fn)) return { category: "specified", reason: `the history describes ${fn}'s new argument`, definedAt };
    return { category: "hidden", reason: `gold adds argument ${position + 1} to ${fn}; the history never mentions it`, definedAt };
  }
  if (mentionsIdentifier(text, dep.value)) return { category: "specified", reason: "the history states the name", definedAt };
  const affix = affixOf(dep.value, ctx.base.names, ctx.affixes);
  if (affix) return { category: "inferable", reason: `a base name with an affix the code base uses systematically (${affix})`, definedAt };
  const iface = interfaceOf(dep, ctx);
  if (iface) return { category: "inferable", reason: iface, definedAt };
  return { category: "hidden", reason: `gold introduces ${dep.value}; the history never states it${identifierWords(dep.value).length > 1 ? " (in any case convention)" : ""}`, definedAt };
}

function safeRegex(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern.replace(/^\(\?i\)/, ""), pattern.startsWith("(?i)") ? "i" : "");
  } catch {
    return null;
  }
}

function literalIn(tree: TTreeIndex, dep: TDependency): { found: boolean; template: string[] | null } {
  const v = dep.value;
  if (dep.match === "regex") {
    const re = safeRegex(v);
    if (!re) return { found: false, template: null };
    if (tree.strings.some((s) => re.test(s))) return { found: true, template: null };
    const t = tree.templates.find((parts) => re.test(parts.join("x")) || parts.some((p) => p.length >= 3 && re.test(p)));
    return { found: Boolean(t), template: t ?? null };
  }
  if (/^-?[0-9][0-9_.eExXa-fA-F]*$/.test(v) && tree.numbers.has(v)) return { found: true, template: null };
  if (tree.stringSet.has(v)) return { found: true, template: null };
  if (dep.match === "contains" && tree.strings.some((s) => s.includes(v))) return { found: true, template: null };
  const t = tree.templates.find((parts) => matchesTemplate(v, parts) || (dep.match === "contains" && parts.some((p) => p.length >= v.length && p.includes(v))));
  return { found: Boolean(t), template: t ?? null };
}

function classifyLiteral(dep: TDependency, extraction: TTestExtraction, ctx: TClassificationContext, text: string): TVerdict {
  if (extraction.suppliedLiterals.includes(dep.value)) return { category: "visible", reason: "the test supplies this value itself" };
  if (literalIn(ctx.base, dep).found) return { category: "visible", reason: "the base already has this literal" };
  const gold = literalIn(ctx.gold, dep);
  if (!gold.found) return { category: "visible", reason: "computed by the behaviour: no source holds this literal" };
  if (dep.match === "regex") {
    const re = safeRegex(dep.value);
    if (re?.test(text)) return { category: "specified", reason: "the history states text the pattern matches" };
  } else if (mentionsLiteral(text, dep.value, dep.match === "contains" ? "contains" : "exact")) {
    return { category: "specified", reason: "the history states the literal" };
  }
  if (gold.template && mentionsTemplate(text, gold.template)) return { category: "specified", reason: "the history states the message with its placeholder" };
  return { category: "hidden", reason: `gold introduces this ${/^-?[0-9]/.test(dep.value) && dep.match !== "regex" ? "number" : "literal"}; the history never states it${dep.match === "exact" ? " whole" : ""}` };
}

/** Every dependency of one test file, classified for one history's visible text. */
export function classifyTestFile(extraction: TTestExtraction, ctx: TClassificationContext, text: string): TClassifiedDependency[] {
  return extraction.dependencies.map((dependency) => {
    const verdict =
      dependency.kind === "path" ? classifyPath(dependency, extraction.file, ctx, text)
      : dependency.kind === "name" ? classifyName(dependency, extraction.file, ctx, text)
      : classifyLiteral(dependency, extraction, ctx, text);
    return { dependency, category: verdict.category, reason: verdict.reason, definedAt: verdict.definedAt ?? null };
  });
}
