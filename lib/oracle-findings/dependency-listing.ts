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
  /** Where the base defines it, or the words of the history that state it, when they can be pointed at. */
  where?: string | null;
};

/** The history's words around the first mention of `value` (case-insensitive), or null. */
export function excerpt(text: string, value: string, around = 40): string | null {
  if (value.length < 2) return null;
  const at = text.toLowerCase().indexOf(value.toLowerCase());
  if (at === -1) return null;
  const from = Math.max(0, at - around);
  const to = Math.min(text.length, at + value.length + around);
  return `${from > 0 ? "…" : ""}${text.slice(from, to).replace(/\s+/g, " ").trim()}${to < text.length ? "…" : ""}`;
}

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
  // Where the base defines each name (first file wins), for the visible ones.
  const baseAt = new Map<string, string>();
  for (const d of input.base.definitions) for (const n of d.names) if (!baseAt.has(n)) baseAt.set(n, `${d.file}${d.lines[n] ? `:${d.lines[n]}` : ""}`);
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
          where: whereStated(c.category, d.kind, d.value, history.text, baseAt),
        });
      }
    }
    out.set(history.revisionId, rows);
  }
  return out;
}

function whereStated(category: string, kind: string, value: string, text: string, baseAt: ReadonlyMap<string, string>): string | null {
  if (category === "visible" && kind === "name" && baseAt.has(value)) return `the base defines it in ${baseAt.get(value)}`;
  if (category === "specified") {
    const words = excerpt(text, value);
    return words ? `the history: “${words}”` : null;
  }
  return null;
}
