import { db } from "@/lib/db";
import { boss } from "./boss";
import { jobExpirySeconds, RUN_JOB_VERSION, RUN_QUEUE } from "./definitions";

/**
 * Sends a queued run to the workers. The Run row is written first (by the caller),
 * so a lost send is found again by the reaper; the singleton key (run + attempt)
 * keeps a double click from queueing it twice.
 */
export async function enqueueRun(runId: string, attempt: number, verifierTimeoutSec = 120): Promise<string | null> {
  const queue = await boss();
  const jobId = await queue.send(RUN_QUEUE, { v: RUN_JOB_VERSION, runId }, {
    singletonKey: `${runId}#${attempt}`,
    expireInSeconds: jobExpirySeconds(verifierTimeoutSec),
    retryLimit: 3,
    retryDelay: 2,
  });
  if (jobId) await db().run.updateMany({ where: { id: runId, status: "queued" }, data: { jobId } });
  return jobId;
}
