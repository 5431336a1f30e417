// Pure: per history, the hidden dependencies of every audited test file with their
// blast radius — a hidden name or path blocks the whole build unit, a hidden literal
// (or a name used only inside one test) only that test — listed probe by probe.
import { classificationContext, classifyTestFile } from "./classify";
import { languageOf } from "./languages";
import { proseForm } from "./words";
import { howTestsRun } from "./test-runs";
import { probesOfLoadedTest, probesOfTest } from "./probe-ids";

export { probeIsTest, probeMatcher, probesOfLoadedTest, probesOfTest } from "./probe-ids";
import type { TBaseFailure, TCategory, TClassifiedDependency, TDependency, TDependencyEvidence, TLocation, TNotAudited, TTestCase, TTestExtraction, TTreeDefinitions } from "./types";

export interface TAuditHistory {
  revisionId: string;
  condition: string;
  /** The visible text of every turn, joined. */
  text: string;
}

export interface TOracleFindingDraft {
  revisionId: string;
  dependencyKey: string;
  kind: TDependency["kind"];
  name: string;
  module: string | null;
  reason: string;
  file: string;
  buildUnit: string;
  scope: "unit" | "test";
  probeTestIds: string[];
  /** A keyword or option: the function it is passed to (findings are per function). */
  owner?: string | null;
  /**
   * Maps to no probe the verifier runs (a `*.test-d.ts` type test) or is a type-only import: shown, never blocks
   * the gate. Always set by auditFamily; optional so findings read back from storage (before this field) still type.
   */
  informational?: boolean;
  evidence: {
    file: string; line: number; text: string; definedAt: { file: string; line: number | null } | null;
    /** Where the base, gold and the history state it (see TDependencyEvidence). */
    base?: TLocation | null; gold?: TLocation | null; history?: string | null;
  };
  addendum: string;
}

/** One dependency of one test file as classified for one history: what the tab lists, with its reason. */
export interface TAuditedDependency {
  dependencyKey: string;
  kind: TDependency["kind"];
  name: string;
  module: string | null;
  category: TCategory;
  reason: string;
  file: string;
  /** The test line that relies on it, and its text. */
  line: number;
  text: string;
  test: string | null;
  definedAt: TLocation | null;
  evidence: TDependencyEvidence;
}

export interface THistoryAudit {
  revisionId: string;
  condition: string;
  counts: Record<TCategory, number>;
  findings: TOracleFindingDraft[];
  /** Every dependency of every audited test file, classified, once per test (always set by auditFamily). */
  dependencies?: TAuditedDependency[];
}

export interface TFamilyAudit {
  histories: THistoryAudit[];
  notAudited: TNotAudited[];
  /** Every dependency found, once per file (the corpus and the page's totals). */
  dependencies: number;
}

/** The function whose keyword or option a dependency is (`wcwidth#kw`, `parse#1` → `wcwidth`, `parse`); null otherwise. */
export const optionOwner = (d: Pick<TDependency, "owner" | "via">) => (d.via === "option" && d.owner ? d.owner.split("#")[0]! : null);

/** One dependency: a keyword or option is one per function (`ambiguous_width` of `wcwidth` is not that of `wrap`). */
export const dependencyKey = (d: Pick<TDependency, "kind" | "value" | "module"> & Partial<Pick<TDependency, "owner" | "via">>) => {
  const owner = optionOwner({ owner: d.owner ?? null, via: d.via ?? "" });
  return `${d.kind}:${d.module ?? ""}:${d.value}${owner ? `@${owner}` : ""}`;
};

const wordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_]/u.test(c);
/** `value` stands in `text` with no letter or digit running on across either edge. */
function standsWhole(text: string, value: string): boolean {
  for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + 1)) {
    if (!(wordChar(value[0]) && wordChar(text[at - 1])) && !(wordChar(value.at(-1)) && wordChar(text[at + value.length]))) return true;
  }
  return false;
}

/**
 * The sentence an addendum adds to a history: agent-facing text only (no counts, ids or internal words), in
 * the words the classifier accepts — placed in the history, the same dependency reads as specified.
 */
