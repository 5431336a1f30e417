/**
 * Where the studio's own time goes around a calibration (issue 24), phase by phase, with the SQL
 * statements each phase sends (every query of the process's `pg` clients: Prisma's adapter and
 * pg-boss both use them), measured with no worker running so that nothing else talks:
 * 1. the request (requestCalibration): its checks and loadMatrixInput, calibrationMatrix,
 *    requestRuns (the runs' transaction and enqueueRuns);
 * 2. per run, outside executeRun: claimRun (which returns the kind), loadRunContext, saveRunResult.
 */
import pg from "pg";
import { db } from "@/lib/db";
import { boss } from "@/lib/jobs/boss";
import { claimRun } from "@/lib/runs/claim-run";
import { loadRunContext } from "@/lib/runs/load-run-context";
import { loadMatrixInput } from "@/lib/runs/load-current-content";
import { calibrationMatrix } from "@/lib/runs/matrix";
import { requestRuns } from "@/lib/runs/request-runs";
import { saveRunResult } from "@/lib/runs/save-run-result";
import { EMPTY_RESULT } from "../workers/handlers/types";

export type TPhase = { name: string; ms: number; statements: number; sql?: string[] };

/** Times `body` and counts the statements every `pg` client of this process sends meanwhile. */
async function phase<T>(name: string, out: TPhase[], body: () => Promise<T>): Promise<T> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  let statements = 0;
  const sql: string[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    statements++;
    const q = args[0] as string | { text?: string };
    sql.push((typeof q === "string" ? q : (q?.text ?? "")).replace(/\s+/g, " ").slice(0, 110));
    return original.apply(this, args);
  };
  const started = performance.now();
  try {
    return await body();
  } finally {
    proto.query = original;
    out.push({ name, ms: performance.now() - started, statements, sql });
  }
}

/** The request of a fresh calibration of `familyId`, phase by phase (the runs it makes stay queued). */
export async function requestPhases(actorId: string, familyId: string): Promise<TPhase[]> {
  await boss(); // started once per process, as in the web server
  await db().$queryRaw`SELECT 1`;
  const out: TPhase[] = [];
  // The same steps requestCalibration takes (its checks read loadMatrixInput's answer).
  const input = await phase("loadMatrixInput (the family's content)", out, () => loadMatrixInput(familyId));
  const matrix = await phase("calibrationMatrix (pure)", out, async () => calibrationMatrix(input!));
  await phase(`requestRuns: transaction (${matrix.length} run rows, audit event) + enqueueRuns`, out, () => requestRuns(actorId, familyId, matrix, { timeoutSec: input!.verifier?.timeoutSec }));
  return out;
}

/** Claim, context and save of `runIds` (queued, no worker running), one after another; per-run medians. */
export async function perRunPhases(runIds: string[]): Promise<TPhase[]> {
  const samples: Record<string, TPhase[]> = { claim: [], context: [], save: [] };
  for (const runId of runIds) {
    const claim = await phase("claim", samples.claim!, () => claimRun(runId, "bench-worker"));
    if (!claim) throw new Error(`run ${runId} was not queued`);
    await phase("context", samples.context!, () => loadRunContext(runId));
    const result = { ...EMPTY_RESULT, status: "passed" as const, signature: [1, 1, 1, 1, 1, 1], stdout: "x".repeat(2000), timings: { totalMs: 1 } };
    await phase("save", samples.save!, () => saveRunResult(runId, claim.attempt, "bench-worker", result));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  return [
    { name: "claimRun", ...stats(samples.claim!), sql: samples.claim![0]?.sql },
    { name: "loadRunContext (one statement; the run's kind came with the claim)", ...stats(samples.context!), sql: samples.context![0]?.sql },
    { name: "saveRunResult (a worker saves it behind the slot's next run: off the slot's path)", ...stats(samples.save!), sql: samples.save![0]?.sql },
  ];
  function stats(xs: TPhase[]) {
    return { ms: median(xs.map((x) => x.ms)), statements: median(xs.map((x) => x.statements)) };
  }
}
