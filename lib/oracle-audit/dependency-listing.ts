// Pure: every dependency of every audited test file, per history, with its class and the
// reason — what the Oracle audit tab lists (the findings are only the hidden ones).
import { probesOfTest, type TAuditedDependency, type THistoryAudit } from "@/lib/oracle-audit/findings";
import type { TTestExtraction, TTreeDefinitions } from "@/lib/oracle-audit/types";

/** One row of the tab's listing: the audit's own classified dependency, with how many probes run it and where it is stated. */
export type TListedDependency = Omit<TAuditedDependency, "dependencyKey" | "evidence"> & {
  key: string;
  /** Probes that run it: 0 means no probe the verifier runs depends on it (informational). */
  probes: number;
  /** Where the base defines it, or the words of the history that state it, when they can be pointed at. */
  where?: string | null;
};

/** The listing of each audited history, read from what auditFamily classified (`THistoryAudit.dependencies`): nothing is classified twice. */
export function listDependencies(input: {
  tests: TTestExtraction[];
  base: TTreeDefinitions;
  histories: THistoryAudit[];
  probeTestIds: string[];
}): Map<string, TListedDependency[]> {
  const out = new Map<string, TListedDependency[]>();
  if (input.histories.length === 0) return out;
  const probes = new Map(input.tests.map((t) => [t.file, new Map(t.tests.map((c) => [c.name, probesOfTest(input.probeTestIds, t.file, c).length]))]));
  // Where the base defines each name (first file wins), for the visible ones.
  const baseAt = new Map<string, string>();
  for (const d of input.base.definitions) if (!d.testModule) for (const n of d.names) if (!baseAt.has(n)) baseAt.set(n, `${d.file}${d.lines[n] ? `:${d.lines[n]}` : ""}`);
  const unitProbes = (file: string) => [...(probes.get(file)?.values() ?? [])].reduce((a, b) => a + b, 0);
  for (const history of input.histories) {
    out.set(history.revisionId, (history.dependencies ?? []).map(({ dependencyKey, evidence, ...d }) => ({
      ...d, key: dependencyKey,
      probes: d.test === null ? unitProbes(d.file) : (probes.get(d.file)?.get(d.test) ?? 0),
      where: whereStated(d.category, d.kind, d.name, evidence.history, baseAt),
    })));
  }
  return out;
}

function whereStated(category: string, kind: string, value: string, stated: string | null, baseAt: ReadonlyMap<string, string>): string | null {
  if (category === "visible" && kind === "name" && baseAt.has(value)) return `the base defines it in ${baseAt.get(value)}`;
  if (category === "specified") return stated ? `the history: “${stated.replace(/^…|…$/g, "").trim()}”` : null;
  return null;
}
