// Integration tests that import: imports run on the queue, so a file that starts one registers an
// in-process worker (after its own beforeAll, which makes the database and the data folder) and
// waits on the ImportJob row, as the page does. The worker's cache is the web process's default
// ($STUDIO_DATA_DIR/cache), so an import's mirror is the one admission and the evidence view read.
import { afterAll, beforeAll } from "vitest";
import { db } from "@/lib/db";
import { studioCacheDir } from "@/lib/runner/mirror";
import { startWorker } from "@/workers/worker-process";

/**
 * One worker on this machine's cache (call it once the data folder is set); stop it after the tests.
 * It has no run slots (concurrency 0), only the other job kinds: a run the test queues stays queued.
 */
export function startImportWorker() {
  return startWorker({ concurrency: 0, cacheDir: studioCacheDir(), log: () => undefined });
}

/** Registers the hooks that start one worker before the file's tests and stop it after them. */
export function useImportWorker(): void {
  let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
  beforeAll(async () => {
    worker = await startImportWorker();
  });
  afterAll(async () => {
    await worker?.stop();
  });
}

/** Resolves when the import is done or failed (a worker ran it). */
export async function importSettled(jobId: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await db().importJob.findUniqueOrThrow({ where: { id: jobId }, select: { status: true, message: true } });
    if (job.status === "done" || job.status === "failed") return;
    if (Date.now() > deadline) throw new Error(`import ${jobId} still ${job.status} after ${timeoutMs} ms (${job.message})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
