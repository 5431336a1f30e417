import "server-only";
import { db, Prisma } from "@/lib/db";
import { enqueueRuns } from "@/lib/jobs/enqueue-runs";

export const HEARTBEAT_SECONDS = Number(process.env.STUDIO_HEARTBEAT_SECONDS ?? 5);
export const DEAD_AFTER_SECONDS = Number(process.env.STUDIO_DEAD_AFTER_SECONDS ?? 20);

/**
 * The rows (`alias`: a run, a suite export — any table with "workerId" and "heartbeatAt") whose worker no longer
 * serves them: held by no worker, or by one that stopped or has not beaten for DEAD_AFTER_SECONDS, and the row's
 * own heartbeat older than half that. `neverBeaten`: whether a row that never beat counts too. The caller says
 * which statuses a worker holds.
 */
export function heldByDeadWorker(alias: string, options: { neverBeaten: boolean }): Prisma.Sql {
  if (!/^[a-z]+$/.test(alias)) throw new Error(`heldByDeadWorker: ${JSON.stringify(alias)} is not a table alias`);
  const row = Prisma.raw(alias);
  const silent = Prisma.sql`${row}."heartbeatAt" < now() - make_interval(secs => ${DEAD_AFTER_SECONDS / 2})`;
  return Prisma.sql`(
      ${row}."workerId" IS NULL
      OR NOT EXISTS (
        SELECT 1 FROM "Worker" w WHERE w.id = ${row}."workerId" AND w."stoppedAt" IS NULL
          AND w."lastSeenAt" > now() - make_interval(secs => ${DEAD_AFTER_SECONDS})
      )
    ) AND ${options.neverBeaten ? Prisma.sql`(${row}."heartbeatAt" IS NULL OR ${silent})` : silent}`;
}

/**
 * Runs held by a worker that stopped beating (killed, machine gone) go back to
 * the queue as a new attempt. Any live worker may call this; the guarded UPDATE
 * makes it safe to call from several at once.
 */
export async function reapDeadWorkers(): Promise<number> {
  const orphans = await db().$queryRaw<{ id: string; attempt: number }[]>`
    UPDATE "Run" r SET status = 'queued', "workerId" = NULL, version = r.version + 1,
      message = 'The worker running this stopped responding; retried as a new attempt.'
    WHERE r.status = 'running' AND ${heldByDeadWorker("r", { neverBeaten: false })}
    RETURNING r.id, r.attempt`;
  await enqueueRuns(orphans.map((run) => ({ id: run.id, attempt: run.attempt + 1 })));
  return orphans.length;
}

/** Queued runs with no job (a send lost between the row and the queue) are sent again. */
export async function resendUnsentRuns(): Promise<number> {
  const lost = await db().run.findMany({
    where: { status: "queued", jobId: null, createdAt: { lt: new Date(Date.now() - 10_000) } },
    select: { id: true, attempt: true },
    take: 200,
  });
  await enqueueRuns(lost.map((run) => ({ id: run.id, attempt: run.attempt + 1 })));
  return lost.length;
}
