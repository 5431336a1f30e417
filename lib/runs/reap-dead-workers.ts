import "server-only";
import { db, Prisma } from "@/lib/db";
import { RUN_QUEUE } from "@/lib/jobs/definitions";
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

/** Queued rows whose send to the queue was lost (no job after 10 s), 50 at a time: what a reaper sends again. */
export const UNSENT_ROWS = { where: () => ({ status: "queued", jobId: null, updatedAt: { lt: new Date(Date.now() - 10_000) } }), take: 50 } as const;

/** The rows a reaper sends: those it re-queued, and the unsent ones it did not already name. */
export function toSend<T extends { id: string }>(requeued: T[], unsent: T[]): T[] {
  return [...requeued, ...unsent.filter((u) => !requeued.some((r) => r.id === u.id))];
}

/**
 * A held row (`alias`) whose own heartbeat stopped for DEAD_AFTER_SECONDS, whatever its worker does: a
 * worker beats only the rows its handlers hold, so such a row was let go of (its claim's or its
 * result's write lost while PostgreSQL restarted, or a handler that gave up).
 */
export function silentRow(alias: string): Prisma.Sql {
  if (!/^[a-z]+$/.test(alias)) throw new Error(`silentRow: ${JSON.stringify(alias)} is not a table alias`);
  return Prisma.sql`${Prisma.raw(alias)}."heartbeatAt" < now() - make_interval(secs => ${DEAD_AFTER_SECONDS})`;
}

/**
 * Runs no live handler holds go back to the queue as a new attempt: those of a worker that
 * stopped beating (killed, machine gone), and those whose own heartbeat stopped while their
 * worker lives on (a worker beats only the runs its handlers hold, so such a run was let go of:
 * its claim's or its result's write was lost while PostgreSQL restarted). Any live worker may
 * call this; the guarded UPDATE makes it safe to call from several at once.
 */
export async function reapDeadWorkers(): Promise<number> {
  const orphans = await db().$queryRaw<{ id: string; attempt: number }[]>`
    UPDATE "Run" r SET status = 'queued', "workerId" = NULL, "jobId" = NULL, version = r.version + 1,
      message = 'The worker running this stopped responding; retried as a new attempt.'
    WHERE r.status = 'running' AND (
      COALESCE(r."heartbeatAt", r."startedAt") < now() - make_interval(secs => ${DEAD_AFTER_SECONDS})
      OR ${heldByDeadWorker("r", { neverBeaten: false })}
    )
    RETURNING r.id, r.attempt`;
  await enqueueRuns(orphans.map((run) => ({ id: run.id, attempt: run.attempt + 1 })));
  return orphans.length;
}

/**
 * Queued runs that no job will bring to a worker are sent again: a send lost between the row
 * and the queue (no job), or a job that ended without claiming the run (completed, failed,
 * gone; or taken by a worker that never claimed it). Two jobs for one run are harmless: only one
 * claims it (lib/runs/claim-run.ts).
 */
export async function resendUnsentRuns(): Promise<number> {
  const lost = await db().$queryRaw<{ id: string; attempt: number }[]>`
    SELECT r.id, r.attempt FROM "Run" r
    WHERE r.status = 'queued' AND r."createdAt" < now() - interval '10 seconds'
      AND (r."jobId" IS NULL OR NOT EXISTS (
        SELECT 1 FROM pgboss.job j
        WHERE j.name = ${RUN_QUEUE} AND j.id = (CASE WHEN r."jobId" ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' THEN r."jobId"::uuid END)
          AND (j.state IN ('created', 'retry') OR (j.state = 'active' AND j.started_on > now() - make_interval(secs => ${DEAD_AFTER_SECONDS})))
      ))
    LIMIT 200`;
  await enqueueRuns(lost.map((run) => ({ id: run.id, attempt: run.attempt + 1 })));
  return lost.length;
}
