// Pure: classifies each dependency of a test file for one history's visible text:
// visible (the base defines or produces it), specified (the text states it), inferable (a
// systematic affix, a file the text names in an existing directory, a method of
// an interface the class implements) or hidden (gold introduces it, nothing fixes it).
// Names are looked up as the module system sees them (re-exports followed); literals are
// judged by their producer (classify-literals.ts: the base, gold, or nobody: computed by the behaviour).
import { classifyEchoedLiteral, classifyLiteral } from "./classify-literals";
import { dirname, normalizePath } from "./language";
import { languageOf } from "./languages";
import { classificationContext, resolve, type TClassificationContext, type TTreeIndex, type TVerdict } from "./tree-index";
import type { TClassifiedDependency, TDependency, TFileDefinitions, TLocation, TTestExtraction } from "./types";
import { affixOf, excerptOf, givesIdentifier, statesName, identifierWords, mentionsFileName, mentionsIdentifier, mentionsPath, moduleStem, statesCallWith, statesLiteral, statesPosition } from "./words";

export { classificationContext, type TClassificationContext };

const isExternalPath = (spec: string, file: string, ctx: TClassificationContext) => {
  const lang = languageOf(file);
  if (!lang) return true;
  const inGold = lang.resolveModule(spec, file, ctx.gold.files);
  if (inGold) return false;
  return lang.isExternal(spec) || lang.id === "python";
};

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

// Members of Function.prototype and Object.prototype: what `fn.bind`, `fn.length`, `obj.hasOwnProperty` read (gaps8).
const BUILT_IN_MEMBERS = new Set(["bind", "call", "apply", "toString", "length", "name", "arguments", "caller", "prototype", "constructor", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "valueOf", "__proto__"]);
const isScript = (file: string) => languageOf(file)?.id === "javascript" || languageOf(file)?.id === "typescript";
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
    // A file named like a test is read only here, as the module a test imports from (gaps7).
    const defs = tree.byFile.get(file) ?? tree.testModules.get(file);
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

