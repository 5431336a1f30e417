import "server-only";
import crypto from "node:crypto";
import { db, Prisma } from "@/lib/db";
import { boss } from "./boss";
import { JOB_WAKE_CHANNEL } from "./job-wakeups";

/** The tables whose rows a job names (a run, a suite export, an import). */
const ROW_TABLES = { Run: Prisma.raw(`"Run"`), ExportJob: Prisma.raw(`"ExportJob"`), ImportJob: Prisma.raw(`"ImportJob"`) } as const;

export type TRowJobOptions = { expireInSeconds: number; retryLimit: number; retryDelay?: number };

// The rows are written first (by the caller), so a send lost between the row and the queue is found
// again by the reaper (queued, no jobId); the singleton key (row + attempt) keeps a row from queueing twice.
/** Sends one job per queued row in one round trip, and records each job's id on its row while it is still queued. */
export async function enqueueRows(
  table: keyof typeof ROW_TABLES,
  queueName: string,
  rows: { id: string; attempt: number }[],
  payload: (id: string) => object,
  options: TRowJobOptions,
): Promise<void> {
  if (rows.length === 0) return;
  const queue = await boss();
  const jobs = rows.map((row) => ({
    id: crypto.randomUUID(),
    name: queueName,
    data: payload(row.id),
    singletonKey: `${row.id}#${row.attempt}`,
    ...options,
  }));
  await queue.insert(jobs);
  const ids = rows.map((r) => r.id);
  const jobIds = jobs.map((j) => j.id);
  // The same statement wakes the workers' idle pollers (lib/jobs/job-wakeups.ts): no extra round trip.
  await db().$executeRaw`
    WITH recorded AS (
      UPDATE ${ROW_TABLES[table]} t SET "jobId" = j.job
      FROM (SELECT unnest(${ids}::text[]) AS id, unnest(${jobIds}::text[]) AS job) j
      WHERE t.id = j.id AND t.status = 'queued'
      RETURNING t.id)
    SELECT pg_notify(${JOB_WAKE_CHANNEL}, ${queueName})`;
}
