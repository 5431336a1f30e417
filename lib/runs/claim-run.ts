import "server-only";
import { db } from "@/lib/db";

/**
 * Takes a queued run for this worker as a new attempt. Exactly one worker wins:
 * the guard is in the UPDATE itself. Returns null when the run is not queued
 * (already done, or taken by another worker) — the job then has nothing to do.
 */
export async function claimRun(runId: string, workerId: string): Promise<{ attempt: number } | null> {
  const rows = await db().$queryRaw<{ attempt: number }[]>`
    UPDATE "Run" SET status = 'running', attempt = attempt + 1, "workerId" = ${workerId},
      "startedAt" = now(), "heartbeatAt" = now(), "finishedAt" = NULL, version = version + 1
    WHERE id = ${runId} AND status = 'queued'
    RETURNING attempt`;
  return rows[0] ?? null;
}
