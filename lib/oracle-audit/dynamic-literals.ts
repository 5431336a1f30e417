// Pure: the dynamic literal rule. How the hidden tests fail on the base (calibration's base run) shows, for an
// expected literal no source holds, whether the base gives it: when the base gives another value there, the output
// is gold's — specified when a history states it, inferable when a history shows its format or what gold adds, hidden
// otherwise. Where no run compares it, the static rules of classify-literals.ts judge it.
import { addedRuns, baseEvidence, expectedLiterals } from "./base-outputs";
import { probeMatcher } from "./probe-ids";
import type { TClassificationContext, TVerdict } from "./tree-index";
import type { TBaseFailure, TDependency, TTestExtraction } from "./types";
import { excerptOf, holdsPiece, NUMBER, proseForm, statesLiteral } from "./words";

/**
 * A literal no source holds that the base, run on the hidden tests, demonstrably gives something else for (the
 * calibration run's failure text shows the test's value on one side of the comparison only, the base's other value on
 * the other): the output is gold's. Specified when the history states it; inferable when the history shows the same
 * format by an example (a value of the same shape the base does not give either: `W/"9-Z34S…"` for `W/"3-aW9H…"`);
 * hidden otherwise. Null when no run says (no failure compares it, or the base gives it elsewhere): the static rules
 * judge it — except for a comparison the run never reaches because an earlier one of the same test failed on gold's
 * output of the same computation (`unreachedGoldOutput`): that one is no more hidden than the earlier one, as `judge`
 * (the whole classification) finds it. Where the base throws before comparing (a function it lacks), no run says: the
 * history's description of the new behaviour may well fix the value, which only a reader can tell.
 */
export function outputTheBaseDoesNotGive(
  dep: TDependency,
  extraction: TTestExtraction,
  ctx: TClassificationContext,
  text: string,
  judge: (first: TDependency) => TVerdict | null = (first) => outputTheBaseDoesNotGive(first, extraction, ctx, text),
): TVerdict | null {
  const found = goldOutput(dep, extraction, ctx) ?? unreachedGoldOutput(dep, extraction, ctx);
  if (!found) return null;
  const { seen, added } = found;
  const evidence = { gold: null, producer: null, definedAt: null, base: null };
  const gives = `the base gives ${JSON.stringify(seen.gave.length > 60 ? `${seen.gave.slice(0, 60)}…` : seen.gave)}`;
  const gave = found.after ? `the run stops before it, at ${JSON.stringify(found.after.value)}, where ${gives}` : `${gives} here`;
  if (statesLiteral(text, dep.value, dep.match === "contains" ? "contains" : "exact")) {
    return { category: "specified", reason: `the history states the literal (${gave})`, ...evidence, history: excerptOf(text, [dep.value, proseForm(dep.value)]) };
  }
  const example = exampleOfShape(text, dep.value);
  if (example) return { category: "inferable", reason: `the history shows the format by an example, ${JSON.stringify(example)} (${gave})`, ...evidence, history: excerptOf(text, [example]) };
  // What gold adds to the base's output, stated: `n` after each number, when the history says "the `n` suffix".
  if (added && added.length > 0 && added.every((run) => statesAddedRun(text, run))) {
    return { category: "inferable", reason: `the history states what gold adds to the base's output (${added.map((r) => JSON.stringify(r)).join(", ")}; ${gave})`, ...evidence, history: excerptOf(text, added) };
  }
  // A value the run never reached is no more hidden than the one it stopped at: a history that states or shows that
  // one gives the computation both come from.
  const first = found.after ? judge(found.after) : null;
  if (first && first.category !== "hidden") {
    return { category: "inferable", reason: `the history ${first.category === "specified" ? "states" : "shows"} the value the run stopped at, ${JSON.stringify(found.after!.value)}, of the same computation (${gave})`, ...evidence, history: first.history ?? null };
  }
  return { category: "hidden", reason: `the output is gold's: ${gave}, and the history never states it`, ...evidence };
}

type TGoldOutput = { seen: { gave: string }; added: string[] | null; after?: TDependency };

