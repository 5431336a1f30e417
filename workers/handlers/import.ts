// An import job: the ImportJob row names the source, its filters, its cursor and its actor; this
// handler claims one attempt and runs the import (lib/anchoring/imports/run-import.ts), which writes
// its candidates, progress and outcome on the row the page polls. Local sources are mirrored into
// this worker's cache; a GitHub import uses this worker's token and GITHUB_API_URL. A job for an
// import that is no longer queued does nothing.
import { claimImport } from "@/lib/anchoring/imports/import-claim";
import { runImport } from "@/lib/anchoring/imports/run-import";
import type { TImportJob } from "@/lib/jobs/definitions";
import type { TJobHandler } from "./types";

export const handleImport: TJobHandler<TImportJob> = async (payload, worker) => {
  const claim = await claimImport(payload.importJobId, worker.id);
  if (claim) await runImport(claim, { cacheDir: worker.runner.cacheDir });
};
