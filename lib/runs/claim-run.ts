import "server-only";
import { db, type RunKind } from "@/lib/db";

/**
 * Takes a queued run for this worker as a new attempt. Exactly one worker wins:
 * the guard is in the UPDATE itself. Returns null when the run is not queued
 * (already done, or taken by another worker) — the job then has nothing to do.
 * The run's kind comes back with the claim, so the worker needs no second look-up to pick its handler.
 */
export async function claimRun(runId: string, workerId: string): Promise<{ attempt: number; kind: RunKind } | null> {
  const rows = await db().$queryRaw<{ attempt: number; kind: RunKind }[]>`
    UPDATE "Run" SET status = 'running', attempt = attempt + 1, "workerId" = ${workerId},
      "startedAt" = now(), "heartbeatAt" = now(), "finishedAt" = NULL, version = version + 1
    WHERE id = ${runId} AND status = 'queued'
    RETURNING attempt, kind::text AS kind`;
  return rows[0] ?? null;
}
