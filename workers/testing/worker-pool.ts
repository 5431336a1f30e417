// Integration tests on real runs: a fresh database, one in-process worker with 2 slots on a
// private cache, and a curator, set up before the file's tests and torn down after them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { db } from "@/lib/db";
import { stopBoss } from "@/lib/jobs/boss";
import { useFreshDatabase } from "@/lib/testing/db";
import { startWorker } from "@/workers/worker-process";

export type TWorkerPool = { tmp: string; curatorId: string };

/** Registers the hooks; the returned object is filled in before the first test runs. */
export function useWorkerPool(prefix: string): TWorkerPool {
  const pool = {} as TWorkerPool;
  let worker: Awaited<ReturnType<typeof startWorker>>;
  beforeAll(async () => {
    await useFreshDatabase();
    pool.tmp = fs.mkdtempSync(path.join(os.tmpdir(), `specpath-${prefix}-`));
    worker = await startWorker({ concurrency: 2, cacheDir: path.join(pool.tmp, "cache"), log: () => undefined });
    pool.curatorId = (await db().user.create({ data: { email: "cur@x", name: "Cur", roles: ["curator"] } })).id;
  });
  afterAll(async () => {
    await worker.stop();
    await stopBoss({ graceful: false, timeout: 1000 });
    fs.rmSync(pool.tmp, { recursive: true, force: true });
  });
  return pool;
}