export function addendumFor(c: Pick<TClassifiedDependency, "dependency" | "definedAt" | "evidence">): string {
  const d = c.dependency;
  const definedAt = c.definedAt;
  const modulePath = (p: string) => p.replace(/^(\.\.?\/)+/, "");
  if (d.kind === "path") return `The module \`${modulePath(definedAt?.file ?? d.value).replace(/\/$/, "")}\` must exist.`;
  if (d.kind === "name") {
    const fn = (d.owner ?? "").split("#")[0]!;
    if (d.via === "option") return `\`${fn}\` must accept the option \`${d.value}\`.`;
    if (d.via === "argument") {
      const position = Number(d.value.split("#")[1]) + 1;
      const param = c.evidence?.producer;
      return `\`${fn}\` must take a ${ordinal(position)} argument${param ? ` (\`${param}\`)` : ""}.`;
    }
    if (d.owner && (d.via === "method" || d.via === "property")) return `\`${d.owner.replace(/\(\)$/, "")}\` must have \`${d.value}\`.`;
    // A member of a whole module bound to a class-like name (`MIMEType.parse`; gaps6): the module's export has it.
    if (d.owner && d.owner !== "default" && d.module && (d.via === "member" || d.via === "member-call")) return `\`${d.owner}\` (what \`${modulePath(d.module)}\` exports) must have \`${d.value}\`.`;
    if (d.module) return `The module \`${modulePath(definedAt?.file ?? d.module).replace(/\/$/, "")}\` must export \`${d.value}\`.`;
    return `The code must define \`${d.value}\`.`;
  }
  if (d.via === "selector") return `The options must accept the name \`${proseForm(d.value)}\` (as a key or a value the code recognises).`;
  const what = d.via === "raises" ? "The error message" : "The result";
  if (d.match === "regex") {
    const example = c.evidence?.producer;
    return `${what} must match the pattern \`/${d.value}/${d.flags ?? ""}\`${example ? `, as in “${proseForm(example)}”` : ""}.`;
  }
  // A part of a concatenated expected value: the whole strings it makes are what the test compares.
  if (d.wholes && d.wholes.length > 0) return `${what} must be exactly ${d.wholes.map((w) => `\`${proseForm(w)}\``).join(" or ")}.`;
  if (d.match === "contains") return `${what} must contain \`${proseForm(d.value)}\`.`;
  return `${what} must be exactly \`${proseForm(d.value)}\`.`;
}