/** The test's own input: the literals it supplies (an expected value only the base run shows aside) and its argv. */
function inputsOf(dep: TDependency, extraction: TTestExtraction): string[] {
  return [...extraction.suppliedLiterals.filter((s) => !dep.observed || s !== dep.value), ...extraction.dependencies.filter((d) => d.via === "argv").map((d) => d.value)];
}

/** The probes of the test that compares the dependency. */
function probesOf(dep: TDependency, extraction: TTestExtraction, ctx: TClassificationContext): Set<string> {
  const tests = extraction.tests.filter((t) => (dep.testLine != null ? t.line === dep.testLine : t.name === dep.test));
  const matchers = tests.map((t) => probeMatcher(extraction.file, t));
  return new Set((ctx.baseFailures ?? []).map((f) => f.probe).filter((id) => matchers.some((m) => m(id))));
}

/**
 * What the base run has to say of a value the test compares (not an argument, option, flag, environment variable or
 * selector it passes in, nor a piece of its own input): the test's inputs and the probes of its failures. Null when
 * there is no run, the value is the test's own, or no failure is the test's.
 */
function comparison(dep: TDependency, extraction: TTestExtraction, ctx: TClassificationContext): { failures: readonly TBaseFailure[]; inputs: string[]; probes: Set<string> } | null {
  if (!ctx.baseFailures || dep.match === "regex" || ["argument", "option", "argv", "env", "selector"].includes(dep.via) || NUMBER.test(dep.value)) return null;
  // A piece of the test's own input (a token of the SQL it feeds in, a flag of the argv it passes) is the input's,
  // however the base splits or echoes it.
  // (An expected value only the base run shows is itself among the literals the file writes: not an input of its own.)
  const inputs = inputsOf(dep, extraction);
  if (inputs.some((s) => s.includes(dep.value))) return null;
  const probes = probesOf(dep, extraction, ctx);
  return probes.size === 0 ? null : { failures: ctx.baseFailures, inputs, probes };
}

/**
 * The base run shows the test's value on one side of a comparison only, and gold's value holds text of its own: the
 * output is gold's. Null when no run says, or the value may be the base's output for another input.
 */
function goldOutput(dep: TDependency, extraction: TTestExtraction, ctx: TClassificationContext): TGoldOutput | null {
  const compared = comparison(dep, extraction, ctx);
  if (!compared) return null;
  const { inputs } = compared;
  const seen = baseEvidence(dep.value, compared.failures, compared.probes);
  if (!seen || seen.produced) return null;
  // Gold's value is the base's with only whitespace added or text taken out (`Foo\nBar` for the base's `FooBar`):
  // no text of gold's own, so how the history describes the change decides, which only a reader can tell.
  const added = addedRuns(seen.gave, dep.value);
  if (added !== null && added.length === 0) return null;
  // Gold's output holds text of its own: a word neither the test's inputs nor the base's code write (as a string or
  // a key), or a format around what the base gives (`(?:…)` around the base's `1[0-9]|…`) that is not the test's
  // input either. Made only of those, it may be the base's output for another input (a reader can tell): left to the
  // static rules.
  const wraps = seen.gave.length >= 3 && dep.value !== seen.gave && dep.value.includes(seen.gave) && (added ?? []).some((run) => !inputs.some((s) => s.includes(run)));
  if (!wraps && unknownWords(dep.value, inputs, extraction, ctx).length === 0) return null;
  return { seen, added };
}

/** The words of a value that neither the test's inputs nor the base's code write (as a string or a key). */
function unknownWords(value: string, inputs: readonly string[], extraction: TTestExtraction, ctx: TClassificationContext): string[] {
  const known = (word: string) => inputs.some((s) => holdsPiece(s, word)) || (extraction.suppliedKeys ?? []).includes(word) || ctx.base.keys.has(word) || ctx.base.strings.some((s) => holdsPiece(s, word));
  return (value.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !known(w));
}

/**
 * A comparison the base run never reaches: the test's first failed comparison, earlier in the same test, is gold's
 * output, and the run stops there. A later value holding the name of gold's own that made the first gold's
 * (`MyInterval((1, 2), (3, 4))` after `MyInterval(0, 1)`, where the base gives `Interval(0, 1)`) is gold's output too
 * (held-out 16, analyzer 40). The same shape alone is not enough: etag-weak-md5's `W/"1400-8Kq6…"` after
 * `W/"0-1B2M…"` has the shape of gold's weak tags, yet the base gives it.
 */
