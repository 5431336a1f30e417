// One job = one attempt of one Run. Idempotent: a job for a run that is no longer
// queued does nothing; results are keyed by (run, attempt). What the run does is
// its kind's handler (workers/handlers/<kind>.ts).
import { withReportHint } from "@/lib/verifier/recipes";
import { retryWhileUnavailable } from "@/lib/db/retry-unavailable";
import { claimRun } from "@/lib/runs/claim-run";
import { loadRunContext } from "@/lib/runs/load-run-context";
import { saveRunResult, type TRunResultInput } from "@/lib/runs/save-run-result";
import type { RunnerOptions } from "../../lib/runner/index";
import { HANDLERS } from "./index";
import { EMPTY_RESULT } from "./types";
import { failureSentence } from "@/lib/errors/failure-sentence";

export async function handleRunJob(runId: string, workerId: string, runner: RunnerOptions): Promise<void> {
  // A database that is restarting is waited for, so a run in flight still ends exactly once.
  const claim = await retryWhileUnavailable(() => claimRun(runId, workerId));
  if (!claim) return;
  const context = await retryWhileUnavailable(() => loadRunContext(runId));
  const result = await HANDLERS[context.run.kind](context, runner).catch((error: unknown): TRunResultInput => {
    // Curators and leads read one sentence; the error in full (query, server paths, stack) is logged here.
    console.error(`[worker] run ${runId} (${context.run.kind}) failed on an unexpected error`, error);
    return { ...EMPTY_RESULT, status: "infrastructure_error", message: failureSentence("The worker", error) };
  });
  // A mined candidate's bits are judged against the probes they ran over (lib/patches/mining/list-mining.ts).
  const signed = context.run.kind === "calibrate" || context.run.kind === "replay" || context.run.kind === "mine";
  // A missing report names the runner's own option (lib/verifier/recipes.ts), not only $SPECPATH_REPORT.
  const input = { ...result, message: withReportHint(result.message, context.execute.testCommand), probeIds: signed ? context.probeIds : undefined, ...ranContent(context) };
  await retryWhileUnavailable(() => saveRunResult(runId, claim.attempt, workerId, input));
}

const ranContent = (context: Awaited<ReturnType<typeof loadRunContext>>) =>
  context.run.kind === "calibrate" || context.run.kind === "replay" ? { contentHash: context.contentHash } : {};
