import "server-only";
import path from "node:path";
import { failureSentence } from "@/lib/errors/failure-sentence";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError, notFound } from "@/lib/errors/app-error";
import { exportSuite } from "./export-suite";

const exportsDir = () => path.resolve(process.env.STUDIO_DATA_DIR ?? ".studio-data", "exports");

/**
 * Starts a suite export in the background and answers at once with the job; the page polls
 * its progress and downloads the file when it is done, so no request waits on the export.
 */
export async function startSuiteExport(actorId: string, suiteId: string) {
  const suite = await db().suite.findUnique({ where: { id: suiteId }, select: { name: true } });
  if (!suite) throw notFound("Suite", suiteId);
  const job = await db().$transaction(async (tx) => {
    const created = await tx.exportJob.create({ data: { suiteId, createdById: actorId } });
    await recordEvent(tx, { actorId, action: "suite.export", entity: "ExportJob", entityId: created.id, after: { suite: suite.name } });
    return created;
  });
  const file = path.join(exportsDir(), `${suite.name.replace(/[^A-Za-z0-9._-]+/g, "_")}-${job.id}.tar.gz`);
  void exportSuite(suite.name, file, {
    onStart: (total) => void db().exportJob.update({ where: { id: job.id }, data: { total } }).catch(() => undefined),
    onFamily: (done, title) => void db().exportJob.update({ where: { id: job.id }, data: { progress: done, message: title } }).catch(() => undefined),
  }).then(
    (result) => db().exportJob.update({ where: { id: job.id }, data: { status: "done", file: result.file, progress: result.families, total: result.families, message: `${result.families} packages, ${result.instances} JSONL instances` } }),
    (error: unknown) => {
      // One sentence for the page (a raw Prisma message names server files); the rest goes to the log.
      if (!(error instanceof AppError)) console.error(`[studio] suite export ${job.id} failed`, error);
      return db().exportJob.update({ where: { id: job.id }, data: { status: "failed", message: failureSentence("The export", error, "the server log") } });
    },
  );
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
