/**
 * Evaluation figures (issue 16): the decision sequence and the whole analysis for the paper's
 * primary matrix (5 families × 7 deployments × 2 scaffolds × 7 conditions × 3 repeats = 1,470 rows)
 * and for 100× that, beside the time to merely read the rows once (the floor any analysis pays).
 * Run: npx tsx bench/evaluation.ts
 */
import { pathToFileURL } from "node:url";
import { CONDITIONS } from "../lib/contract/types";
import { analyze } from "../lib/evaluation/analysis";
import { seededRandom } from "../lib/evaluation/bootstrap";
import { decide } from "../lib/evaluation/decision";
import type { TAttempt } from "../lib/evaluation/types";
import type { BenchRow } from "./types";

function matrix(families: number): TAttempt[] {
  const random = seededRandom(7);
  const out: TAttempt[] = [];
  for (let f = 0; f < families; f++)
    for (let m = 0; m < 7; m++)
      for (const scaffold of ["mini", "openhands"])
        for (const condition of CONDITIONS)
          for (let repeat = 0; repeat < 3; repeat++) {
            const r = random();
            const base = { family: `F${f}`, condition, configuration: { model: `m${m}`, scaffold }, repeat, budgetSec: 1200, parentId: null, patch: "d\n" } as const;
            if (r < 0.06) {
              // a provider-limit try, then the retry completes
              out.push({ ...base, id: `${out.length}`, attempt: 1, status: "provider_limit", grade: null, signature: [] });
              out.push({ ...base, id: `${out.length}`, attempt: 2, status: "completed", grade: "passed", signature: [1, 1, 1] });
            } else if (r < 0.18) out.push({ ...base, id: `${out.length}`, attempt: 1, status: "metadata_invalid", grade: null, signature: [] });
            else out.push({ ...base, id: `${out.length}`, attempt: 1, status: "completed", grade: r < 0.4 ? "failed" : "passed", signature: r < 0.4 ? [1, 0, 1] : [1, 1, 1] });
          }
  return out;
}

function median(fn: () => void, repeats: number): number {
  fn();
  const samples: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const [label, families, repeats] of [["1,470-row matrix (5 families)", 5, 15], ["147,000-row matrix (500 families, 100×)", 500, 3]] as const) {
    const attempts = matrix(families);
    const full = median(() => analyze(decide(attempts).primary), repeats);
    const floor = median(() => {
      let n = 0;
      for (const a of attempts) n += a.signature.length + a.family.length;
      if (n < 0) throw new Error("unreachable");
    }, repeats);
    rows.push({ name: `decision sequence + analysis, ${label} (${attempts.length} attempts)`, value: full, unit: "ms", baseline: { name: "one pass over the rows", value: floor }, ratio: full / Math.max(floor, 1e-3) });
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { printRows } = await import("./types");
  printRows("evaluation", await run());
}
