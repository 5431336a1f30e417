import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { normalizeSource } from "@/lib/runner/mirror";
import { assertImportSourceAllowed } from "../check-import-source";
import { notFound } from "@/lib/errors/app-error";
import type { TStartImport } from "@/lib/schemas/imports";
import { launchImport } from "./active-imports";
import { importJobSelect, toImportJobDto } from "./import-job-select";
import { runImport } from "./run-import";

/** Records an import job and starts it in the background; the caller polls the job. */
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
        status: "running", message: "Starting…",
      },
      select: importJobSelect,
    });
    await recordEvent(tx, { actorId, action: "import.start", entity: "ImportJob", entityId: created.id, after: { suiteId, source, repo: created.repo, query } });
    return created;
  });
  launchImport(job.id, () => runImport(job.id));
  return toImportJobDto(job);
}
