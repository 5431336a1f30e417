import "server-only";
import { SUITE_EXPORT_JOB_VERSION, SUITE_EXPORT_QUEUE, type TSuiteExportJob } from "./definitions";
import { enqueueRows } from "./enqueue-rows";

/** Sends queued suite exports to the workers. */
export async function enqueueSuiteExports(exports: { id: string; attempt: number }[]): Promise<void> {
  await enqueueRows("ExportJob", SUITE_EXPORT_QUEUE, exports, (exportJobId): TSuiteExportJob => ({ v: SUITE_EXPORT_JOB_VERSION, exportJobId }), {
    // A dead worker's export is taken up again by the reaper, not by pg-boss's expiry.
    expireInSeconds: 12 * 3600,
    retryLimit: 0,
  });
}
