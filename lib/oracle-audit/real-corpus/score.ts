// Pure: scores the audit's verdicts on the real corpus against the hand labels — per
// dependency precision and recall of "hidden", false hidden findings per family, blast-radius
// and informational accuracy, and four-class agreement — naming every miss and false alarm.
// It reads only the fields it needs from the audit's output, so fields added later are ignored.
import { DEPENDENCY_KINDS, kindOf, type TDependencyKind } from "./by-kind";
import { HISTORY_KEYS, labelKey, type THistoryKey, type TLabel, type TRealCase } from "./schema";

/** One dependency occurrence as the audit classified it (a structural subset of TClassifiedDependency). */
export interface TObservedDependency {
  dependency: { kind: string; value: string; module: string | null; owner: string | null; via: string; line: number; text?: string };
  category: string;
  reason: string;
}

/** One finding as the audit reports it (a structural subset of TOracleFindingDraft). */
export interface TObservedFinding {
  /** The audit's key of the dependency (`kind:module:value`, `@owner` for a keyword or option). */
  dependencyKey?: string;
  file: string;
  kind: string;
  name: string;
  module: string | null;
  probeTestIds: string[];
  /** The function whose keyword or option it is (options are findings per function). */
  owner?: string | null;
  informational?: unknown;
  scope?: unknown;
}

export interface TCaseObservation {
  caseId: string;
  /** The audit ended in an error instead of a result (a crash is a failure of the audit). */
  error: string | null;
  notAudited: { file: string; reason: string }[];
  perHistory: Record<THistoryKey, { classified: { file: string; deps: TObservedDependency[] }[]; findings: TObservedFinding[] }>;
  testFiles: number;
  ms: number;
}

export interface TRealCorpusScore {
  cases: number;
  repositories: number;
  families: number;
  /** Label × history pairs scored. */
  labels: number;
  trulyHidden: number;
  truePositives: number;
  falsePositives: string[];
  falseNegatives: string[];
  precision: number;
  recall: number;
  /** Blocking findings (what the curator sees) that match no truly hidden label, per family. */
  falseFindingsPerFamily: number;
  falseFindingsMax: number;
  falseFindings: string[];
  /** True positives that block: the predicted probes equal the labelled ones exactly. */
  blastRadius: { exact: number; of: number; misses: string[] };
  /** True positives: whether the audit calls them informational exactly when the label does. */
  informational: { correct: number; of: number; misses: string[] };
  /** Label × history pairs whose class the audit gives exactly (no occurrence: "not extracted"). */
  agreement: { equal: number; of: number; notExtracted: number; confusion: Record<string, number> };
  /** Precision and recall of "hidden" per kind of dependency (a label's kind; an unlabelled false alarm's own). */
  byKind: Record<TDependencyKind, { truePositives: number; falsePositives: number; trulyHidden: number }>;
  errors: string[];
  msPerTestFile: number;
}

const stripEscapes = (v: string) =>
  v.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[nrt0\\'"`])/g, (_, e: string) => {
    if (e.startsWith("u{")) return String.fromCodePoint(parseInt(e.slice(2, -1), 16));
    if (e[0] === "u") return String.fromCharCode(parseInt(e.slice(1), 16));
    if (e[0] === "x") return String.fromCharCode(parseInt(e.slice(1), 16));
    return ({ n: "\n", r: "\r", t: "\t", "0": "\0" } as Record<string, string>)[e] ?? e;
  });

const normModule = (m: string) => m.replace(/\/+$/, "").replace(/\.(m?c?[jt]sx?)$/, "").replace(/\/index$/, "") || ".";
/** Python reaches a submodule's names through the package (`from packaging import tags; tags.X`): `packaging` covers `packaging.tags`. */
const moduleCompatible = (label: string | null, observed: string | null) =>
  label === null || observed === null || normModule(label) === normModule(observed) || label.startsWith(`${observed}.`);
/** `parse#1`, `mi.sort_together#kw`, `factory()` → the function's own name. */
const normOwner = (o: string) => o.split("#")[0]!.replace(/\(\)$/, "").split(".").at(-1)!;

/** A callee bound by a default import is named `default` by the extractor (`default#1`): the label names the function. */
const DEFAULT_CALLEE = "default";

function valueMatches(label: TLabel, observed: string): boolean {
  if (observed === label.value) return true;
  const arg = /^(.+)#(\d+)$/.exec(label.value);
  if (label.kind === "name" && arg && observed === `${DEFAULT_CALLEE}#${arg[2]}`) return true;
  return label.kind === "literal" && label.match !== "regex" && observed.includes("\\") && stripEscapes(observed) === label.value;
}

