import "server-only";
import { db } from "@/lib/db";
import { enqueueSuiteExports } from "@/lib/jobs/enqueue-suite-exports";
import { heldByDeadWorker, silentRow, toSend, UNSENT_ROWS } from "@/lib/runs/reap-dead-workers";

/**
 * Suite exports held by a worker that stopped beating (killed, machine gone) go back to the
 * queue as a new attempt, and queued exports whose send was lost are sent again. Any live worker
 * may call this; the guarded UPDATE makes it safe to call from several at once.
 */
export async function reapSuiteExports(): Promise<number> {
  const orphans = await db().$queryRaw<{ id: string; attempt: number }[]>`
    UPDATE "ExportJob" e SET status = 'queued', "workerId" = NULL, "jobId" = NULL, "updatedAt" = now(),
      message = 'The worker exporting this stopped responding; started again.'
    WHERE e.status = 'running' AND (${silentRow("e")} OR ${heldByDeadWorker("e", { neverBeaten: true })})
    RETURNING e.id, e.attempt`;
  const unsent = await db().exportJob.findMany({ where: UNSENT_ROWS.where(), select: { id: true, attempt: true }, take: UNSENT_ROWS.take });
  await enqueueSuiteExports(toSend(orphans, unsent));
  return orphans.length;
}

/** Beats the heartbeat of the exports `workerId`'s handlers hold (`ids`): one let go of stops beating and is reaped. */
export async function beatSuiteExports(workerId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db().exportJob.updateMany({ where: { workerId, status: "running", id: { in: ids } }, data: { heartbeatAt: new Date() } });
}

/** Hands the exports `workerId` still holds back to the queue (a graceful stop; a live worker's reaper sends them). */
export async function releaseSuiteExports(workerId: string): Promise<void> {
  await db().exportJob.updateMany({ where: { workerId, status: "running" }, data: { status: "queued", workerId: null, jobId: null } });
}
