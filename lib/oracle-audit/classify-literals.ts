// Pure: literals and patterns a test compares, judged by their producer: the base (visible), gold (hidden unless a
// history states it), or nobody (computed by the behaviour, unless it holds data gold's new code writes).
import { canWrite, digestTokensOf, digestWriter, fixedPointFormats, isoOffsetOf, keptCharacters, namesAlgorithm, namesEncoding, jsonTextOf, jsonWriter, listedNames, offsetWriter, showsFixedPoint, showsJson, showsOffset, trailingZeroDecimals } from "./formats";
import { languageOf } from "./languages";
import { compilePattern, holdsCore, regexCore } from "./patterns";
import { heldByBase, indexTree, resolve, type TClassificationContext, type TProducer, type TTreeIndex, type TVerdict } from "./tree-index";
import type { TCategory, TDependency, TFileDefinitions, TTestExtraction } from "./types";
import { outputAgainstNamedCase } from "./convention-outputs";
import { outputOfCodeTheBaseLacks, outputTheBaseDoesNotGive } from "./dynamic-literals";
import { excerptOf, holdsPiece, matchesTemplate, mentionsIdentifier, mentionsLiteral, mentionsTemplate, NUMBER, proseForm, saysWord, statesLiteral } from "./words";

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
    // An own key only: `importBindings.hasOwnProperty` is Object.prototype's, no import (gaps8).
    const bound = defs?.importBindings && Object.hasOwn(defs.importBindings, member) ? defs.importBindings[member] : undefined;
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
    // A digit string the base writes only as a number (`i = 0`), which gold now writes as a string where the test's
    // code reaches (`res.setHeader('Content-Length', '0')`): gold's text, as any string it adds (held-out 11's cors).
    const reachedGold = ctx.goldOwn.stringSet.get(dep.value);
    if (p.base && p.base.at === null && NUMBER.test(dep.value) && !ctx.base.stringSet.has(dep.value) && reachedGold !== undefined && (reach === null || reach.has(reachedGold))) {
      p = { base: null, gold: { how: "whole", text: dep.value, at: { file: reachedGold, line: null }, template: null } };
    }
    // Gold changes the base's producer (rewrites the message): what the test compares is gold's, not the base's —
    // unless the test's pattern already matches the base's own text whole (`/field.*contains.*invalid/` against the
    // base's `field argument contains an invalid header`): then the base's message satisfies it, however gold rewrites
    // it (gaps6, held-out 6's false alarm). A pattern met only by pieces of the base's text is not the base's message.
    const matchedWhole = dep.match === "regex" && p.base?.how === "whole";
    if (p.base && !matchedWhole && !goldKeeps(ctx, p.base)) {
      const gold = producerIn(ctx.gold, dep);
      if (gold && !(gold.template ? false : ctx.base.stringSet.has(gold.text)) && !recomposed(baseWithin(ctx, reach), gold, p.base)) p = { base: null, gold, changed: true };
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

/**
 * Gold's one string that writes the literal whole is the base's string with text around it that the base writes as
 * strings of its own (`'"0-1B2M…"'` where the base returns `'0-1B2M…'` and quotes it with `'"' + h + '"'`): gold moved
 * the base's pieces into one constant, which changes nothing the base produces (gaps10; held-out 9's etag).
 */
function recomposed(base: TTreeIndex, gold: TProducer, held: TProducer): boolean {
  if (gold.how !== "whole" || gold.template || held.how !== "part" || held.template || held.text.includes("…")) return false;
  const at = gold.text.indexOf(held.text);
  if (at < 0) return false;
  const around = [gold.text.slice(0, at), gold.text.slice(at + held.text.length)].filter((x) => x.length > 0);
  return around.length > 0 && around.every((x) => base.stringSet.has(x));
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

export function classifyLiteral(dep: TDependency, extraction: TTestExtraction, ctx: TClassificationContext, text: string): TVerdict {
  if (dep.via === "selector") return classifySelector(dep, ctx, text);
  if (!dep.observed && extraction.suppliedLiterals.includes(dep.value)) return { category: "visible", reason: "the test supplies this value itself" };
  // A part of a concatenated expected value: judged by the whole strings it makes, the least visible of them.
  if (dep.wholes && dep.wholes.length > 0) {
    const verdicts = dep.wholes.map((whole) => classifyLiteral({ ...dep, value: whole, match: "exact", wholes: undefined }, extraction, ctx, text));
    const worst = verdicts.reduce((a, b) => (RANK[b.category] > RANK[a.category] ? b : a));
    return { ...worst, reason: `part of the expected ${JSON.stringify(dep.wholes[0])}: ${worst.reason}` };
  }
  // An environment variable's name the base reads as a property (`process.env.X`, `env.X`): the base's (gaps8).
  if (dep.via === "env" && ctx.base.properties.has(dep.value)) return { category: "visible", reason: `the base already reads ${dep.value}`, base: null };
  const { base, gold } = producers(ctx, dep, reachableBase(ctx, extraction, dep.testLine));
  if (base) return { category: "visible", reason: `the base already ${base.how === "whole" ? "has this literal" : "writes the text it is made of"}${base.at ? ` (${base.at.file})` : ""}`, base: base.at, producer: base.text };
  const kept = producers(ctx, dep).kept;
  if (!gold && kept) return { category: "visible", reason: `the base's own code produces it: gold keeps its producer unchanged (${kept.at?.file ?? "the base"})`, base: kept.at, producer: kept.text };
  if (!gold) return outputTheBaseDoesNotGive(dep, extraction, ctx, text, (first) => classifyLiteral(first, extraction, ctx, text)) ?? outputOfCodeTheBaseLacks(dep, extraction, ctx, text) ?? computedOutput(dep, extraction, ctx, text);
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
    if (statesLiteral(text, dep.value, mode)) {
      return { category: "specified", reason: "the history states the literal", ...evidence, history: excerptOf(text, [dep.value, proseForm(dep.value)]) };
    }
    // Gold writes part of it (`; Priority=High` after the test's own `foo=bar`): stating gold's part states it.
    const own = gold.how === "part" && !gold.template ? gold.text.trim() : null;
    if (own && own.length >= 4 && own.length < dep.value.length && mentionsLiteral(text, own, "contains")) {
      return { category: "specified", reason: "the history states the text gold writes into it", ...evidence, history: excerptOf(text, [own]) };
    }
  }
  if (gold.template && mentionsTemplate(text, gold.template)) return { category: "specified", reason: "the history states the message with its placeholder", ...evidence, history: excerptOf(text, gold.template) };
  const convention = messageConvention(dep, extraction, ctx, text) ?? compoundConvention(dep, ctx, text);
  if (convention) return { category: "inferable", reason: convention, ...evidence };
  const what = NUMBER.test(dep.value) && dep.match !== "regex" ? "number" : dep.match === "regex" ? "text the pattern matches" : "literal";
  const how = producers(ctx, dep).changed ? "changes the text that produces" : "introduces";
  return { category: "hidden", reason: `gold ${how} this ${what}; the history never states it${dep.match === "exact" ? " whole" : ""}`, ...evidence };
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
    // A string the base (or gold) writes only to transform it before use is no output of its own (recall5).
    if ((ctx.base.stringSet.has(p) && !ctx.base.transient.has(p)) || ctx.base.keys.has(p) || ctx.base.matchWords.has(p)) continue;
    if (own.transient.has(p)) continue;
    // The base's documentation already shows it as the base's output (a docstring's `'rc.1'`); a piece of two
    // characters (`.0`) stands in any version or decimal prose writes (`versionadded:: 2.10.0`), so it shows nothing.
    if (p.length >= 3 && ctx.base.docs.some((d) => holdsPiece(d, p))) continue;
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
  const joined = joinedOutput(dep, extraction, ctx, text);
  if (joined) return joined;
  // Only an output compared whole: a substring the test looks for in a computed output (`'"msg": "hello"' in …`,
  // the synthetic corpus labels it computed by json.dumps) is left as before.
  if (dep.match !== "exact") return computed;
  const listing = namesListingOutput(dep, ctx, text);
  if (listing) return listing;
  if (dep.value.length > 200) return computed;
  const counted = dep.counterBound ? countedBound(dep, extraction, ctx, text) : null;
  if (counted) return counted;
  const fixed = fixedPointOutput(dep, extraction, ctx, text);
  if (fixed) return fixed;
  const offset = offsetOutput(dep, extraction, ctx, text);
  if (offset) return offset;
  const json = jsonOutput(dep, extraction, ctx, text);
  if (json) return json;
  const digest = digestOutput(dep, extraction, ctx, text);
  if (digest) return digest;
  const kept = keptCharacterOutput(dep, extraction, ctx, text);
  if (kept) return kept;
  const dropped = droppedTextOutput(dep, extraction, ctx, text);
  if (dropped) return dropped;
  if (NUMBER.test(dep.value)) return computed;
  const againstCase = outputAgainstNamedCase(dep, text);
  if (againstCase) return againstCase;
  const parameter = parameterNameOutput(dep, ctx, text);
  if (parameter) return parameter;
  const fromCallback = callbackArgumentOutput(dep, extraction, ctx, text);
  if (fromCallback) return fromCallback;
  const pieces = goldPieces(dep, extraction, ctx);
  if (pieces.length === 0) return computed;
  const at = (() => {
    for (const d of ctx.goldOwn.byFile.values()) if (pieces.some((p) => d.strings.includes(p) || d.keys?.includes(p) || d.matchWords?.includes(p))) return { file: d.file, line: null };
    return null;
  })();
  const evidence = { gold: at, producer: pieces.join(", "), definedAt: at };
  if (statesLiteral(text, dep.value, "exact")) {
    return { category: "specified", reason: "the history states the literal", ...evidence, history: excerptOf(text, [dep.value, proseForm(dep.value)]) };
  }
  const unstated = pieces.filter((p) => !holdsPiece(text, p));
  if (unstated.length === 0) return { category: "inferable", reason: `computed from data gold writes (${pieces.map((p) => JSON.stringify(p)).join(", ")}), which the history states`, ...evidence, history: excerptOf(text, pieces) };
  return { category: "hidden", reason: `gold's new code writes ${unstated.map((p) => JSON.stringify(p)).join(", ")}, which this output holds; the history never states it`, ...evidence };
}

/**
 * An output made of the test's own inputs and a separator (`install, i, add` from `name: 'install', alias: ['i',
 * 'add']`), where gold's code adds a join with that separator (a file of gold writes `.join(", ")` more often than the
 * base's same file): the fixed parts — the separator, and the order of the pieces — are gold's. Specified when the
 * history states the output; inferable when it shows the format by an example (a code span of words joined by that
 * separator); hidden otherwise. Where gold adds no such join, the base's joins make it (computed). Prompted by
 * citty-subcommand-aliases (gaps5).
 */
function joinedOutput(dep: TDependency, extraction: TTestExtraction, ctx: TClassificationContext, text: string): TVerdict | null {
  if ((dep.match !== "exact" && dep.match !== "contains") || dep.value.length > 200) return null;
  const inputs = new Set(extraction.suppliedLiterals);
  for (const d of ctx.gold.byFile.values()) {
    const before = ctx.base.byFile.get(d.file)?.joins ?? [];
    for (const sep of new Set(d.joins ?? [])) {
      if (/[\p{L}\p{N}]/u.test(sep)) continue;
      const count = (list: readonly string[]) => list.filter((j) => j === sep).length;
      if (count(d.joins ?? []) <= count(before)) continue;
      const parts = dep.value.split(sep);
      if (parts.length < 2 || !parts.every((p) => p !== "" && inputs.has(p))) continue;
      const evidence = { gold: { file: d.file, line: null }, producer: `.join(${JSON.stringify(sep)}) in gold's ${d.file}`, definedAt: { file: d.file, line: null } };
      if (statesLiteral(text, dep.value, "exact")) return { category: "specified", reason: "the history states the literal", ...evidence, history: excerptOf(text, [dep.value, proseForm(dep.value)]) };
      const examples = [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.trim().replace(/^(['"])(.*)\1$/s, "$2"))
        .filter((v) => v.split(sep).length >= 2 && v.split(sep).every((p) => /^[\p{L}\p{N}_-]+$/u.test(p)));
      if (examples.length > 0) return { category: "inferable", reason: `joined by gold's new code with ${JSON.stringify(sep)}, a format the history shows (${examples[0]})`, ...evidence, history: excerptOf(text, examples) };
      return { category: "hidden", reason: `the test's inputs joined by gold's new code with ${JSON.stringify(sep)}; the history never states the format`, ...evidence };
    }
  }
  return null;
}

/**
 * A compared string spelled as a parameter gold adds to a function's signature, that no function of the base takes
 * (what `inspect.signature(fn).parameters` yields: a test's `("wrap_words", True)` rows): gold's name, given as data.
 * Specified when the history gives the identifier, hidden otherwise. Prompted by tabulate-break-long-words (recall5).
 */
function parameterNameOutput(dep: TDependency, ctx: TClassificationContext, text: string): TVerdict | null {
  const v = dep.value;
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(v) || ctx.base.keys.has(v)) return null;
  for (const d of ctx.base.byFile.values()) for (const ps of Object.values(d.params)) if (ps.includes(v)) return null;
  let at: string | null = null;
  for (const d of ctx.gold.byFile.values()) {
    const before = ctx.base.byFile.get(d.file)?.params ?? {};
    for (const [fn, ps] of Object.entries(d.params)) if (ps.includes(v) && !(before[fn] ?? []).includes(v)) at = `${d.file}#${fn}`;
  }
  if (at === null) return null;
  const [file, fn] = at.split("#") as [string, string];
  const evidence = { gold: { file, line: null }, producer: `${fn}(…, ${v}=…)`, definedAt: { file, line: null } };
  if (mentionsIdentifier(text, v) || mentionsLiteral(text, v, "exact")) return { category: "specified", reason: "the history states the parameter's name", ...evidence, history: excerptOf(text, [v]) };
  return { category: "hidden", reason: `gold adds the parameter ${v} to ${fn}, which the test compares by name; the history never states it`, ...evidence };
}

/**
 * An output the test's own callback builds (`merge.extend((obj, key, val, path) => … path + ':' + …)`) from an argument
 * gold's code passes it and the base's never did (the base calls that parameter with fewer arguments): the output holds
 * gold's new value. Specified when the history states the output; inferable when it shows the argument's values by
 * example (written as code, a whole piece of one of the test's outputs: `'foo.bar'`); hidden otherwise. Prompted by
 * defu-merger-namespace (recall5).
 */
function callbackArgumentOutput(dep: TDependency, extraction: TTestExtraction, ctx: TClassificationContext, text: string): TVerdict | null {
  if (dep.testLine == null) return null;
  for (const cb of extraction.callbacks ?? []) {
    if (cb.testLine !== dep.testLine) continue;
    for (const d of ctx.gold.byFile.values()) {
      const param = d.params[cb.owner]?.[cb.position];
      const before = ctx.base.byFile.get(d.file);
      if (!param || !before?.params[cb.owner]) continue;
      const goldCalls = d.parameterCalls?.[param] ?? 0;
      const baseCalls = before.parameterCalls?.[param] ?? 0;
      const fresh = cb.params.slice(baseCalls, goldCalls).filter((p) => cb.reads.includes(p));
      if (goldCalls <= baseCalls || fresh.length === 0) continue;
      const evidence = { gold: { file: d.file, line: null }, producer: `${param}(…) called with ${goldCalls} arguments (the base passes ${baseCalls})`, definedAt: { file: d.file, line: null } };
      if (statesLiteral(text, dep.value, "exact")) return { category: "specified", reason: "the history states the literal", ...evidence, history: excerptOf(text, [dep.value, proseForm(dep.value)]) };
      const outputs = extraction.dependencies.filter((o) => o.kind === "literal" && o.match === "exact" && o.testLine === dep.testLine).map((o) => o.value);
      const examples = [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.trim().replace(/^(['"])(.*)$/s, "$2"))
        .filter((v) => v.length >= 3 && /[\p{L}\p{N}]/u.test(v) && !extraction.suppliedLiterals.includes(v) && outputs.some((o) => o !== v && holdsPiece(o, v)));
      if (examples.length > 0) return { category: "inferable", reason: `made with the argument ${fresh[0]} gold passes to the test's callback, whose values the history shows (${examples[0]})`, ...evidence, history: excerptOf(text, examples) };
      return { category: "hidden", reason: `made with the argument ${fresh[0]} gold's code now passes to the test's callback (the base passes ${baseCalls}); the history never shows its values`, ...evidence };
    }
  }
  return null;
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
/**
 * A date-time output with a UTC offset (`2017-07-14T02:40:00+00:00`) where only gold's new code makes date-times
 * time-zone-aware (`datetime.fromtimestamp(t, tz=timezone.utc)`): the offset is a part of the output the base's code,
 * writing no time zone anywhere the tested code reaches, cannot produce. Specified when the history states the
 * output, inferable when it shows the offset (`+00:00`, "timezone-aware"), hidden otherwise; where the base already
 * writes a time zone, computed as before. Prompted by pjl-timestamp-utc (held-out 6, gaps6).
 */
function offsetOutput(dep: TDependency, extraction: TTestExtraction, ctx: TClassificationContext, text: string): TVerdict | null {
  const offset = isoOffsetOf(dep.value);
  if (offset === null) return null;
  const base = baseWithin(ctx, reachableBase(ctx, extraction, dep.testLine));
  if (offsetWriter(base.names, base.properties, base.strings) !== null) return null;
  // Gold's own: a file of gold that writes a time zone where the base's same file wrote none.
  const writerOf = (d: TFileDefinitions | undefined) => (d ? offsetWriter(new Set(d.names), new Set(d.properties), d.strings) : null);
  const added = [...ctx.gold.byFile.values()].find((d) => writerOf(d) !== null && writerOf(ctx.base.byFile.get(d.file)) === null);
  if (!added) return null;
  const writer = writerOf(added)!;
  const at = added.file;
  const evidence = { gold: at ? { file: at, line: null } : null, producer: `a time-zone-aware date-time (${writer})`, definedAt: at ? { file: at, line: null } : null };
  if (mentionsLiteral(text, dep.value, "exact")) return { category: "specified", reason: "the history states the literal", ...evidence, history: excerptOf(text, [dep.value]) };
  if (showsOffset(text)) return { category: "inferable", reason: `its offset ${offset} comes from a time-zone-aware date-time gold adds, which the history shows`, ...evidence };
  return { category: "hidden", reason: `its offset ${offset} comes from a time-zone-aware date-time gold adds (${writer}); the base writes no time zone, and the history never states it`, ...evidence };
}

/**
 * An output holding compact JSON text (`foo=%7B%22bar%22%3A1%7D`: `{"bar":1}` URL-encoded) where only gold's new code
 * serializes JSON (cookie-es' `options?.stringify || JSON.stringify`): the JSON text is a part of the output the base's
 * code, reading no JSON serializer anywhere the tested code reaches, cannot write. Specified when the history states
 * the output, inferable when it names JSON, hidden otherwise; where the base already serializes JSON, computed as
 * before. Prompted by cookie-es-stringify-option (held-out 7, gaps7), after gaps6's UTC offsets.
 */
function jsonOutput(dep: TDependency, extraction: TTestExtraction, ctx: TClassificationContext, text: string): TVerdict | null {
  const json = jsonTextOf(dep.value);
  if (json === null) return null;
  // The test's own code writes JSON in the statement that compares it (a serializer it hands in): it may be the producer.
  if ((extraction.jsonSerialized ?? []).some(([from, to]) => dep.line >= from && dep.line <= to)) return null;
  const base = baseWithin(ctx, reachableBase(ctx, extraction, dep.testLine));
  if (jsonWriter(base.properties, base.names) !== null) return null;
  const writerOf = (d: TFileDefinitions | undefined) => (d ? jsonWriter(new Set(d.properties), new Set(d.names)) : null);
  const added = [...ctx.gold.byFile.values()].find((d) => writerOf(d) !== null && ctx.base.byFile.has(d.file) && writerOf(ctx.base.byFile.get(d.file)) === null)
    ?? [...ctx.gold.byFile.values()].find((d) => writerOf(d) !== null && !ctx.base.byFile.has(d.file));
  if (!added) return null;
  const writer = writerOf(added)!;
  const at = added.file;
  const evidence = { gold: { file: at, line: null }, producer: `JSON text (${writer})`, definedAt: { file: at, line: null } };
  if (mentionsLiteral(text, dep.value, "exact")) return { category: "specified", reason: "the history states the literal", ...evidence, history: excerptOf(text, [dep.value]) };
  if (showsJson(text)) return { category: "inferable", reason: `its JSON text ${json} comes from a JSON serializer gold adds, which the history names`, ...evidence };
  return { category: "hidden", reason: `its JSON text ${json} comes from a JSON serializer gold adds (${writer}); the base serializes no JSON, and the history never states it`, ...evidence };
}

/**
 * An output holding a token shaped as a hash digest (`"9-fINXV39R1PCo05OqGqr7KIY9lCE"`: 27 base64 characters, a 20-byte
 * digest) where only gold's new code uses a hash algorithm of that digest size (`createHash('sha1')`, `hashlib.sha1`)
 * and the base's code the test reaches uses none: no code of the base can write that digest. Specified when the
 * history states the output, or names the algorithm and the encoding (the digest of the test's input is then fixed);
 * inferable when it names the algorithm only; hidden otherwise. Where the base already hashes to that size (or gold
 * adds no such hash), computed as before. A token the test supplies is its input. Prompted by etag-sha1-hash
 * (held-out 9, gaps9), after gaps6's UTC offsets and gaps7's JSON text.
 */
function digestOutput(dep: TDependency, extraction: TTestExtraction, ctx: TClassificationContext, text: string): TVerdict | null {
  const tokens = digestTokensOf(dep.value).filter((t) => !extraction.suppliedLiterals.some((s) => s.includes(t.token)));
  if (tokens.length === 0) return null;
  const base = baseWithin(ctx, reachableBase(ctx, extraction, dep.testLine));
  for (const { token, bytes, encoding } of tokens) {
    if (digestWriter(bytes, base.names, base.properties, base.strings) !== null) continue;
    const writerOf = (d: TFileDefinitions | undefined) => (d ? digestWriter(bytes, new Set(d.names), new Set(d.properties), d.strings) : null);
    const added = [...ctx.gold.byFile.values()].find((d) => !ctx.testFiles.has(d.file) && writerOf(d) !== null && writerOf(ctx.base.byFile.get(d.file)) === null);
    if (!added) continue;
    const writer = writerOf(added)!;
    const evidence = { gold: { file: added.file, line: null }, producer: `a ${bytes}-byte digest (${writer})`, definedAt: { file: added.file, line: null } };
    if (statesLiteral(text, dep.value, "exact")) return { category: "specified", reason: "the history states the literal", ...evidence, history: excerptOf(text, [dep.value, proseForm(dep.value)]) };
    if (namesAlgorithm(text, writer)) {
      if (namesEncoding(text, encoding)) return { category: "specified", reason: `its digest ${token} is the ${encoding} ${writer} gold adds, which the history names with its encoding`, ...evidence };
      return { category: "inferable", reason: `its digest ${token} comes from the ${writer} gold adds, which the history names`, ...evidence };
    }
    return { category: "hidden", reason: `its digest ${token} (${bytes} bytes, ${encoding}) comes from a hash gold adds (${writer}); the base's code hashes to no such size, and the history never names it`, ...evidence };
  }
  return null;
}

/**
 * An output keeping a character literally (`|` of `/a%7B|%7D~`) that a global pattern of the base's reached code
 * matches and rewrites — its file replaces matches with a built-in encoder (`s.replace(/[^\x21-\x7A\x7E]+/g, encodeURI)`)
 * that changes the character (`encodeURI("|")` is `%7C`; `#` it keeps) — where gold changes that pattern, in the
 * same file, into one that no longer matches it: only gold's pattern lets the character through. Specified when the
 * history states the output, inferable when it writes the character as code (`` `|` ``), hidden otherwise. A
 * character gold's changed pattern still matches (or one no base pattern matches) leaves the output computed.
 * Prompted by encodeurl-whatwg-backslash-caret-pipe (held-out 8, gaps9).
 */
function keptCharacterOutput(dep: TDependency, extraction: TTestExtraction, ctx: TClassificationContext, text: string): TVerdict | null {
  if (![...dep.value].some((c) => /[^\p{L}\p{N}\s]/u.test(c))) return null;
  const reach = reachableBase(ctx, extraction, dep.testLine);
  for (const b of ctx.base.byFile.values()) {
    if ((reach !== null && !reach.has(b.file)) || ctx.testFiles.has(b.file)) continue;
    const g = ctx.gold.byFile.get(b.file);
    if (!b.patterns || !g?.patterns) continue;
    const kept = keptCharacters(dep.value, b.patterns, g.patterns, b.replacers ?? []);
    if (!kept) continue;
    const { after, freed } = kept;
    const evidence = { gold: { file: b.file, line: null }, producer: `gold's /${after[0]}/${after[1]}`, definedAt: { file: b.file, line: null } };
    if (statesLiteral(text, dep.value, "exact")) return { category: "specified", reason: "the history states the literal", ...evidence, history: excerptOf(text, [dep.value, proseForm(dep.value)]) };
    const shown = freed.filter((c) => text.includes(`\`${c}\``));
    if (shown.length === freed.length) return { category: "inferable", reason: `it keeps ${freed.join(" ")} literally, which gold's changed pattern lets through, as the history shows`, ...evidence, history: excerptOf(text, freed.map((c) => `\`${c}\``)) };
    return { category: "hidden", reason: `it keeps ${freed.join(" ")} literally, which the base's pattern in ${b.file} transforms and only gold's changed pattern lets through; the history never states it`, ...evidence };
  }
  return null;
}

/**
 * An expected string the test also feeds in (an input echoed back, `TTestExtraction.echoed`) is no dependency while
 * the code returns it unchanged; where the base's encoding pattern transforms a character of it and gold's changed
 * pattern lets it through, only gold returns it unchanged: judged as any kept character. Null: no dependency.
 * Prompted by encodeurl-whatwg-backslash-caret-pipe's `/PQRSTUVWXYZ[\\]^_` (held-out 8, gaps10).
 */
export function classifyEchoedLiteral(dep: TDependency, extraction: TTestExtraction, ctx: TClassificationContext, text: string): TVerdict | null {
  return keptCharacterOutput(dep, extraction, ctx, text);
}

/**
 * An output listing names of the code as quoted strings (an inline snapshot of `Object.keys(mod)`, a `toEqual([...])`):
 * every listed word is a name gold's tree defines, at least two are the base's too (a listing of the code's names,
 * not prose), and some only gold defines — only gold's module lists them. Specified when the history names each new
 * one, hidden otherwise. Prompted by std-env-node-version-exports' inline snapshot (held-out 8, gaps10).
 */
function namesListingOutput(dep: TDependency, ctx: TClassificationContext, text: string): TVerdict | null {
  // Nothing but the quoted names, separators and brackets: the output is the listing itself.
  const words = listedNames(dep.value);
  if (!words) return null;
  if (!words.every((w) => ctx.gold.names.has(w)) || words.filter((w) => ctx.base.names.has(w)).length < 2) return null;
  const added = [...new Set(words.filter((w) => !ctx.base.names.has(w)))];
  if (added.length === 0) return null;
  const file = [...ctx.goldOwn.byFile.values()].find((d) => added.some((w) => d.names.includes(w)))?.file ?? null;
  const at = file ? { file, line: ctx.goldOwn.byFile.get(file)!.lines[added[0]!] ?? null } : null;
  const evidence = { gold: at, producer: added.join(", "), definedAt: at };
  if (added.every((w) => mentionsIdentifier(text, w))) return { category: "specified", reason: `it lists ${added.join(", ")}, which only gold defines, as the history states`, ...evidence, history: excerptOf(text, added) };
  return { category: "hidden", reason: `it lists ${added.join(", ")}, which only gold defines; the history never names ${added.length > 1 ? "them" : "it"}`, ...evidence };
}

/** Letters as an ASCII-folding slug writes them: accents dropped, lower case. */
const folded = (s: string) => s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * An output holding a word of the test's input with a character removed (`shouldnt` of `shouldn't`) where gold's code
 * adds a removal of it (`.replace("'", "")`, a file of gold removing it more often than the base's same file) and the
 * base's reached code removes it nowhere: only gold's removal joins the word. Specified when the history states the
 * output, inferable when it shows a word so joined, hidden otherwise. Prompted by pydash-slugify-apostrophes (held-out
 * 8, gaps9).
 */
function droppedTextOutput(dep: TDependency, extraction: TTestExtraction, ctx: TClassificationContext, text: string): TVerdict | null {
  const base = baseWithin(ctx, reachableBase(ctx, extraction, dep.testLine));
  const baseRemoves = new Set([...base.byFile.values()].flatMap((d) => d.removals ?? []));
  const value = folded(dep.value);
  for (const d of ctx.gold.byFile.values()) {
    if (ctx.testFiles.has(d.file)) continue;
    const before = ctx.base.byFile.get(d.file)?.removals ?? [];
    for (const x of new Set(d.removals ?? [])) {
      if (x.length > 3 || /[\p{L}\p{N}\s]/u.test(x) || baseRemoves.has(x) || value.includes(folded(x))) continue;
      const count = (list: readonly string[]) => list.filter((r) => r === x).length;
      if (count(d.removals ?? []) <= count(before)) continue;
      const joined = extraction.suppliedLiterals.flatMap((s) => s.split(/\s+/)).filter((w) => w.includes(x))
        .map((w) => folded(w.split(x).join("")).replace(/[^\p{L}\p{N}]+$|^[^\p{L}\p{N}]+/gu, ""))
        .filter((w) => w.length >= 3 && /^[\p{L}\p{N}]+$/u.test(w) && holdsPiece(value, w));
      if (joined.length === 0) continue;
      const evidence = { gold: { file: d.file, line: null }, producer: `.replace(${JSON.stringify(x)}, "") in gold's ${d.file}`, definedAt: { file: d.file, line: null } };
      if (statesLiteral(text, dep.value, "exact")) return { category: "specified", reason: "the history states the literal", ...evidence, history: excerptOf(text, [dep.value, proseForm(dep.value)]) };
      const shown = joined.filter((w) => holdsPiece(folded(text), w));
      if (shown.length > 0) return { category: "inferable", reason: `it holds ${shown[0]}, a word of the input with ${JSON.stringify(x)} removed by gold's new code, which the history shows`, ...evidence, history: excerptOf(text, [shown[0]!]) };
      return { category: "hidden", reason: `it holds ${joined[0]}, a word of the test's input with ${JSON.stringify(x)} removed, which only gold's new code removes; the history never states it`, ...evidence };
    }
  }
  return null;
}

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

/**
 * A one-word literal gold adds, built as the base builds its siblings: the base writes two or more words of the same
 * ending (`mapiterator`, `setiterator`), and the history names the new word's stem, the ending, and a sibling's stem
 * ("string iterators, as it already does Map and Set iterators" for `stringiterator`). The history ties the word to
 * the base's family; the family fixes how it is spelt (held-out 24's kind-of, analyzer 41).
 */
function compoundConvention(dep: TDependency, ctx: TClassificationContext, text: string): string | null {
  if (dep.match !== "exact" || !/^[a-z]{6,40}$/i.test(dep.value)) return null;
  const value = dep.value.toLowerCase();
  const words = ctx.base.strings.filter((w) => /^[a-z]+$/i.test(w) && w.toLowerCase() !== value);
  for (let at = 2; at <= value.length - 4; at++) {
    const [stem, ending] = [value.slice(0, at), value.slice(at)];
    if (!saysWord(text, stem) || !saysWord(text, ending)) continue;
    const siblings = words.filter((w) => w.length >= ending.length + 2 && w.toLowerCase().endsWith(ending));
    if (siblings.length < 2 || !siblings.some((w) => saysWord(text, w.slice(0, w.length - ending.length)))) continue;
    return `the base spells the same kind of thing this way (${siblings.slice(0, 3).map((w) => `"${w}"`).join(", ")}), and the history names its stem ("${stem}") beside one of them`;
  }
  return null;
}
