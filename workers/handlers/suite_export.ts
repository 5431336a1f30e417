// A suite export job: the ExportJob row names the suite; this handler loads it, claims one attempt,
// writes the archive (lib/package/export-suite.ts) into the data folder, and reports progress and
// the outcome on the row the page polls. A job for an export that is no longer queued does nothing.
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { failureSentence } from "@/lib/errors/failure-sentence";
import { exportSuite } from "@/lib/package/export-suite";
import { claimSuiteExport, suiteExportFile, updateSuiteExport } from "@/lib/package/suite-export-job";
import type { TSuiteExportJob } from "@/lib/jobs/definitions";
import type { TJobHandler } from "./types";

export const handleSuiteExport: TJobHandler<TSuiteExportJob> = async (payload, worker) => {
  const claim = await claimSuiteExport(payload.exportJobId, worker.id);
  if (!claim) return;
  try {
    const suite = await db().suite.findUniqueOrThrow({ where: { id: claim.suiteId }, select: { name: true } });
    // Progress writes are not awaited by the export; a failed one is only a late progress bar.
    const result = await exportSuite(suite.name, suiteExportFile(suite.name, claim.id), {
      cacheDir: worker.runner.cacheDir,
      onStart: (total) => void updateSuiteExport(claim, { total }).catch(() => undefined),
      onFamily: (done, title) => void updateSuiteExport(claim, { progress: done, message: title }).catch(() => undefined),
    });
    await updateSuiteExport(claim, { status: "done", file: result.file, progress: result.families, total: result.families, message: `${result.families} packages, ${result.instances} JSONL instances` });
  } catch (error) {
    // One sentence for the page (a raw Prisma message names server files); the rest goes to the log.
    if (!(error instanceof AppError)) console.error(`[worker] suite export ${claim.id} failed`, error);
    await updateSuiteExport(claim, { status: "failed", message: failureSentence("The export", error) }).catch(() => undefined);
  }
};
