import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { boss } from "./boss";
import { SUITE_EXPORT_JOB_VERSION, SUITE_EXPORT_QUEUE } from "./definitions";

// The ExportJob rows are written first (by the caller), so a lost send is found again by the
// reaper (queued, no jobId); the singleton key (export + attempt) keeps a row from queueing twice.
/** Sends queued suite exports to the workers. */
export async function enqueueSuiteExports(exports: { id: string; attempt: number }[]): Promise<void> {
  if (exports.length === 0) return;
  const queue = await boss();
  const jobs = exports.map((job) => ({
    id: crypto.randomUUID(),
    name: SUITE_EXPORT_QUEUE,
    data: { v: SUITE_EXPORT_JOB_VERSION, exportJobId: job.id },
    singletonKey: `${job.id}#${job.attempt}`,
    // A dead worker's export is taken up again by the reaper, not by pg-boss's expiry.
    expireInSeconds: 12 * 3600,
    retryLimit: 0,
  }));
  await queue.insert(jobs);
  const ids = exports.map((e) => e.id);
  const jobIds = jobs.map((j) => j.id);
  await db().$executeRaw`
    UPDATE "ExportJob" e SET "jobId" = j.job
    FROM (SELECT unnest(${ids}::text[]) AS id, unnest(${jobIds}::text[]) AS job) j
    WHERE e.id = j.id AND e.status = 'queued'`;
}
