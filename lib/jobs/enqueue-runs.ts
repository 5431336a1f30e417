import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { boss } from "./boss";
import { jobExpirySeconds, RUN_JOB_VERSION, RUN_QUEUE } from "./definitions";

// The Run rows are written first (by the caller), so a lost send is found again by
// the reaper; the singleton key (run + attempt) keeps a double click from queueing twice.
/** Sends many queued runs in one round trip (a calibration matrix is dozens of runs). */
export async function enqueueRuns(runs: { id: string; attempt: number }[], verifierTimeoutSec = 120): Promise<void> {
  if (runs.length === 0) return;
  const queue = await boss();
  const jobs = runs.map((run) => ({
    id: crypto.randomUUID(),
    name: RUN_QUEUE,
    data: { v: RUN_JOB_VERSION, runId: run.id },
    singletonKey: `${run.id}#${run.attempt}`,
    expireInSeconds: jobExpirySeconds(verifierTimeoutSec),
    retryLimit: 3,
    retryDelay: 2,
  }));
  await queue.insert(jobs);
  const ids = runs.map((r) => r.id);
  const jobIds = jobs.map((j) => j.id);
  await db().$executeRaw`
    UPDATE "Run" r SET "jobId" = j.job
    FROM (SELECT unnest(${ids}::text[]) AS id, unnest(${jobIds}::text[]) AS job) j
    WHERE r.id = j.id AND r.status = 'queued'`;
}