function unreachedGoldOutput(dep: TDependency, extraction: TTestExtraction, ctx: TClassificationContext): TGoldOutput | null {
  const line = dep.line;
  const compared = comparison(dep, extraction, ctx);
  if (line == null || !compared || baseEvidence(dep.value, compared.failures, compared.probes)) return null;
  // A word of gold's own that is a name (`MyInterval`), not a digest or a fragment of an encoding (`22bar` of `%22bar%22`).
  const names = (value: string, of: TDependency) => unknownWords(value, inputsOf(of, extraction), extraction, ctx).filter((w) => w.length >= 3 && /^\p{L}+$/u.test(w));
  const own = names(dep.value, dep);
  if (own.length === 0) return null;
  for (const first of extraction.dependencies) {
    if (first === dep || first.kind !== "literal" || first.line == null || first.line >= line || first.testLine !== dep.testLine || first.test !== dep.test) continue;
    const found = goldOutput(first, extraction, ctx);
    if (found && names(first.value, first).some((w) => own.includes(w))) return { seen: found.seen, added: null, after: first };
  }
  return null;
}

/**
 * A base failure that stops before the test compares anything, because the base lacks what the test calls (a method,
 * a function, an import, a keyword argument): the test runs gold's new code only.
 */
const LACKS = /\bis not a (?:function|constructor)\b|\bis not defined\b|has no attribute\b|cannot import name\b|unexpected keyword argument\b/i;

/** A number no reader could guess: seven or more significant digits, not a round or power-of-two value. */
function opaqueNumber(value: string): boolean {
  const m = /^-?([1-9][0-9]{6,})$/.exec(value);
  if (!m || /000$/.test(m[1]!)) return false;
  const n = BigInt(m[1]!);
  return (n & (n - 1n)) !== 0n && (n & n + 1n) !== 0n;
}

/**
 * The history gives the parameters of a computation: a quantity (`2^128`, `624`, `64 draws`), or another
 * implementation's function the result must match (`numpy's MT19937.jumped()`). Digits inside a name (`MT19937`,
 * `sha256`) are no quantity of their own.
 */
function computationParameters(text: string): string | null {
  const quantity = /(?<![\p{L}\p{N}_.])\d+(?:\s*(?:\^|\*\*)\s*\d+)?(?![\p{L}\p{N}_])/u.exec(text);
  if (quantity) return quantity[0];
  const reference = /\b[\p{L}\p{N}_]+'s\s+[\p{L}_][\p{L}\p{N}_.]*\(\)/u.exec(text);
  return reference ? reference[0] : null;
}

/**
 * A number no reader could guess (949738347) that a test compares after calling what the base lacks: every base failure
 * of the test stops before comparing ("g.jump is not a function"), so the value is the output of gold's new
 * computation, and only an exact account of that computation fixes it. Specified when the history states the number;
 * inferable when it gives the computation's parameters (a quantity such as `2^128`, or another implementation's
 * function to match); hidden otherwise ("implement jump as the other generators have it" fixes no jump). Null without
 * a base run, where the base reaches a comparison, or for a number a reader may work out (small, round): the static
 * rules judge those. Prompted by pure-rand-mersenne-jump (held-out 14, analyzer 34).
 */
export function outputOfCodeTheBaseLacks(dep: TDependency, extraction: TTestExtraction, ctx: TClassificationContext, text: string): TVerdict | null {
  if (!ctx.baseFailures || dep.match !== "exact" || dep.via !== "assert" || !opaqueNumber(dep.value)) return null;
  // A number the test hands to the code and expects back is the test's own.
  if (extraction.echoed?.some((d) => d.value === dep.value)) return null;
  const probes = probesOf(dep, extraction, ctx);
  const own = ctx.baseFailures.filter((f) => probes.has(f.probe));
  if (own.length === 0 || !own.every((f) => LACKS.test(`${f.message ?? ""}\n${f.detail ?? ""}`))) return null;
  const lacked = /([\w.$]+) is not a function|has no attribute '(\w+)'|cannot import name '(\w+)'/i.exec(`${own[0]!.message ?? ""}\n${own[0]!.detail ?? ""}`);
  const what = lacked ? (lacked[1] ?? lacked[2] ?? lacked[3])! : "what the test calls";
  const evidence = { gold: null, producer: `gold's new ${what}`, definedAt: null, base: null };
  if (statesLiteral(text, dep.value, "exact")) return { category: "specified", reason: `the history states the number (the base lacks ${what})`, ...evidence, history: excerptOf(text, [dep.value]) };
  const given = computationParameters(text);
  if (given) return { category: "inferable", reason: `computed by gold's new ${what}, whose parameters the history gives (${JSON.stringify(given)})`, ...evidence, history: excerptOf(text, [given]) };
  return { category: "hidden", reason: `only gold's new ${what} computes this number (the base lacks it), and the history gives nothing that fixes the computation`, ...evidence };
}

