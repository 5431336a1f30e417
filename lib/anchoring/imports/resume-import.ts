import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError, notFound } from "@/lib/errors/app-error";
import { isImportActive, launchImport } from "./active-imports";
import { importJobSelect, toImportJobDto } from "./import-job-select";
import { runImport } from "./run-import";

/** Continues a failed or interrupted import from its stored cursor. */
export async function resumeImport(actorId: string, jobId: string) {
  if (isImportActive(jobId)) throw new AppError("CONFLICT", "This import is still running.");
  const job = await db().$transaction(async (tx) => {
    const before = await tx.importJob.findUnique({ where: { id: jobId }, select: { status: true, cursor: true, message: true } });
    if (!before) throw notFound("Import", jobId);
    if (before.status === "done") throw new AppError("CONFLICT", "This import has finished; start a new import to look for newer changes.");
    await tx.importJob.update({ where: { id: jobId }, data: { status: "running", message: "Resuming…" } });
    await recordEvent(tx, { actorId, action: "import.resume", entity: "ImportJob", entityId: jobId, before, after: { status: "running", cursor: before.cursor } });
    return tx.importJob.findUniqueOrThrow({ where: { id: jobId }, select: importJobSelect });
  });
  launchImport(jobId, () => runImport(jobId));
  return toImportJobDto(job);
}