function qualifiedIn(tree: TTreeIndex, cls: string, member: string): boolean {
  return tree.qualified.has(`${cls}.${member}`);
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

/**
 * What neither tree defines as the audit reads them. Gold passes its tests, so something the audit does not read
 * provides it (a build step, a package, the runtime, a definition made at run time): never a name gold introduces, so
 * never hidden. Listed with the reason, never a finding (before analyzer 22 these were hidden, "the reference cannot
 * pass either", and made most of the held-out sets' false alarms).
 */
const notResolved = (what: string): TVerdict => ({
  category: "visible",
  reason: `not resolved: ${what}; gold passes its tests, so something the audit does not read provides it (not gold's addition)`,
});

const where = (tree: TTreeIndex, key: string): TLocation | null => {
  for (const d of tree.byFile.values()) if (d.lines[key] !== undefined) return { file: d.file, line: d.lines[key]! };
  return null;
};
const locationIn = (d: TFileDefinitions, name: string): TLocation => ({ file: d.file, line: d.lines[name] ?? null });

/**
 * A data file (JSON) gold adds in the hidden test's own folder (`require("./cases.json")` of test/test.js): the
 * tests' inputs, moved out of the test file and shipped with it, not code the agent writes. Prompted by
 * xml-name-validator-boolean-results (held-out 18), whose `cases.name.valid` read as gold introducing `name`.
 */
const testDataFile = (resolved: string | null, file: string) => resolved !== null && /\.json$/i.test(resolved) && dirname(resolved) === dirname(file);

function classifyPath(dep: TDependency, file: string, ctx: TClassificationContext, text: string): TVerdict {
  const inBase = resolve(dep.value, file, ctx.base);
  if (inBase) return { category: "visible", reason: `the base has ${inBase}`, base: { file: inBase, line: null } };
  const inGold = resolve(dep.value, file, ctx.gold);
  if (inGold && ctx.testFiles.has(inGold)) return { category: "visible", reason: "the hidden tests add this file themselves" };
  if (testDataFile(inGold, file)) return { category: "visible", reason: `the hidden tests' own data file (${inGold}), beside them` };
  if (!inGold) {
    if (isExternalPath(dep.value, file, ctx)) return { category: "visible", reason: "a package outside the repository" };
    if (buildOutput(dep.value, file, ctx.base)) return { category: "visible", reason: "a file the build makes: the base's package.json names it" };
    return notResolved("no tree holds this module");
  }
  const definedAt = { file: inGold, line: 1 };
  if (mentionsPath(text, dep.value, inGold)) return { category: "specified", reason: "the history names the file", definedAt, history: excerptOf(text, [inGold, dep.value.replace(/^(\.\.?\/)+/, ""), moduleStem(inGold)]) };
  const dir = dirname(inGold.replace(/\/$/, ""));
  if (mentionsFileName(text, moduleStem(inGold)) && (dir === "" || ctx.base.dirs.has(dir))) {
    return { category: "inferable", reason: `a new file whose name the history gives, in the existing directory ${dir || "(root)"}`, definedAt, history: excerptOf(text, [moduleStem(inGold)]) };
  }
  const layout = folderLayout(inGold, ctx.base);
  if (layout && givesIdentifier(text, layout.item)) {
    return { category: "inferable", reason: `a new ${layout.parent}/<name>/${layout.leaf}, as the base keeps ${layout.count} others, for ${layout.item}, which the history names`, definedAt, history: excerptOf(text, [layout.item]) };
  }
  return { category: "hidden", reason: `gold adds ${inGold}; the history never names it`, definedAt };
}

/**
 * A file in a folder the base lacks, laid out as the base lays out its items: `src/matchers/toResolve/index.js`
 * where the base holds `src/matchers/<name>/index.js` for at least three other names (jest-extended's 57 matchers,
 * held-out 22). The folder's name is the item's; its file's place then follows from the convention. Null otherwise.
 */
function folderLayout(path: string, base: TTreeIndex): { parent: string; item: string; leaf: string; count: number } | null {
  const parts = path.split("/");
  if (parts.length < 3) return null;
  const leaf = parts.at(-1)!;
  const item = parts.at(-2)!;
  const parent = parts.slice(0, -2).join("/");
  if (base.dirs.has(`${parent}/${item}`)) return null;
  let count = 0;
  for (const f of base.files) {
    if (!f.startsWith(`${parent}/`) || !f.endsWith(`/${leaf}`)) continue;
    const folder = f.slice(parent.length + 1, -leaf.length - 1);
    if (folder === "" || folder.includes("/")) continue;
    count += 1;
  }
  return count >= 3 ? { parent, item, leaf, count } : null;
}

/** `picks`: the keywords the function takes by name out of its **kwargs (Python; gaps6). */
type TSignature = { arity: number | null | undefined; params: string[] | undefined; at: TLocation | null; picks?: string[] };

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
  for (const d of visit) if (d.arity[fn] !== undefined) return { arity: d.arity[fn], params: d.params[fn], at: locationIn(d, fn), picks: d.kwargsKeys?.[fn] };
  for (const d of visit) if (!fn.includes(".") && d.arity.default !== undefined) return { arity: d.arity.default, params: d.params.default, at: { file: d.file, line: null }, picks: d.kwargsKeys?.default };
  for (const d of tree.byFile.values()) if (d.arity[fn] !== undefined) return { arity: d.arity[fn], params: d.params[fn], at: locationIn(d, fn), picks: d.kwargsKeys?.[fn] };
  return { arity: undefined, params: undefined, at: null };
}

type TIntroduced = { introduced: true; definedAt: TLocation | null; param?: string | null; moved?: string };

/**
 * The base's parameter at a position, where gold's signature takes it at another position or among another position's
 * destructured options (`(onChange, { context })` → `(globalObject, args, { context, onChange })`), and gold's parameter
 * there is none of the base's: gold moves what the position means. A parameter renamed in place is not moved.
 */
function movedParameter(base: readonly string[] | undefined, gold: readonly string[] | undefined, position: number): string | null {
  const was = base?.[position];
  const now = gold?.[position];
  if (!was || !now || !gold || was === now) return null;
  const names = (param: string): string[] => param.match(/[A-Za-z_$][\w$]*/g) ?? [];
  const wasNames = names(was);
  if (wasNames.length === 0 || names(now).some((n) => wasNames.includes(n))) return null;
  return wasNames.every((n) => gold.some((other, i) => i !== position && names(other).includes(n))) ? was : null;
}

