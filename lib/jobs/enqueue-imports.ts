import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { boss } from "./boss";
import { IMPORT_JOB_VERSION, IMPORT_QUEUE } from "./definitions";

// The ImportJob rows are written first (by the caller), so a lost send is found again by the
// reaper (queued, no jobId); the singleton key (import + attempt) keeps a row from queueing twice.
/** Sends queued imports to the workers. */
export async function enqueueImports(imports: { id: string; attempt: number }[]): Promise<void> {
  if (imports.length === 0) return;
  const queue = await boss();
  const jobs = imports.map((job) => ({
    id: crypto.randomUUID(),
    name: IMPORT_QUEUE,
    data: { v: IMPORT_JOB_VERSION, importJobId: job.id },
    singletonKey: `${job.id}#${job.attempt}`,
    // A dead worker's import is taken up again by the reaper, not by pg-boss's expiry.
    expireInSeconds: 12 * 3600,
    retryLimit: 0,
  }));
  await queue.insert(jobs);
  const ids = imports.map((i) => i.id);
  const jobIds = jobs.map((j) => j.id);
  await db().$executeRaw`
    UPDATE "ImportJob" i SET "jobId" = j.job
    FROM (SELECT unnest(${ids}::text[]) AS id, unnest(${jobIds}::text[]) AS job) j
    WHERE i.id = j.id AND i.status = 'queued'`;
}
