import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { normalizeSource } from "@/lib/runner/mirror";
import { enqueueImports } from "@/lib/jobs/enqueue-imports";
import { assertImportSourceAllowed } from "../check-import-source";
import { notFound } from "@/lib/errors/app-error";
import type { TStartImport } from "@/lib/schemas/imports";
import { importJobSelect, toImportJobDto } from "./import-job-select";

/**
 * Records an import job and queues it (an `import` job, run by a worker: workers/handlers/import.ts);
 * answers at once with the job, which the caller polls. The row is written first, so a send lost
 * here (the queue away) is sent again by a worker's reaper.
 */
export async function startImport(actorId: string, suiteId: string, input: TStartImport) {
  const { source, repo, ...rest } = input;
  const query = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  if (source === "local") await assertImportSourceAllowed(normalizeSource(repo));
  const job = await db().$transaction(async (tx) => {
    const suite = await tx.suite.findUnique({ where: { id: suiteId }, select: { id: true } });
    if (!suite) throw notFound("Suite", suiteId);
    const created = await tx.importJob.create({
      data: {
        suiteId, source, repo: source === "local" ? normalizeSource(repo) : repo, query, createdBy: actorId,
        status: "queued", message: "Waiting for a worker…",
      },
      select: importJobSelect,
    });
    await recordEvent(tx, { actorId, action: "import.start", entity: "ImportJob", entityId: created.id, after: { suiteId, source, repo: created.repo, query } });
    return created;
  });
  await enqueueImports([{ id: job.id, attempt: job.attempt }]).catch((error: unknown) => console.error(`[imports] import ${job.id} not sent yet`, error));
  return toImportJobDto(job);
}
