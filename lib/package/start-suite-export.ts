import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError, notFound } from "@/lib/errors/app-error";
import { enqueueSuiteExports } from "@/lib/jobs/enqueue-suite-exports";

/**
 * Queues a suite export (a `suite_export` job, run by a worker: workers/handlers/suite_export.ts)
 * and answers at once with the job; the page polls its progress and downloads the file when it is
 * done, so no request waits on the export, and a restart of any process loses nothing.
 */
export async function startSuiteExport(actorId: string, suiteId: string) {
  const suite = await db().suite.findUnique({ where: { id: suiteId }, select: { name: true } });
  if (!suite) throw notFound("Suite", suiteId);
  const job = await db().$transaction(async (tx) => {
    const created = await tx.exportJob.create({ data: { suiteId, createdById: actorId } });
    await recordEvent(tx, { actorId, action: "suite.export", entity: "ExportJob", entityId: created.id, after: { suite: suite.name } });
    return created;
  });
  // A send lost here (the queue away) is sent again by a worker's reaper.
  await enqueueSuiteExports([{ id: job.id, attempt: job.attempt }]).catch((error: unknown) => console.error(`[studio] suite export ${job.id} not sent yet`, error));
  return job;
}

export async function getExportJob(jobId: string) {
  const job = await db().exportJob.findUnique({ where: { id: jobId } });
  if (!job) throw notFound("Export job", jobId);
  return job;
}

export async function exportJobFile(jobId: string, kind: "tar" | "jsonl") {
  const job = await getExportJob(jobId);
  if (job.status !== "done" || !job.file) throw new AppError("CONFLICT", `The export is ${job.status}; download it when it is done.`, { current: job });
  return kind === "tar" ? job.file : job.file.replace(/\.tar\.gz$/, ".jsonl");
}
