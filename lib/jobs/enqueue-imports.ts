import "server-only";
import { IMPORT_JOB_VERSION, IMPORT_QUEUE, type TImportJob } from "./definitions";
import { enqueueRows } from "./enqueue-rows";

/** Sends queued imports to the workers. */
export async function enqueueImports(imports: { id: string; attempt: number }[]): Promise<void> {
  await enqueueRows("ImportJob", IMPORT_QUEUE, imports, (importJobId): TImportJob => ({ v: IMPORT_JOB_VERSION, importJobId }), {
    // A dead worker's import is taken up again by the reaper, not by pg-boss's expiry.
    expireInSeconds: 12 * 3600,
    retryLimit: 0,
  });
}
