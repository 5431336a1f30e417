// Pure: per history, the hidden dependencies of every audited test file with their
// blast radius — a hidden name or path blocks the whole build unit, a hidden literal
// (or a name used only inside one test) only that test — listed probe by probe.
import { classificationContext, classifyTestFile } from "./classify";
import { languageOf } from "./languages";
import type { TCategory, TClassifiedDependency, TDependency, TNotAudited, TTestCase, TTestExtraction, TTreeDefinitions } from "./types";

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
  evidence: { file: string; line: number; text: string; definedAt: { file: string; line: number | null } | null };
  addendum: string;
}

export interface THistoryAudit {
  revisionId: string;
  condition: string;
  counts: Record<TCategory, number>;
  findings: TOracleFindingDraft[];
}

export interface TFamilyAudit {
  histories: THistoryAudit[];
  notAudited: TNotAudited[];
  /** Every dependency found, once per file (the corpus and the page's totals). */
  dependencies: number;
}

export const dependencyKey = (d: Pick<TDependency, "kind" | "value" | "module">) => `${d.kind}:${d.module ?? ""}:${d.value}`;

/** Probes run by one test of a file: a probe id ends with the test's name, and names the file when it names one. */
export function probesOfTest(probeTestIds: readonly string[], file: string, test: TTestCase): string[] {
  const stem = file.split("/").at(-1)!.replace(/\.[^.]+$/, "");
  return probeTestIds.filter((id) => {
    const parts = id.split("::");
    const last = parts.at(-1)!;
    const leaf = last.split(" > ").at(-1)!;
    if (leaf !== test.name && last !== test.name && !last.endsWith(` > ${test.name}`)) return false;
    if (parts.length === 1) return true;
    const location = parts.slice(0, -1).join("::");
    return location.includes(stem) || location.replace(/\./g, "/").includes(stem.replace(/\./g, "/"));
  });
}

function addendumFor(d: TDependency, file: string, definedAt: TClassifiedDependency["definedAt"], probeCount: number): string {
  const relied = `(relied on by ${probeCount} probe${probeCount === 1 ? "" : "s"})`;
  const modulePath = (p: string) => p.replace(/^(\.\.?\/)+/, "").replace(/\.(m?c?[jt]sx?|py)$/, "").replace(/\/(index|__init__)$/, "");
  const language = languageOf(file);
  const moduleName = (spec: string) => {
    const resolved = definedAt?.file;
    if (resolved && language?.id !== "python") return modulePath(resolved.replace(/^src\//, ""));
    return modulePath(spec);
  };
  if (d.kind === "path") return `The module \`${moduleName(d.value)}\` must exist ${relied}.`;
  if (d.kind === "name") {
    if (d.via === "option") return `\`${(d.owner ?? "").split("#")[0]}\` must accept the option \`${d.value}\` ${relied}.`;
    if (d.via === "argument") return `\`${d.owner}\` must take argument ${Number(d.value.split("#")[1]) + 1} ${relied}.`;
    if (d.owner && (d.via === "method" || d.via === "property")) return `\`${d.owner}\` must have \`${d.value}\` ${relied}.`;
    if (d.module) return `The module \`${moduleName(d.module)}\` must export \`${d.value}\` ${relied}.`;
    return `The code must define \`${d.value}\` ${relied}.`;
  }
  const what = d.via === "raises" ? "The error message" : "The result";
  if (d.match === "regex") return `${what} must match \`/${d.value}/\` ${relied}.`;
  if (d.match === "contains") return `${what} must contain \`${d.value.replace(/\n/g, "\\n")}\` ${relied}.`;
  return `${what} must be exactly \`${d.value.replace(/\n/g, "\\n")}\` ${relied}.`;
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
}): TFamilyAudit {
  const ctx = classificationContext(input.base, input.gold, input.testFiles);
  const probesByFile = new Map(input.tests.map((t) => [t.file, new Map(t.tests.map((c) => [c.name, probesOfTest(input.probeTestIds, t.file, c)]))]));
  let dependencies = 0;
  for (const t of input.tests) dependencies += new Set(t.dependencies.map((d) => `${dependencyKey(d)}@${d.test ?? ""}`)).size;
  const histories = input.histories.map((history): THistoryAudit => {
    const counts: Record<TCategory, number> = { visible: 0, specified: 0, inferable: 0, hidden: 0 };
    const findings = new Map<string, TOracleFindingDraft>();
    for (const test of input.tests) {
      const unitProbes = [...new Set([...(probesByFile.get(test.file)?.values() ?? [])].flat())];
      const counted = new Set<string>();
      for (const c of classifyTestFile(test, ctx, history.text)) {
        const key = dependencyKey(c.dependency);
        if (!counted.has(`${key}@${c.dependency.test ?? ""}`)) {
          counted.add(`${key}@${c.dependency.test ?? ""}`);
          counts[c.category]++;
        }
        if (c.category !== "hidden") continue;
        const d = c.dependency;
        const scope = d.kind === "literal" || d.test !== null ? "test" : "unit";
        const probes = scope === "unit" ? unitProbes : (probesByFile.get(test.file)?.get(d.test ?? "") ?? []);
        const id = `${test.file}|${key}`;
        const existing = findings.get(id);
        if (existing) {
          // The same dependency in several tests: the union of their probes; module level wins.
          if (existing.scope === "test" && scope === "unit") existing.scope = "unit";
          existing.probeTestIds = [...new Set([...existing.probeTestIds, ...probes])];
          continue;
        }
        findings.set(id, {
          revisionId: history.revisionId, dependencyKey: key, kind: d.kind, name: d.value, module: d.module, reason: c.reason,
          file: test.file, buildUnit: `${test.file} (${languageOf(test.file)?.unit ?? "test file"})`, scope, probeTestIds: probes,
          evidence: { file: test.file, line: d.line, text: d.text, definedAt: c.definedAt }, addendum: "",
        });
      }
    }
    // One sentence per dependency, counted over every file that relies on it.
    const all = [...findings.values()];
    for (const f of all) {
      const probes = new Set(all.filter((o) => o.dependencyKey === f.dependencyKey).flatMap((o) => o.probeTestIds));
      const dep = input.tests.find((t) => t.file === f.file)!.dependencies.find((d) => dependencyKey(d) === f.dependencyKey)!;
      f.addendum = addendumFor(dep, f.file, f.evidence.definedAt, probes.size);
    }
    return { revisionId: history.revisionId, condition: history.condition, counts, findings: all };
  });
  return { histories, notAudited: input.notAudited, dependencies };
}
