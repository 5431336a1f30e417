import "server-only";
import { jobExpirySeconds, RUN_JOB_VERSION, RUN_QUEUE, type TRunJob } from "./definitions";
import { enqueueRows } from "./enqueue-rows";

/** Sends many queued runs in one round trip (a calibration matrix is dozens of runs). */
export async function enqueueRuns(runs: { id: string; attempt: number }[], verifierTimeoutSec = 120): Promise<void> {
  await enqueueRows("Run", RUN_QUEUE, runs, (runId): TRunJob => ({ v: RUN_JOB_VERSION, runId }), {
    expireInSeconds: jobExpirySeconds(verifierTimeoutSec),
    retryLimit: 3,
    retryDelay: 2,
  });
}
