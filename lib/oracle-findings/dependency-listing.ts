// Pure: every dependency of every audited test file, per history, with its class and the
// reason — what the Oracle audit tab lists (the findings are only the hidden ones).
import { classificationContext, classifyTestFile } from "@/lib/oracle-audit/classify";
import { dependencyKey, probesOfTest, type TAuditHistory } from "@/lib/oracle-audit/findings";
import type { TCategory, TTestExtraction, TTreeDefinitions } from "@/lib/oracle-audit/types";

export type TListedDependency = {
  key: string;
  kind: string;
  name: string;
  module: string | null;
  category: TCategory;
  reason: string;
  file: string;
  line: number;
  text: string;
  /** The test that relies on it; null at module level (an import). */
  test: string | null;
  definedAt: { file: string; line: number | null } | null;
  /** Probes that run it: 0 means no probe the verifier runs depends on it (informational). */
  probes: number;
};

export function listDependencies(input: {
  tests: TTestExtraction[];
  base: TTreeDefinitions;
  gold: TTreeDefinitions;
  testFiles: string[];
  histories: TAuditHistory[];
  probeTestIds: string[];
}): Map<string, TListedDependency[]> {
  const out = new Map<string, TListedDependency[]>();
  if (input.histories.length === 0) return out;
  const ctx = classificationContext(input.base, input.gold, input.testFiles);
  const probes = new Map(input.tests.map((t) => [t.file, new Map(t.tests.map((c) => [c.name, probesOfTest(input.probeTestIds, t.file, c).length]))]));
  const unitProbes = (file: string) => [...(probes.get(file)?.values() ?? [])].reduce((a, b) => a + b, 0);
  for (const history of input.histories) {
    const rows: TListedDependency[] = [];
    for (const test of input.tests) {
      const seen = new Set<string>();
      for (const c of classifyTestFile(test, ctx, history.text)) {
        const d = c.dependency;
        const key = dependencyKey(d);
        if (seen.has(`${key}@${d.test ?? ""}`)) continue;
        seen.add(`${key}@${d.test ?? ""}`);
        rows.push({
          key, kind: d.kind, name: d.value, module: d.module, category: c.category, reason: c.reason, file: test.file, line: d.line, text: d.text,
          test: d.test, definedAt: c.definedAt, probes: d.test === null ? unitProbes(test.file) : (probes.get(test.file)?.get(d.test) ?? 0),
        });
      }
    }
    out.set(history.revisionId, rows);
  }
  return out;
}