/** The history states a run gold adds: quoted or in a code span, or (a longer run with a letter) as a whole word anywhere. */
function statesAddedRun(text: string, run: string): boolean {
  if ([`\`${run}\``, `'${run}'`, `"${run}"`, `“${run}”`].some((q) => text.includes(q))) return true;
  return run.length >= 4 && /[\p{L}]/u.test(run) && holdsPiece(text, run);
}

/** A literal's shape: each run of letters and digits one placeholder, the punctuation kept (`W/"9-Z34S…"` → `W/"0-0"`). */
const shapeOf = (value: string) => value.replace(/[\p{L}\p{N}+/=_]+/gu, "0");

/**
 * A code span or quoted text of the history with the literal's shape, when that shape says something: it keeps
 * punctuation of its own (not a bare word or number), and the span differs from the literal.
 */
function exampleOfShape(text: string, value: string): string | null {
  const shape = shapeOf(value);
  if (!/[^0\s]/.test(shape.replace(/^0|0$/g, "")) || shape.length < 3) return null;
  for (const m of text.matchAll(/`([^`\n]+)`/g)) {
    const span = m[1]!.trim();
    const inner = /^[^(]*\(.*\)\s*is\s+(.+)$/.exec(span)?.[1] ?? span;
    if (inner !== value && shapeOf(inner) === shape) return inner;
  }
  return null;
}

/**
 * The extraction with the expected values only the base run shows (`observed`): each literal the test file writes that
 * a failure of one of its tests prints as expected and never as the code's value, where the test has no such literal
 * dependency already (its comparison is built in a way the extractor does not follow). Unchanged without a base run.
 */
export function withObservedExpectations(extraction: TTestExtraction, failures: readonly TBaseFailure[] | null): TTestExtraction {
  if (!failures || failures.length === 0) return extraction;
  const added: TDependency[] = [];
  for (const test of extraction.tests) {
    const matches = probeMatcher(extraction.file, test);
    const own = failures.filter((f) => matches(f.probe));
    if (own.length === 0) continue;
    const has = new Set(extraction.dependencies.filter((d) => d.kind === "literal" && (d.testLine === test.line || d.test === test.name)).map((d) => d.value));
    // A literal the file writes more than once may be an input the test also expects back (`enable('a,b')`, then
    // `disable()` returns 'a,b'): the test's own, so only one written once is read as an expected value here.
    // Nor one the extractor already read as an input echoed back (handed to the code once, then expected: a stub's
    // `mockReturnValue('x')`, a `toJSON` the test writes): the test's own value, whatever the base gives (analyzer 24).
    const echoed = new Set((extraction.echoed ?? []).map((d) => d.value));
    const once = extraction.suppliedLiterals.filter((v) => !extraction.suppliedTwice?.includes(v) && !echoed.has(v));
    // Nor one that stands inside an expected value the test already compares (an attribute's serialization that holds
    // the value the test passes in): the failure prints that value, the input only within it (held-out 23, analyzer 38).
    const compared = [...has];
    for (const { value } of expectedLiterals(once, own)) {
      if (has.has(value) || compared.some((c) => c.length > value.length && c.includes(value))) continue;
      has.add(value);
      added.push({ kind: "literal", value, module: null, owner: null, via: "assert", match: "exact", line: test.line, text: "", test: test.name, testLine: test.line, observed: true });
    }
  }
  return added.length === 0 ? extraction : { ...extraction, dependencies: [...extraction.dependencies, ...added] };
}
