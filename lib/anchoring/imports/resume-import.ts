import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError, notFound } from "@/lib/errors/app-error";
import { enqueueImports } from "@/lib/jobs/enqueue-imports";
import { importJobSelect, isImportActive, toImportJobDto } from "./import-job-select";

const STILL_RUNNING = "This import is still running.";

/** Queues a failed or interrupted import again; the worker goes on from its stored cursor. */
export async function resumeImport(actorId: string, jobId: string) {
  const job = await db().$transaction(async (tx) => {
    const before = await tx.importJob.findUnique({ where: { id: jobId }, select: { status: true, cursor: true, message: true, attempt: true, heartbeatAt: true } });
    if (!before) throw notFound("Import", jobId);
    if (before.status === "done") throw new AppError("CONFLICT", "This import has finished; start a new import to look for newer changes.");
    if (isImportActive(before)) throw new AppError("CONFLICT", STILL_RUNNING);
    // Guarded on the row as read: a worker's claim or reaper that got there first wins.
    const { count } = await tx.importJob.updateMany({
      where: { id: jobId, status: before.status, attempt: before.attempt, heartbeatAt: before.heartbeatAt },
      data: { status: "queued", workerId: null, jobId: null, message: "Resuming…" },
    });
    if (count !== 1) throw new AppError("CONFLICT", STILL_RUNNING);
    await recordEvent(tx, {
      actorId, action: "import.resume", entity: "ImportJob", entityId: jobId,
      before: { status: before.status, cursor: before.cursor, message: before.message }, after: { status: "queued", cursor: before.cursor },
    });
    return tx.importJob.findUniqueOrThrow({ where: { id: jobId }, select: importJobSelect });
  });
  await enqueueImports([{ id: job.id, attempt: job.attempt }]).catch((error: unknown) => console.error(`[imports] import ${job.id} not sent yet`, error));
  return toImportJobDto(job);
}
