import "server-only";
// The workers' side of imports in flight: beat the heartbeat of those a worker holds, hand them
// back on a graceful stop, and take up those of a worker that died.
import { db, Prisma } from "@/lib/db";
import { enqueueImports } from "@/lib/jobs/enqueue-imports";
import { heldByDeadWorker, silentRow, toSend, UNSENT_ROWS } from "@/lib/runs/reap-dead-workers";
import { HELD_STATUSES } from "./import-claim";

/**
 * Imports held by a worker that stopped beating go back to the queue as a new attempt, which goes
 * on from the stored cursor; queued imports whose send was lost are sent again. Any live worker may
 * call this; the guarded UPDATE makes it safe to call from several at once.
 */
export async function reapImports(): Promise<number> {
  const orphans = await db().$queryRaw<{ id: string; attempt: number }[]>`
    UPDATE "ImportJob" i SET status = 'queued', "workerId" = NULL, "jobId" = NULL, "updatedAt" = now(),
      message = 'The worker importing this stopped responding; going on from the last written candidate.'
    WHERE i.status IN (${Prisma.join([...HELD_STATUSES])}) AND (${silentRow("i")} OR ${heldByDeadWorker("i", { neverBeaten: true })})
    RETURNING i.id, i.attempt`;
  const unsent = await db().importJob.findMany({ where: UNSENT_ROWS.where(), select: { id: true, attempt: true }, take: UNSENT_ROWS.take });
  await enqueueImports(toSend(orphans, unsent));
  return orphans.length;
}

/** Beats the heartbeat of the imports `workerId`'s handlers hold (`ids`): one let go of stops beating and is reaped. */
export async function beatImports(workerId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db().importJob.updateMany({ where: { workerId, status: { in: [...HELD_STATUSES] }, id: { in: ids } }, data: { heartbeatAt: new Date() } });
}

/** Hands the imports `workerId` still holds back to the queue (a graceful stop; a live worker's reaper sends them). */
export async function releaseImports(workerId: string): Promise<void> {
  await db().importJob.updateMany({ where: { workerId, status: { in: [...HELD_STATUSES] } }, data: { status: "queued", workerId: null, jobId: null } });
}
