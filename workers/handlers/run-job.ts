// One job = one attempt of one Run. Idempotent: a job for a run that is no longer
// queued does nothing; results are keyed by (run, attempt). What the run does is
// its kind's handler (workers/handlers/<kind>.ts).
import { claimRun } from "@/lib/runs/claim-run";
import { loadRunContext } from "@/lib/runs/load-run-context";
import { saveRunResult, type TRunResultInput } from "@/lib/runs/save-run-result";
import type { RunnerOptions } from "../runner/index";
import { HANDLERS } from "./index";
import { EMPTY_RESULT } from "./types";

export async function handleRunJob(runId: string, workerId: string, runner: RunnerOptions): Promise<void> {
  const claim = await claimRun(runId, workerId);
  if (!claim) return;
  const context = await loadRunContext(runId);
  const result = await HANDLERS[context.run.kind](context, runner).catch(
    (error: unknown): TRunResultInput => ({
      ...EMPTY_RESULT, status: "infrastructure_error", message: `The worker failed: ${(error as Error).message}`, stderr: String((error as Error).stack ?? error),
    }),
  );
  await saveRunResult(runId, claim.attempt, workerId, { ...result, probeIds: context.run.kind === "calibrate" || context.run.kind === "replay" ? context.probeIds : undefined });
}