function nameIntroduced(dep: TDependency, file: string, ctx: TClassificationContext, text: string): TVerdict | TIntroduced {
  const name = dep.value;
  const spec = dep.module;
  if (spec !== null && isExternalPath(spec, file, ctx)) return { category: "visible", reason: "defined by a package outside the repository" };
  // A build output (package.json names it; no tree holds it): its names are judged over the whole tree.
  const built = spec !== null && buildOutput(spec, file, ctx.base) && !resolve(spec, file, ctx.gold);
  const baseModule = spec !== null && !built ? resolve(spec, file, ctx.base) : null;
  const goldModule = spec !== null && !built ? resolve(spec, file, ctx.gold) : null;
  if (goldModule && ctx.testFiles.has(goldModule)) return { category: "visible", reason: "the hidden tests define it themselves" };
  if (!baseModule && testDataFile(goldModule, file)) return { category: "visible", reason: `a key of the hidden tests' own data file (${goldModule})` };
  // Python `from pkg import module` or `pkg.module.fn()`: the name is a module path (a submodule is an attribute of its package).
  if (spec !== null && languageOf(file)?.id === "python" && (dep.via === "import" || dep.via === "member")) {
    const goldPath = resolve(`${spec}${spec.endsWith(".") ? "" : "."}${name}`, file, ctx.gold);
    if (goldPath) {
      const asPath = resolve(`${spec}${spec.endsWith(".") ? "" : "."}${name}`, file, ctx.base);
      if (asPath) return { category: "visible", reason: `the base has the module ${asPath}`, base: { file: asPath, line: null } };
      return { introduced: true, definedAt: { file: goldPath, line: 1 } };
    }
  }
  if (dep.via === "fixture") {
    // A pytest fixture: a function of a conftest.py in the test's folder or above it (or of a plugin module). Where the
    // hidden tests define it, it is theirs.
    const folders = file.split("/").slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join("/"));
    const conftests = new Set(["conftest.py", ...folders.map((f) => `${f}/conftest.py`)]);
    const definedIn = (t: TTreeIndex) => [...t.testModules.values()].find((d) => conftests.has(d.file) && d.names.includes(name)) ?? [...t.byFile.values()].find((d) => d.names.includes(name)) ?? null;
    const inBase = definedIn(ctx.base);
    if (inBase) return { category: "visible", reason: `the base's ${inBase.file} defines the fixture ${name}`, base: locationIn(inBase, name) };
    const inGold = definedIn(ctx.gold);
    if (inGold && ctx.testFiles.has(inGold.file)) return { category: "visible", reason: "the hidden tests define it themselves" };
    if (inGold) return { introduced: true, definedAt: locationIn(inGold, name) };
    return { category: "visible", reason: `no source defines a fixture ${name}: pytest's or a plugin's` };
  }
  if (dep.via === "option" || dep.via === "argument") {
    const fn = (dep.owner ?? "").split("#")[0]!;
    const position = Number((dep.via === "argument" ? dep.value : (dep.owner ?? "")).split("#")[1] ?? NaN);
    const base = signatureOf(ctx.base, dep, file, fn);
    const gold = signatureOf(ctx.gold, dep, file, fn);
    if (dep.via === "argument") {
      // A position whose base parameter gold takes elsewhere (gold inserts one before it, or moves it into an options
      // object): what the test passes there means something else to gold.
      const moved = movedParameter(base.params, gold.params, position);
      if (moved) return { introduced: true, definedAt: gold.at ?? where(ctx.gold, fn), param: gold.params![position]!, moved };
      // A position the base already accepts (or a rest parameter) is never added by gold.
      if (base.arity === null || (base.arity !== undefined && base.arity > position)) return { category: "visible", reason: `the base signature of ${fn} takes argument ${position + 1}`, base: base.at };
      if (base.arity !== undefined && gold.arity !== undefined && gold.arity !== null && gold.arity <= base.arity) {
        return { category: "visible", reason: `gold's ${fn} takes no more arguments than the base's (an extra argument it ignores)`, base: base.at };
      }
      // A function gold introduces carries its own arguments: the function is the dependency (judged as a name),
      // its second argument is no "added argument" of its own (ohash-is-equal, held-out 4).
      const bare = fn.split(".").at(-1)!;
      const method = fn.includes(".");
      const isNew = method ? !classHas(ctx.base, fn.slice(0, fn.lastIndexOf(".")), bare) : gold.arity !== undefined;
      if (base.arity === undefined && isNew) {
        return givesIdentifier(text, bare)
          ? { category: "specified", reason: `an argument of gold's new function ${fn}, which the history states`, history: excerptOf(text, [bare]) }
          : { category: "inferable", reason: `an argument of gold's new function ${fn}: it comes with ${fn}, judged as a name of its own` };
      }
      // A function or method whose signature neither tree records (a class body's method, a value a module computes):
      // nothing to judge a position by, and nothing that says gold added it.
      if (base.arity === undefined && gold.arity === undefined) return notResolved(`no tree gives ${fn} a signature to judge argument ${position + 1} by`);
      return { introduced: true, definedAt: gold.at ?? where(ctx.gold, fn), param: gold.params?.[position] ?? null };
    }
    // A keyword or option the base already accepts: a parameter of that name, **kwargs, or an option it reads.
    // Python **kwargs: a function that picks keywords out of it by name (`kwargs.pop("prefix", "")`) and passes the rest
    // on accepts those; a keyword gold's same function starts picking is gold's (gaps6, held-out 6's JsonFormatter).
    const picked = languageOf(file)?.id === "python" && base.arity === null && !base.params?.includes(name) && (base.picks?.length ?? 0) > 0 && !base.picks!.includes(name) && gold.picks?.includes(name);
    if (picked) return { introduced: true, definedAt: gold.at ?? where(ctx.gold, fn) };
    if (base.params?.includes(name) || (base.arity === null && languageOf(file)?.id === "python")) return { category: "visible", reason: `the base signature of ${fn} accepts ${name}`, base: base.at };
    // An options object passed where the base's function takes no argument at all (`parse(header)` called as
    // `parse(header, { parameters: false })`): the base reads none of its keys, whatever else it spells so.
    // Python: a keyword is accepted by the called function's signature alone. Where the base's signature is known and
    // takes no **kwargs, a keyword it lacks raises TypeError — an attribute of that spelling the base reads on another
    // object (`self.break_long_words` in a TextWrapper subclass) is not the function accepting it.
    if (languageOf(file)?.id === "python" && typeof base.arity === "number" && base.params && (gold.arity === null || gold.params?.includes(name))) {
      return { introduced: true, definedAt: gold.at ?? where(ctx.gold, fn) };
    }
    const takesNone = languageOf(file)?.id !== "python" && Number.isInteger(position) && typeof base.arity === "number" && base.arity <= position;
    if (takesNone && (ctx.gold.properties.has(name) || ctx.gold.names.has(name))) return { introduced: true, definedAt: gold.at ?? where(ctx.gold, fn) };
    if (!takesNone && (ctx.base.properties.has(name) || ctx.base.names.has(name))) return { category: "visible", reason: "the base already reads this option", base: where(ctx.base, name) };
    if (ctx.gold.properties.has(name) || ctx.gold.names.has(name)) return { introduced: true, definedAt: gold.at ?? where(ctx.gold, fn) };
    return { category: "visible", reason: "no source reads this option (it changes nothing gold knows of)" };
  }
  // A member of a whole module bound to a class's name (`MIMEType.parse`), where a tree defines that class: a static
  // member of the class the module exports, judged as the class's (gaps6).
  const staticMember = (dep.via === "member" || dep.via === "member-call") && dep.owner !== null && dep.owner !== "default" && (ctx.gold.classes.has(dep.owner) || ctx.base.classes.has(dep.owner));
  if (dep.owner !== null && (dep.via === "property" || dep.via === "method" || staticMember)) {
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
  // Gold's new module passing on what a module of the base already exports (consola's new src/index.ts, `export *` of
  // the base's index.shared): the name is the base's; only the new path is gold's, a dependency of its own (analyzer 43).
  const passedOn = goldDef && !baseModule && goldModule && goldDef.file !== goldModule && ctx.base.files.has(goldDef.file) ? moduleExports(ctx.base, goldDef.file, name) : null;
  if (passedOn && passedOn !== "unknown") return { category: "visible", reason: `gold's new ${goldModule} passes on ${name} from ${goldDef!.file}, which the base already defines`, base: locationIn(passedOn, name) };
  if (goldDef) return { introduced: true, definedAt: locationIn(goldDef, name) };
  // A member every function or object has (`lib.bind(null, x)`, `fn.length`, `obj.hasOwnProperty`), which neither tree
  // defines as its own: the language's, not a name the module must define (gaps8).
  if ((dep.via === "member" || dep.via === "member-call") && isScript(file) && BUILT_IN_MEMBERS.has(name)) {
    return { category: "visible", reason: `${name} is a built-in member of every function or object` };
  }
  if (!goldModule && spec !== null) return notResolved(`no tree holds a module ${spec} to define ${name}`);
  return notResolved(`${goldModule ? `gold's ${goldModule}` : "no source of gold's"} does not define ${name} as the audit reads it`);
}

function interfaceOf(dep: TDependency, ctx: TClassificationContext): string | null {
  if (dep.owner === null) return null;
  const cls = ctx.gold.classes.get(dep.owner);
  if (!cls) return null;
  if (cls.externalHeritage) return `${dep.owner} extends ${cls.heritage.join(", ")} from a library: ${dep.value} belongs to its interface`;
  for (const h of cls.heritage) if (classHas(ctx.base, h, dep.value)) return `${dep.owner} implements ${h}, whose ${dep.value} the base declares`;
  return null;
}

/**
 * A class of the base, other than the member's own, that already has the member gold gives its owner (TypeVarTuple's
 * new `__covariant__`, as the base's ParamSpec sets it), where the history names that class ("the variance parameters
 * TypeVar and ParamSpec take"): the history points to the sibling, whose member the new one follows. Prompted by
 * typing-extensions-typevartuple-variance (held-out 17).
 */
function siblingWithMember(dep: TDependency, ctx: TClassificationContext, text: string): string | null {
  if (dep.owner === null || dep.via !== "property") return null;
  for (const cls of ctx.base.classes.keys()) {
    if (cls === dep.owner || cls.length < 3 || !classHas(ctx.base, cls, dep.value)) continue;
    if (mentionsIdentifier(text, cls)) return cls;
  }
  return null;
}

/**
 * The base's modules beside a module gold adds that define the same name (tinycss2's new color5.py gives
 * parse_color, as color3.py and color4.py do): two or more such siblings, or one of the same stem but its number, or
 * the one module of the base that defined the function and, in gold, no longer does (the function moved).
 * The new module follows its family's interface. Prompted by tinycss2-color5-currentcolor (held-out 18).
 */
function siblingModulesDefining(name: string, definedAt: TLocation | null, ctx: TClassificationContext): string[] | null {
  if (!definedAt || ctx.base.files.has(definedAt.file)) return null;
  const dir = dirname(definedAt.file);
  const ext = /\.[^./]+$/.exec(definedAt.file)?.[0] ?? "";
  const stem = (f: string) => f.slice(f.lastIndexOf("/") + 1, f.length - ext.length).replace(/\d+$/, "");
  const kin = [...ctx.base.byFile.values()]
    .filter((d) => d.file !== definedAt.file && dirname(d.file) === dir && d.file.endsWith(ext) && d.arity[name] !== undefined)
    .map((d) => d.file);
  if (kin.length >= 2 || kin.some((f) => stem(f).length >= 3 && stem(f) === stem(definedAt.file))) return kin;
  // A function gold moves: the base module that defined it defines it no more (it re-exports it, or is gone), and gold's
  // new module does (is-plain-object's index.js default `isPlainObject` moved to is-plain-object.js; analyzer 45).
  const moved = [...ctx.base.byFile.values()].filter((d) => d.file !== definedAt.file && d.arity[name] !== undefined && ctx.gold.byFile.get(d.file)?.arity[name] === undefined).map((d) => d.file);
  if (moved.length === 1) return moved;
  return null;
}

/** The -ing / -s / -ed form of a one-word lowercase name (`withdrawing`, `merges`, `merged`) the text writes as a word. */
function verbFormIn(text: string, name: string): string | null {
  if (!/^[a-z]{4,}$/.test(name)) return null;
  const stem = name.endsWith("e") ? name.slice(0, -1) : name;
  const m = new RegExp(`(?<![\\p{L}\\p{N}_])(${name}s|${name}es|${stem}ing|${stem}ed)(?![\\p{L}\\p{N}_])`, "iu").exec(text);
  return m ? m[1]! : null;
}

function classifyName(dep: TDependency, file: string, ctx: TClassificationContext, text: string): TVerdict {
  const introduced = nameIntroduced(dep, file, ctx, text);
  if (!("introduced" in introduced)) return introduced;
  const definedAt = introduced.definedAt;
  const gold = definedAt;
  if (dep.via === "argument") {
    const fn = dep.owner ?? "";
    const position = Number(dep.value.split("#")[1]);
    const param = introduced.param ?? null;
    // Naming the function alone leaves open where the new value goes (a position, an options object, a keyword):
    // the argument is stated by its parameter written as a name, its position in words, or a call of the function
    // written with that many arguments (negotiator-preferred-encodings, held-out 4).
    const bare = fn.split(".").at(-1)!;
    if (param && statesName(text, param)) return { category: "specified", reason: `the history names ${bare}'s new parameter ${param}`, definedAt, gold, producer: param, history: excerptOf(text, [param]) };
    if (statesPosition(text, position + 1)) return { category: "specified", reason: `the history describes ${bare}'s argument ${position + 1} in words`, definedAt, gold, producer: param, history: excerptOf(text, [`argument`, `parameter`]) };
    if (statesCallWith(text, bare, position + 1)) return { category: "specified", reason: `the history writes a call of ${bare} with ${position + 1} arguments`, definedAt, gold, producer: param, history: excerptOf(text, [`${bare}(`]) };
    const change = introduced.moved ? `gold moves what argument ${position + 1} of ${fn} means (the base's ${introduced.moved} is elsewhere in gold's signature)` : `gold adds argument ${position + 1} to ${fn}`;
    return { category: "hidden", reason: `${change}; the history never mentions it`, definedAt, gold, producer: param };
  }
  // A function the agent must define and the test calls is stated only where the history gives its identifier
  // (givesIdentifier): a history describes a function by what it does, so the words of its output or its task
  // ("a Title Case converter", "gives Train-Case") fit many names (`titleCase`, `toTitleCase`). Another exported
  // name must be stated as a name; an option or a key may be stated in prose, since it is named by what it holds
  // ("an optional lookup", "a default port", "the grand total").
  const asCode = dep.via === "import" || dep.via === "require" || dep.via === "member" || dep.via === "member-call";
  const callable = asCode && definedAt !== null && ctx.gold.byFile.get(definedAt.file)?.arity[dep.value] !== undefined;
  // A private name (`_uname_attr`) is another name than its public spelling: stated only as written, underscore and all
  // (analyzer 44; a history that deprecates `uname_attr()` says nothing of a private `_uname_attr`).
  const privateUnstated = /^_[A-Za-z0-9]/.test(dep.value) && !text.includes(dep.value);
  if (!privateUnstated && (callable ? givesIdentifier(text, dep.value) : asCode ? statesName(text, dep.value) : mentionsIdentifier(text, dep.value))) return { category: "specified", reason: "the history states the name", definedAt, gold, history: excerptOf(text, [dep.value, identifierWords(dep.value).join(" ")]) };
  // The affix fixes the form, the history the name it is built on: without it stated, any base name could be the stem.
  const affix = affixOf(dep.value, ctx.base.names, ctx.affixes);
  const [head, tail] = affix ? affix.split(" + ") : [];
  const stem = affix ? (ctx.base.names.has(head!) ? head! : tail!) : null;
  if (affix && stem && mentionsIdentifier(text, stem)) return { category: "inferable", reason: `a base name with an affix the code base uses systematically (${affix}), on ${stem}, which the history states`, definedAt, gold };
  const iface = interfaceOf(dep, ctx);
  if (iface) return { category: "inferable", reason: iface, definedAt, gold };
  const kin = siblingModulesDefining(dep.value, definedAt, ctx);
  if (kin) return { category: "inferable", reason: `gold's new ${definedAt!.file} gives ${dep.value}, as the base's ${kin.join(" and ")} give it: the code base's name for it`, definedAt, gold };
  const sibling = siblingWithMember(dep, ctx, text);
  if (sibling) return { category: "inferable", reason: `the base's ${sibling} already has ${dep.value}, and the history points to ${sibling}: the code base's name for it`, definedAt, gold, history: excerptOf(text, [sibling]) };
  // A Python keyword gold adds that other functions of the base already take (`strict=` of zip_equal, sample, …):
  // the code base's own name for that switch.
  if (dep.via === "option" && languageOf(file)?.id === "python") {
    const fn = (dep.owner ?? "").split("#")[0]!;
    const other = [...ctx.base.byFile.values()].flatMap((d) => Object.entries(d.params)).find(([f, ps]) => f !== fn && ps.includes(dep.value));
    if (other) return { category: "inferable", reason: `the base's ${other[0]} already takes a keyword ${dep.value}: the code base's name for it`, definedAt, gold };
  }
  // The base's own types spell the name (`Omit<typeof NodePath, "posix" | "matchesGlob">`): the code base already
  // names the one it lacks (pathe-matches-glob, held-out 4). A runtime string of that spelling is no such mention.
  if (asCode && ctx.base.typeNames.has(dep.value)) return { category: "inferable", reason: `the base's types name ${dep.value} (a string literal type)`, definedAt, gold };
  // A one-word method of a class the test calls, which the history writes as a verb form (`withdraw`: "withdrawing",
  // "withdraws"): the history gives the operation's verb, which names the method (gaps5; the synthetic corpus's bank case).
  // Only a member the test calls (an operation, named by its verb); a switch the test sets or reads (`fn.cache = true`)
  // is named by what it holds, which "can be cached" does not give.
  const called = dep.text !== undefined && new RegExp(`\\.${dep.value}\\s*\\(`).test(dep.text);
  const verb = called ? verbFormIn(text, dep.value) : null;
  if (dep.via === "property" && dep.owner !== null && verb) return { category: "inferable", reason: `the history writes the verb ${verb}, which names the method ${dep.value}`, definedAt, gold, history: excerptOf(text, [verb]) };
  return { category: "hidden", reason: `gold introduces ${dep.value}; the history never states it${identifierWords(dep.value).length > 1 ? " (in any case convention)" : ""}`, definedAt, gold };
}

/** The first value a file's definitions record for something, gold's files before the base's. */
function recordedIn(ctx: TClassificationContext, pick: (d: TFileDefinitions) => string | undefined): string | undefined {
  for (const tree of [ctx.gold, ctx.base]) for (const d of tree.byFile.values()) {
    const v = pick(d);
    if (v !== undefined) return v;
  }
  return undefined;
}

/** What the module's whole export returns, where the test binds that export under a name of its own (`buildQueue()`). */
function wholeExportReturns(dep: TDependency, file: string, ctx: TClassificationContext): string | undefined {
  if (dep.module === null) return undefined;
  for (const tree of [ctx.gold, ctx.base]) {
    const target = resolve(dep.module, file, tree);
    const cls = target ? tree.byFile.get(target)?.returnsClass?.default : undefined;
    if (cls !== undefined) return cls;
  }
  return undefined;
}

/** The class a module binds a name to an instance of (`ic = IceCreamDebugger()`), the module's re-exports followed. */
function instanceClassIn(spec: string, name: string, file: string, ctx: TClassificationContext): string | null {
  for (const tree of [ctx.gold, ctx.base]) {
    const target = resolve(spec, file, tree);
    const defining = target ? moduleExports(tree, target, name) : null;
    if (!defining || defining === "unknown") continue;
    // A package's `from .icecream import ic` defines `ic` there too: the instance is where one module makes it.
    const makers = new Set([...tree.byFile.values()].map((d) => d.instanceOf?.[name]).filter((c) => c !== undefined));
    const cls = defining.instanceOf?.[name] ?? (makers.size === 1 ? [...makers][0] : undefined);
    if (cls) return cls;
  }
  return null;
}

/**
 * A member of an instance a module makes at its top level (Python `from icecream import ic`, `ic = IceCreamDebugger()`
 * in the module; analyzer 33): `ic.noColor` is the class's member, and `ic.configureOutput(noColor=…)` a keyword of the
 * class's method — not of a module `icecream.ic`, which no tree holds.
 */
function moduleInstanceMember(dep: TDependency, file: string, ctx: TClassificationContext): TDependency {
  if (languageOf(file)?.id !== "python" || dep.module === null || dep.owner === null) return dep;
  if (dep.via === "property" || dep.via === "method") {
    const cls = instanceClassIn(dep.module, dep.owner, file, ctx);
    return cls ? { ...dep, owner: cls } : dep;
  }
  if (dep.via !== "option" || resolve(dep.module, file, ctx.gold) || resolve(dep.module, file, ctx.base)) return dep;
  const cut = dep.module.lastIndexOf(".");
  if (cut <= 0) return dep;
  const [spec, instance] = [dep.module.slice(0, cut), dep.module.slice(cut + 1)];
  const cls = instanceClassIn(spec, instance, file, ctx);
  return cls ? { ...dep, module: spec, owner: `${cls}.${dep.owner}` } : dep;
}

/** Every dependency of one test file, classified for one history's visible text, each with its evidence. */
export function classifyTestFile(extraction: TTestExtraction, ctx: TClassificationContext, text: string): TClassifiedDependency[] {
  const classified = extraction.dependencies.map((extracted): TClassifiedDependency => {
    // A member of what a function returns (owner `fn()`), or an argument of that member's (owner `fn().m`): the class
    // that function returns, gold's or the base's (gaps8; the method's arguments since analyzer 37).
    const [, returned, method] = /^([\w$]+)\(\)(?:\.([\w$]+))?$/.exec(extracted.owner ?? "") ?? [];
    const member = method ?? extracted.value;
    const cls = returned ? (recordedIn(ctx, (d) => d.returnsClass?.[returned]) ?? wholeExportReturns(extracted, extraction.file, ctx)) : undefined;
    const unjudged = (reason: string): TClassifiedDependency => ({ dependency: extracted, category: "visible", reason, definedAt: null, evidence: { base: null, gold: null, history: null, producer: null } });
    if (returned && !cls) return unjudged(`no tree says what ${returned} returns`);
    // A declared return type no tree defines (a package's type, a type alias): nothing to judge its members by.
    if (returned && cls && !cls.endsWith("()") && !ctx.gold.classes.has(cls) && !ctx.base.classes.has(cls)) return unjudged(`no tree defines ${cls}, the type ${returned} returns`);
    // What a function attaches to the value it returns (`fn()`, gaps11): only a member a tree attaches is judged as
    // the returned value's; any other is the value's own or inherited (a function's `call`), as before.
    // The type such a function declares (`mitt(): Emitter<E>`), where a tree gives it the member: the member's owner.
    const declared = returned && cls?.endsWith("()") ? recordedIn(ctx, (d) => d.returnsType?.[returned]) : undefined;
    const typed = declared && (classHas(ctx.gold, declared, member) || classHas(ctx.base, declared, member)) ? declared : undefined;
    if (returned && cls?.endsWith("()") && !typed && !qualifiedIn(ctx.gold, cls, member) && !qualifiedIn(ctx.base, cls, member)) return unjudged(`no tree attaches ${member} to what ${returned} returns`);
    // A member of what a class's attribute holds (owner `MarkdownIt.inline`; analyzer 42): the member of that class.
    const [, holder, attribute] = extracted.via === "property" && languageOf(extraction.file)?.id === "python" ? (/^([\w$]+)\.([\w$]+)$/.exec(extracted.owner ?? "") ?? []) : [];
    const held = attribute ? recordedIn(ctx, (d) => d.attributeClass?.[`${holder}.${attribute}`]) : undefined;
    if (attribute && !held) return unjudged(`no tree says which one class ${holder}.${attribute} holds`);
    const owner = typed ?? cls;
    const dependency = held ? { ...extracted, owner: held } : owner ? { ...extracted, owner: method ? `${owner}.${method}` : owner } : moduleInstanceMember(extracted, extraction.file, ctx);
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
  const withMembers = valuesOfNewMembers(classified, text);
  // An input echoed back that only gold returns unchanged (gaps10): a dependency after all.
  const echoed = (extraction.echoed ?? []).flatMap((dependency) => {
    const verdict = classifyEchoedLiteral(dependency, extraction, ctx, text);
    if (!verdict) return [];
    const definedAt = verdict.definedAt ?? null;
    return [{
      dependency, category: verdict.category, reason: `an input the test expects back unchanged: ${verdict.reason}`, definedAt,
      evidence: { base: verdict.base ?? null, gold: verdict.gold ?? definedAt, history: verdict.history ?? null, producer: verdict.producer ?? null },
    }];
  });
  return [...withMembers, ...echoed];
}

/**
 * A value the test reads off a member gold introduces (`t.equal(p.cursorOffset, 0)`, `cursorOffset` gold's and unstated;
 * analyzer 44): no base code gives it there, whatever numbers the base writes elsewhere, and a history that never names
 * the member cannot state what it holds. Hidden with the member, unless the history states the value; only where the
 * member itself is the compared value (not called, nor read through), and never a value of a member the history states.
 */
function valuesOfNewMembers(classified: TClassifiedDependency[], text: string): TClassifiedDependency[] {
  const hiddenMembers = classified.filter((c) => c.category === "hidden" && c.dependency.kind === "name" && c.dependency.owner !== null && (c.dependency.via === "property" || c.dependency.via === "method"));
  if (hiddenMembers.length === 0) return classified;
  return classified.map((c) => {
    const d = c.dependency;
    if (d.kind !== "literal" || d.match !== "exact" || c.category !== "visible" || !/^(the base already has this literal|computed by the behaviour)/.test(c.reason)) return c;
    // The member read as the compared value itself (`p.cursorOffset, 0`), not called or read through (`p.format.format(x)`).
    const read = (m: TClassifiedDependency) => new RegExp(`\\.${m.dependency.value.replace(/\$/g, "\\$")}\\s*(?:[,)=!<>]|$)`).test(d.text);
    const member = hiddenMembers.find((m) => m.dependency.line === d.line && m.dependency.testLine === d.testLine && read(m));
    if (!member || statesLiteral(text, d.value, "exact")) return c;
    return { ...c, category: "hidden", reason: `the value of ${member.dependency.value}, which gold introduces on ${member.dependency.owner}; the history never states it`, definedAt: member.definedAt, evidence: { ...c.evidence, gold: member.evidence.gold } };
  });
}
