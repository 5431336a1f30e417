/**
 * Evaluation figures (issue 16):
 * 1. The decision sequence and the whole analysis for the paper's primary matrix
 *    (5 families × 7 deployments × 2 scaffolds × 7 conditions × 3 repeats = 1,470 rows) and for
 *    100× that, beside the time to merely read the rows once (the floor any analysis pays).
 * 2. Grading throughput (patches per minute) on one worker with 2 pollers, beside calibration
 *    throughput (runs per minute) of the same family on the same worker, prepared workspace.
 * Run: npx tsx bench/evaluation.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { db, disconnectDb } from "@/lib/db";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { buildDemoFamily } from "@/lib/demo/build-demo-family";
import { createDemoRepo } from "@/lib/demo/demo-repo";
import { createEvaluation } from "@/lib/evaluation/create-evaluation";
import { importResults } from "@/lib/evaluation/import-results";
import { requestGrading } from "@/lib/evaluation/request-grading";
import { packageForGrading, variantOf } from "@/lib/evaluation/testing/package-for-grading";
import { stopBoss } from "@/lib/jobs/boss";
import { requestCalibration } from "@/lib/runs/request-runs";
import { startWorker } from "../workers/worker-process";
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

const GRADED_PATCHES = 12;

async function until(done: () => Promise<boolean>, label: string) {
  const deadline = Date.now() + 300_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${label} did not finish`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs per minute of a calibration and of grading the same family's patches, same worker, warm cache. */
async function throughput(): Promise<BenchRow[]> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-bench-eval-"));
  fs.chmodSync(tmp, 0o755);
  const previousUrl = process.env.DATABASE_URL;
  const server = await startEmbeddedPostgres({ dataDir: path.join(tmp, "pg") });
  let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
  try {
    await stopBoss({ graceful: false, timeout: 1000 });
    await disconnectDb();
    await migrate(server.url);
    process.env.DATABASE_URL = server.url;
    const lead = await db().user.create({ data: { email: "lead@bench", name: "Lead", roles: ["lead", "curator"] } });
    const suite = await db().suite.create({ data: { name: "bench" } });
    const { family } = await buildDemoFamily(db(), { suiteId: suite.id, repo: createDemoRepo(path.join(tmp, "repo")) });
    worker = await startWorker({ concurrency: 2, cacheDir: path.join(tmp, "cache"), log: () => undefined });
    const active = (kind: "calibrate" | "grade") => db().run.count({ where: { familyId: family.id, kind, status: { in: ["queued", "running"] } } });
    // Warm the prepared workspace first, so both figures measure runs, not one-time setup.
    await requestCalibration(lead.id, family.id);
    await until(async () => (await active("calibrate")) === 0, "warm-up calibration");
    await db().run.deleteMany({ where: { familyId: family.id } });

    let started = performance.now();
    await requestCalibration(lead.id, family.id);
    await until(async () => (await active("calibrate")) === 0, "calibration");
    const calibrationMs = performance.now() - started;
    const calibrationRuns = await db().run.count({ where: { familyId: family.id, kind: "calibrate" } });

    const hash = await packageForGrading(family.id, lead.id);
    const gold = (await db().patch.findFirstOrThrow({ where: { familyId: family.id, kind: "gold" } })).diff;
    const evaluation = await createEvaluation(lead.id, { name: "bench", packageHashes: [hash], primaryBudgetSec: 1200 });
    const text = Array.from({ length: GRADED_PATCHES }, (_, n) => JSON.stringify({ instance_id: "secret-lookup-v1__direct", model_name_or_path: "m", model_patch: variantOf(gold, n), repeat: n })).join("\n");
    await importResults(lead.id, evaluation.id, { format: "predictions", text, scaffold: "bench" });
    started = performance.now();
    await requestGrading(lead.id, evaluation.id);
    await until(async () => (await active("grade")) === 0, "grading");
    const gradingMs = performance.now() - started;
    const passed = await db().run.count({ where: { kind: "grade", status: "passed" } });
    if (passed !== GRADED_PATCHES) throw new Error(`only ${passed} of ${GRADED_PATCHES} graded gold variants passed`);

    const gradingPerMin = (GRADED_PATCHES / gradingMs) * 60_000;
    const calibrationPerMin = (calibrationRuns / calibrationMs) * 60_000;
    return [{ name: `grading throughput (${GRADED_PATCHES} distinct agent patches = runs, 2 pollers)`, value: gradingPerMin, unit: "runs/min", baseline: { name: `calibration runs of the same family (${calibrationRuns} runs)`, value: calibrationPerMin }, ratio: gradingPerMin / calibrationPerMin }];
  } finally {
    await worker?.stop().catch(() => undefined);
    await stopBoss({ graceful: false, timeout: 1000 }).catch(() => undefined);
    await disconnectDb().catch(() => undefined);
    await server.stop();
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
    fs.rmSync(tmp, { recursive: true, force: true });
  }
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
  rows.push(...(await throughput()));
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { printRows } = await import("./types");
  printRows("evaluation", await run());
}
