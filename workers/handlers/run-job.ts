// One job = one attempt of one Run. Idempotent: a job for a run that is no longer
// queued does nothing; results are keyed by (run, attempt). What the run does, and what its result
// carries, is its kind's handler (workers/handlers/<kind>.ts), which loads its own context: this
// file names no kind.
import { retryWhileUnavailable } from "@/lib/db/retry-unavailable";
import { claimRun } from "@/lib/runs/claim-run";
import { saveRunResult, type TRunResultInput } from "@/lib/runs/save-run-result";
import type { RunnerOptions } from "../../lib/runner/index";
import { HANDLERS } from "./index";
import { EMPTY_RESULT } from "./types";
import { failureSentence } from "@/lib/errors/failure-sentence";

/**
 * Claims the run and executes it; returns the save of its result still to do (null: the run was
 * not queued, so this job had nothing to do). The worker's slot takes its next job while the save
 * runs (workers/worker-process.ts); the run stays held, and beaten, until the save is done.
 */
export async function executeRunJob(runId: string, workerId: string, runner: RunnerOptions): Promise<(() => Promise<void>) | null> {
  // A database that is restarting is waited for, so a run in flight still ends exactly once.
  const claim = await retryWhileUnavailable(() => claimRun(runId, workerId));
  if (!claim) return null;
  const { kind } = claim;
  const result = await HANDLERS[kind](runId, runner).catch((error: unknown): TRunResultInput => {
    // Curators and leads read one sentence; the error in full (query, server paths, stack) is logged here.
    console.error(`[worker] run ${runId} (${kind}) failed on an unexpected error`, error);
    return { ...EMPTY_RESULT, status: "infrastructure_error", message: failureSentence("The worker", error) };
  });
  return async () => {
    await retryWhileUnavailable(() => saveRunResult(runId, claim.attempt, workerId, result));
  };
}

/** Claim, execute and save, one after another. */
export async function handleRunJob(runId: string, workerId: string, runner: RunnerOptions): Promise<void> {
  const save = await executeRunJob(runId, workerId, runner);
  if (save) await save();
}
