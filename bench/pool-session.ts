// The pool a bench child measures on, set up once for every child (bench/curator-child.ts,
// bench/mining-child.ts): a fresh embedded PostgreSQL with the migrations, and one worker with
// 2 slots (the pool of a 2-core machine) on its own cache; torn down whatever happens.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { db, disconnectDb } from "@/lib/db";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { stopBoss } from "@/lib/jobs/boss";
import { startWorker } from "../workers/worker-process";

/** Waits until none of the family's runs is queued or running. */
export async function settle(familyId: string): Promise<void> {
  while ((await db().run.count({ where: { familyId, status: { in: ["queued", "running"] } } })) > 0) await new Promise((r) => setTimeout(r, 200));
}

/** Runs `body` against a fresh database and a 2-slot worker, then prints its result as the child's one JSON line. */
export async function onPool<T>(name: string, body: (tmp: string) => Promise<T>): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `specpath-bench-${name}-`));
  fs.chmodSync(tmp, 0o755);
  const server = await startEmbeddedPostgres({ dataDir: path.join(tmp, "pg") });
  let out: T | undefined;
  try {
    await migrate(server.url);
    process.env.DATABASE_URL = server.url;
    const worker = await startWorker({ concurrency: 2, cacheDir: path.join(tmp, "cache"), hidePaths: [path.join(tmp, "pg")], log: () => undefined });
    try {
      out = await body(tmp);
    } finally {
      await worker.stop();
      await stopBoss({ graceful: false, timeout: 1000 }).catch(() => undefined);
      await disconnectDb().catch(() => undefined);
    }
  } finally {
    await server.stop().catch(() => undefined);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  console.log(JSON.stringify(out ?? null));
}
