import "server-only";
// Runs the static audit over the labeled corpus and scores its "hidden" verdicts:
// precision and recall, with every miss and false alarm named.
import { definitionsOfFiles, extractTests } from "@/lib/oracle-audit/audit-files";
import { classificationContext, classifyTestFile } from "@/lib/oracle-audit/classify";
import type { TClassifiedDependency } from "@/lib/oracle-audit/types";
import { CORPUS } from "./index";
import type { TCorpusCase } from "./types";

export interface TCorpusScore {
  labels: number;
  truePositives: number;
  falsePositives: string[];
  falseNegatives: string[];
  precision: number;
  recall: number;
  /** Static audit time per test file (parse + extract + classify, definitions included), ms. */
  msPerTestFile: number;
}

export async function classifyCase(c: TCorpusCase): Promise<TClassifiedDependency[]> {
  const base = await definitionsOfFiles(c.base);
  const gold = await definitionsOfFiles({ ...c.base, ...c.gold, ...c.tests });
  const { tests } = await extractTests(c.tests);
  const ctx = classificationContext(base, gold, Object.keys(c.tests));
  return tests.flatMap((t) => classifyTestFile(t, ctx, c.text));
}

export async function scoreCorpus(cases: readonly TCorpusCase[] = CORPUS): Promise<TCorpusScore> {
  let labels = 0;
  let tp = 0;
  const fp: string[] = [];
  const fn: string[] = [];
  let files = 0;
  const started = performance.now();
  for (const c of cases) {
    const classified = await classifyCase(c);
    files += Object.keys(c.tests).length;
    for (const label of c.labels) {
      labels++;
      const matching = classified.filter((d) => d.dependency.kind === label.kind && d.dependency.value === label.value);
      const predicted = matching.some((d) => d.category === "hidden");
      const where = `${c.name} — ${label.kind} ${label.value} (${matching.map((m) => `${m.category}: ${m.reason}`)[0] ?? "not extracted"})`;
      if (predicted && label.hidden) tp++;
      else if (predicted) fp.push(where);
      else if (label.hidden) fn.push(where);
    }
    // A hidden verdict the labels do not cover is a false alarm too.
    const labeled = new Set(c.labels.map((l) => `${l.kind}:${l.value}`));
    for (const d of classified) {
      const key = `${d.dependency.kind}:${d.dependency.value}`;
      if (d.category === "hidden" && !labeled.has(key)) {
        labeled.add(key);
        fp.push(`${c.name} — unlabeled ${key}: ${d.reason}`);
      }
    }
  }
  const elapsed = performance.now() - started;
  return {
    labels, truePositives: tp, falsePositives: fp, falseNegatives: fn,
    precision: tp + fp.length === 0 ? 1 : tp / (tp + fp.length),
    recall: tp + fn.length === 0 ? 1 : tp / (tp + fn.length),
    msPerTestFile: elapsed / Math.max(1, files),
  };
}