const ORDINALS = ["zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];
export const ordinal = (n: number) => ORDINALS[n] ?? `${n}th`;

/**
 * JavaScript tests (by line) an option gold adds — one the base does not read, so without it the code takes the
 * base's path — can or cannot fail. `changes`: the test expects an error, or compares a literal gold writes
 * (classified other than visible). `unchanged`: none of that, and the test asserts only that the code does not
 * throw, or compares no literal at all (only values it computes). Elsewhere an option passed as `false` (what an
 * unread option already is) changes nothing. Null for other languages: an unknown keyword argument raises there.
 */
function testsAnOptionCanChange(test: TTestExtraction, verdicts: readonly TClassifiedDependency[]): { changes: Set<number>; unchanged: Set<number> } | null {
  if (languageOf(test.file)?.id !== "javascript" && languageOf(test.file)?.id !== "typescript") return null;
  const changes = new Set(test.tests.filter((t) => t.expectsThrow).map((t) => t.line));
  const comparesLiteral = new Set<number>();
  for (const v of verdicts) {
    if (v.dependency.kind !== "literal" || v.dependency.testLine == null) continue;
    comparesLiteral.add(v.dependency.testLine);
    if (v.category !== "visible") changes.add(v.dependency.testLine);
  }
  const unchanged = new Set(test.tests.filter((t) => !changes.has(t.line) && (t.expectsNoThrow || !comparesLiteral.has(t.line))).map((t) => t.line));
  return { changes, unchanged };
}

/**
 * Whether the test throws without this name: it calls it (`bl.prepend(…)`, `fresh()`) in its own body, outside an
 * assertion that catches what it throws (`t.throws`, `t.doesNotThrow`).
 */
function throwsWithout(d: TDependency): boolean {
  if (d.kind !== "name" || d.testLine == null || d.text == null || d.value.includes("#")) return false;
  const call = new RegExp(`(?<![\\w$])${d.value.replace(/[$]/g, "\\$")}\\s*\\(`);
  return call.test(d.text) && !/\b(?:throws|doesNotThrow|rejects|doesNotReject)\s*\(/.test(d.text);
}

/** The whole family: each current history against each audited test file. */
export function auditFamily(input: {
  tests: TTestExtraction[];
  notAudited: TNotAudited[];
  base: TTreeDefinitions;
  gold: TTreeDefinitions;
  testFiles: string[];
  histories: TAuditHistory[];
  probeTestIds: string[];
  /** How the hidden tests fail on the base (calibration's base run): the dynamic literal rule's evidence. */
  baseFailures?: readonly TBaseFailure[] | null;
}): TFamilyAudit {
  const ctx = classificationContext(input.base, input.gold, input.testFiles, input.baseFailures ?? null);
  // Probes per test case, keyed by the case's line: two tests of one name (two classes' test_basic) stay apart.
  const probesByFile = new Map(input.tests.map((t) => [t.file, new Map(t.tests.map((c) => [c.line, probesOfTest(input.probeTestIds, t.file, c)]))]));
  // A file none of whose tests has an id of its own is loaded by another test file (mocha's `test/30-issues.js`
  // requiring `test/issues/*.js` inside its suite): its tests are the loader's ids that end with their own title.
  for (const t of input.tests) {
    const cases = probesByFile.get(t.file)!;
    if (t.tests.length === 0 || [...cases.values()].some((p) => p.length > 0)) continue;
    for (const c of t.tests) cases.set(c.line, probesOfLoadedTest(input.probeTestIds, t.file, c));
  }
  const probesOfDependency = (test: TTestExtraction, d: TDependency): string[] => {
    const cases = probesByFile.get(test.file)!;
    const all = d.testLine != null && cases.has(d.testLine) ? cases.get(d.testLine)! : [...new Set(test.tests.filter((c) => c.name === d.test).flatMap((c) => cases.get(c.line) ?? []))];
    // A parametrized row's value: the expanded ids that show it (pytest writes string values into the id).
    if (d.parametrized && d.kind === "literal" && d.value.length > 0) {
      // pytest writes a row's values in the id's brackets, joined by `-`; `test.each` prints them into the title.
      const python = test.file.endsWith(".py");
      const params = (id: string) => (python ? (id.match(/\[([\s\S]*)\]$/)?.[1] ?? "") : (id.split("::").at(-1) ?? "").split(" > ").at(-1)!);
      const rows = all.filter((id) => params(id).includes(d.value));
      // The value as a whole parameter, not the start of a longer one.
      const whole = rows.filter((id) => (python ? `-${params(id)}-`.includes(`-${d.value}-`) : standsWhole(params(id), d.value)));
      if (whole.length > 0) return whole;
      if (rows.length > 0) return rows;
    }
    return all;
  };
  const runs = howTestsRun(input.gold);
  // The probes of a file's tests from a line on, in the file's order: a test that throws there ends a tape file.
  const testsFrom = (file: string, line: number) => [...new Set([...(probesByFile.get(file)?.entries() ?? [])].filter(([at]) => at >= line).flatMap(([, p]) => p))];
  // Probes were collected: a finding that maps to none is in a file the verifier never runs (a type test).
  const collected = input.probeTestIds.length > 0;
  const occurrence = (d: TDependency) => `${dependencyKey(d)}@${d.testLine ?? d.test ?? ""}`;
  let dependencies = 0;
  for (const t of input.tests) dependencies += new Set(t.dependencies.map(occurrence)).size;
  const histories = input.histories.map((history): THistoryAudit => {
    const counts: Record<TCategory, number> = { visible: 0, specified: 0, inferable: 0, hidden: 0 };
    const findings = new Map<string, TOracleFindingDraft>();
    const classified = new Map<string, TClassifiedDependency>();
    const listed: TAuditedDependency[] = [];
    /** Findings whose probes an ignored option narrowed, with every probe of their tests (restored if narrowed to none). */
    const unnarrowed = new Map<string, string[]>();
    /** Findings on a value the test expects only in a browser (ids, then the drafts). */
    const pendingBrowser = new Set<string>();
    const browserOnly = new Set<TOracleFindingDraft>();
    for (const test of input.tests) {
      const unitProbes = [...new Set([...(probesByFile.get(test.file)?.values() ?? [])].flat())];
      const counted = new Set<string>();
      const verdicts = classifyTestFile(test, ctx, history.text);
      const canChange = testsAnOptionCanChange(test, verdicts);
      for (const c of verdicts) {
        const d = c.dependency;
        const key = dependencyKey(d);
        if (!counted.has(occurrence(d))) {
          counted.add(occurrence(d));
          counts[c.category]++;
          listed.push({
            dependencyKey: key, kind: d.kind, name: d.value, module: d.module, category: c.category, reason: c.reason,
            file: test.file, line: d.line, text: d.text, test: d.test, definedAt: c.definedAt, evidence: c.evidence,
          });
        }
        if (c.category !== "hidden") continue;
        // A type-checking runner fails the whole TypeScript file on a name the base's types lack; under a module
        // transform a named import read only inside tests fails those tests.
        const wholeFile = runs.typeChecked && /\.[cm]?tsx?$/.test(test.file) && d.kind === "name" && d.typeOnly !== true;
        const readers = !wholeFile && d.test === null && d.readIn && (runs.transformed(test) || d.readOffModule === true) ? d.readIn : null;
        const scope = wholeFile || (d.kind !== "literal" && d.test === null && !readers) ? "unit" : "test";
        const own = scope === "unit" ? unitProbes : readers ? [...new Set(readers.flatMap((line) => probesByFile.get(test.file)?.get(line) ?? []))] : probesOfDependency(test, d);
        const all = scope === "test" && runs.endsAtThrow(test) && throwsWithout(d) ? [...new Set([...own, ...testsFrom(test.file, d.testLine!)])] : own;
        const id = `${test.file}|${key}`;
        // A JavaScript option gold adds (the base reads no such option, so it is ignored there): without it the code
        // takes the base's path, which fails only tests that expect an error or compare text gold writes.
        // A positional argument the test shows does not decide the result there (recall5): the base, ignoring it, passes.
        const narrowed = (d.via === "option" && canChange !== null && d.testLine != null && !canChange.changes.has(d.testLine) && (d.falsy === true || canChange.unchanged.has(d.testLine)))
          || (d.via === "argument" && d.undecided === true);
        const probes = narrowed || d.browserOnly ? [] : all;
        if (narrowed || unnarrowed.has(id)) unnarrowed.set(id, [...new Set([...(unnarrowed.get(id) ?? []), ...all])]);
        const existing = findings.get(id);
        if (existing) {
          // The same dependency in several tests: the union of their probes; module level wins.
          if (existing.scope === "test" && scope === "unit") existing.scope = "unit";
          existing.probeTestIds = [...new Set([...existing.probeTestIds, ...probes])];
          existing.informational = (collected && existing.probeTestIds.length === 0) || (existing.informational && (d.typeOnly === true || d.browserOnly === true));
          if (!d.browserOnly) pendingBrowser.delete(id);
          continue;
        }
        classified.set(id, c);
        if (d.browserOnly) pendingBrowser.add(id);
        findings.set(id, {
          revisionId: history.revisionId, dependencyKey: key, kind: d.kind, name: d.value, module: d.module, ...(optionOwner(d) ? { owner: optionOwner(d) } : {}), reason: c.reason,
          file: test.file, buildUnit: `${test.file} (${languageOf(test.file)?.unit ?? "test file"})`, scope, probeTestIds: probes,
          informational: (collected && probes.length === 0) || d.typeOnly === true || d.browserOnly === true,
          evidence: { file: test.file, line: d.line, text: d.text, definedAt: c.definedAt, base: c.evidence.base, gold: c.evidence.gold, history: c.evidence.history },
          addendum: addendumFor(c),
        });
      }
    }
    for (const [id, probes] of unnarrowed) {
      const f = findings.get(id);
      // Narrowed to no test at all: the rule cannot tell which, so every test that passes the option blocks.
      if (f && f.probeTestIds.length === 0 && probes.length > 0) {
        f.probeTestIds = probes;
        f.informational = false;
      }
    }
    for (const id of pendingBrowser) browserOnly.add(findings.get(id)!);
    const all = [...findings.values()];
    for (const f of all) {
      if (f.informational) f.reason = `${f.reason} — informational: ${browserOnly.has(f) ? "the test expects it only in a browser, and the verifier runs Node" : f.probeTestIds.length === 0 ? "the verifier runs no probe of this file's tests" : "a type-only import, erased at run time"}, so it cannot block`;
    }
    return { revisionId: history.revisionId, condition: history.condition, counts, findings: all, dependencies: listed };
  });
  return { histories, notAudited: input.notAudited, dependencies };
}