/** Where a test binds a whole module to a local (`module\0local`): the label names the function that module exports. */
type TModuleBindings = ReadonlySet<string>;
const WHOLE_MODULE = [
  /^(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*require\(\s*(['"`])(.+?)\2\s*\)\s*;?$/,
  /^import\s+([A-Za-z_$][\w$]*)\s+from\s+(['"])(.+?)\2\s*;?$/,
];

/**
 * The locals a test file binds to a whole module (`const fp = require('../plugin')`, an ESM default import), read
 * from the audit's own path dependencies: a call of one calls what the module exports, so the audit's owner (`fp#1`,
 * the test's name for it) is the label's (`plugin`, the function's own name).
 */
export function wholeModuleBindings(deps: readonly TObservedDependency[]): TModuleBindings {
  const bindings = new Set<string>();
  for (const { dependency: d } of deps) {
    if (d.kind !== "path" || !d.text) continue;
    for (const form of WHOLE_MODULE) {
      const m = form.exec(d.text.trim());
      if (m && m[3] === d.value) bindings.add(`${normModule(d.value)}\0${m[1]}`);
    }
  }
  return bindings;
}

/**
 * The audit's owner is the label's: the same function (`parse#1`, `parse`), a default callee, a local bound to the whole
 * module (`fp#1`), or, for a method's argument, the method of the label's class (`Colord.mix` for `mix#2` of `Colord`).
 */
const ownerMatches = (label: TLabel, owner: string, module: string | null, bindings: TModuleBindings, value = "") =>
  normOwner(owner) === normOwner(label.owner!) || normOwner(owner) === DEFAULT_CALLEE
  || (module !== null && !owner.includes(".") && bindings.has(`${normModule(module)}\0${normOwner(owner)}`))
  || (/#\d+$/.test(value) && owner.split("#")[0] === `${label.owner}.${value.split("#")[0]}`);

export function occurrenceMatches(label: TLabel, file: string, d: TObservedDependency["dependency"], bindings: TModuleBindings = new Set()): boolean {
  if (file !== label.file || d.kind !== label.kind || !valueMatches(label, d.value) || !moduleCompatible(label.module, d.module)) return false;
  if (label.kind !== "name") return true;
  if (label.owner !== null) return d.owner !== null && ownerMatches(label, d.owner, d.module, bindings, label.value);
  return d.via !== "option";
}

/** A finding on one function's keyword or option matches only the label of that function's (when both name it). */
const findingMatches = (label: TLabel, f: TObservedFinding, bindings: TModuleBindings = new Set()) =>
  f.file === label.file && f.kind === label.kind && valueMatches(label, f.name) && moduleCompatible(label.module, f.module)
  && (label.owner === null || f.owner == null || ownerMatches(label, f.owner, f.module, bindings, label.value));

/** Only the audit's own word makes a finding informational; a blocking finding that maps to no probe still blocks the gate. */
const findingIsInformational = (f: TObservedFinding) => f.informational === true || f.scope === "informational";

const sameSet = (a: readonly string[], b: readonly string[]) => {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((x) => sb.has(x));
};

const describe = (l: TLabel) => `${l.kind} ${JSON.stringify(l.value)}${l.owner ? ` of ${l.owner}` : ""}${l.module ? ` from ${l.module}` : ""} in ${l.file}`;

export function scoreRealCorpus(cases: readonly TRealCase[], observations: readonly TCaseObservation[]): TRealCorpusScore {
  const byId = new Map(observations.map((o) => [o.caseId, o]));
  const score: TRealCorpusScore = {
    cases: cases.length, repositories: new Set(cases.map((c) => c.repo)).size, families: 0,
    labels: 0, trulyHidden: 0, truePositives: 0, falsePositives: [], falseNegatives: [], precision: 1, recall: 1,
    falseFindingsPerFamily: 0, falseFindingsMax: 0, falseFindings: [],
    blastRadius: { exact: 0, of: 0, misses: [] }, informational: { correct: 0, of: 0, misses: [] },
    agreement: { equal: 0, of: 0, notExtracted: 0, confusion: {} }, errors: [], msPerTestFile: 0,
    byKind: Object.fromEntries(DEPENDENCY_KINDS.map((k) => [k, { truePositives: 0, falsePositives: 0, trulyHidden: 0 }])) as TRealCorpusScore["byKind"],
  };
  const tally = (kind: TDependencyKind | null, field: "truePositives" | "falsePositives" | "trulyHidden") => {
    if (kind) score.byKind[kind][field]++;
  };
  let ms = 0;
  let files = 0;
  let falseFindingTotal = 0;
  for (const c of cases) {
    const o = byId.get(c.id);
    if (!o) {
      score.errors.push(`${c.id}: not loaded`);
      continue;
    }
    score.families++;
    ms += o.ms;
    files += o.testFiles;
    if (o.error) score.errors.push(`${c.id}: the audit failed: ${o.error}`);
    let falseInFamily = 0;
    for (const h of HISTORY_KEYS) {
      const { classified, findings } = o.perHistory[h];
      const where = (l: TLabel) => `${c.id} [${h}] ${describe(l)}`;
      const matchedOccurrences = new Set<TObservedDependency>();
      const bindings = new Map(classified.map((f) => [f.file, wholeModuleBindings(f.deps)]));
      for (const label of c.dependencies) {
        score.labels++;
        const truth = label.class[h];
        const occurrences = classified.flatMap((f) => f.deps.filter((d) => occurrenceMatches(label, f.file, d.dependency, bindings.get(f.file))));
        occurrences.forEach((d) => matchedOccurrences.add(d));
        const predictedHidden = occurrences.some((d) => d.category === "hidden");
        const predicted = predictedHidden ? "hidden" : (occurrences[0]?.category ?? "not extracted");
        score.agreement.of++;
        if (predicted === truth) score.agreement.equal++;
        if (predicted === "not extracted") score.agreement.notExtracted++;
        score.agreement.confusion[`${truth}→${predicted}`] = (score.agreement.confusion[`${truth}→${predicted}`] ?? 0) + 1;
        const reason = occurrences.find((d) => d.category === predicted)?.reason ?? "not extracted";
        if (truth === "hidden") {
          score.trulyHidden++;
          tally(kindOf(label), "trulyHidden");
        }
        if (predictedHidden && truth === "hidden") {
          score.truePositives++;
          tally(kindOf(label), "truePositives");
          const matching = findings.filter((f) => findingMatches(label, f, bindings.get(f.file)));
          const predictedInformational = matching.length === 0 || matching.every(findingIsInformational);
          score.informational.of++;
          if (predictedInformational === label.informational) score.informational.correct++;
          else score.informational.misses.push(`${where(label)}: labelled ${label.informational ? "informational" : "blocking"}, the audit says ${predictedInformational ? "informational" : "blocking"}`);
          if (!label.informational) {
            score.blastRadius.of++;
            const probes = [...new Set(matching.flatMap((f) => f.probeTestIds))];
            if (sameSet(probes, label.probes)) score.blastRadius.exact++;
            else score.blastRadius.misses.push(`${where(label)}: predicted ${probes.length} probe(s), labelled ${label.probes.length}`);
          }
        } else if (predictedHidden) {
          score.falsePositives.push(`${where(label)}: labelled ${truth}; audit: hidden (${reason})`);
          tally(kindOf(label), "falsePositives");
        }
        else if (truth === "hidden") score.falseNegatives.push(`${where(label)}: audit: ${predicted} (${reason})`);
      }
      // A hidden verdict no label covers is a false alarm too (once per file and dependency).
      const seen = new Set<string>();
      for (const f of classified) {
        for (const d of f.deps) {
          if (d.category !== "hidden" || matchedOccurrences.has(d)) continue;
          const key = `${f.file}|${d.dependency.kind}|${d.dependency.module ?? ""}|${d.dependency.owner ?? ""}|${d.dependency.value}`;
          if (seen.has(key)) continue;
          seen.add(key);
          tally(kindOf(d.dependency), "falsePositives");
          score.falsePositives.push(`${c.id} [${h}] unlabelled ${d.dependency.kind} ${JSON.stringify(d.dependency.value)} (${d.dependency.via}) in ${f.file}:${d.dependency.line}: ${d.reason}`);
        }
      }
      for (const f of findings) {
        if (findingIsInformational(f)) continue;
        const labels = c.dependencies.filter((l) => findingMatches(l, f, bindings.get(f.file)));
        if (labels.some((l) => l.class[h] === "hidden")) continue;
        falseInFamily++;
        score.falseFindings.push(`${c.id} [${h}] ${f.kind} ${JSON.stringify(f.name)} in ${f.file} (${f.probeTestIds.length} probes): ${labels.length ? `labelled ${[...new Set(labels.map((l) => l.class[h]))].join("/")}` : "unlabelled"}`);
      }
    }
    falseFindingTotal += falseInFamily;
    score.falseFindingsMax = Math.max(score.falseFindingsMax, falseInFamily);
  }
  const fp = score.falsePositives.length;
  score.precision = score.truePositives + fp === 0 ? 1 : score.truePositives / (score.truePositives + fp);
  score.recall = score.trulyHidden === 0 ? 1 : score.truePositives / score.trulyHidden;
  score.falseFindingsPerFamily = score.families === 0 ? 0 : falseFindingTotal / score.families;
  score.msPerTestFile = files === 0 ? 0 : ms / files;
  return score;
}

/** Labels that name the same dependency twice (the well-formedness check's helper). */
export function duplicateLabels(c: TRealCase): string[] {
  const seen = new Set<string>();
  const dups: string[] = [];
  for (const l of c.dependencies) {
    const k = labelKey(l);
    if (seen.has(k)) dups.push(k);
    seen.add(k);
  }
  return dups;
}

/** Wilson score interval (95%) of a proportion, as the paper reports its precision. */
export function wilson(successes: number, trials: number, z = 1.96): { low: number; high: number } {
  if (trials === 0) return { low: 0, high: 1 };
  const p = successes / trials;
  const denom = 1 + (z * z) / trials;
  const centre = p + (z * z) / (2 * trials);
  const spread = z * Math.sqrt((p * (1 - p)) / trials + (z * z) / (4 * trials * trials));
  return { low: (centre - spread) / denom, high: (centre + spread) / denom };
}
