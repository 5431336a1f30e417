import "server-only";
import { db } from "@/lib/db";
import { DEAD_AFTER_SECONDS } from "./reap-dead-workers";

/** Workers alive and runs by status, for the lead's queue page. */
export async function queueStatus() {
  const since = new Date(Date.now() - DEAD_AFTER_SECONDS * 1000);
  const [workers, byStatus, failedRecently] = await Promise.all([
    db().worker.findMany({ where: { stoppedAt: null, lastSeenAt: { gt: since } }, orderBy: { startedAt: "asc" } }),
    db().run.groupBy({ by: ["status"], _count: { _all: true } }),
    db().run.findMany({
      where: { status: { in: ["timeout", "infrastructure_error", "empty_collection", "patch_apply_failed"] } },
      orderBy: { finishedAt: "desc" }, take: 20,
      select: { id: true, kind: true, status: true, message: true, finishedAt: true, family: { select: { id: true, title: true } } },
    }),
  ]);
  const counts = Object.fromEntries(byStatus.map((row) => [row.status, row._count._all]));
  return { workers, waiting: counts.queued ?? 0, running: counts.running ?? 0, counts, failedRecently };
}
