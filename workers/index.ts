// The worker process: `npm run worker` alone, or beside the web server via `npm start`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { disconnectDb } from "@/lib/db";
import { isDatabaseUnavailable } from "@/lib/errors/database-unavailable";
import { startWorker } from "./worker-process";

const concurrency = Number(process.env.STUDIO_WORKER_CONCURRENCY ?? os.availableParallelism());
const dataDir = path.resolve(process.env.STUDIO_DATA_DIR ?? ".studio-data");

// Sandboxed tests can read the host's files; the studio's database and session
// secret live in the data folder, so that much is hidden from them.
// (STUDIO_PG_DIR: where `npm start` placed the cluster when PostgreSQL's user could not reach the data folder.)
const hidePaths = [path.join(dataDir, "pg"), path.join(dataDir, "secrets"), process.env.STUDIO_PG_DIR ?? ""].filter((p) => p && fs.existsSync(p));
// pg-boss leaves some of its own promises without a handler; with the database away
// (restarting) one would end the worker. Those are logged; anything else still ends it.
process.on("unhandledRejection", (reason) => {
  if (isDatabaseUnavailable(reason)) return console.error(`[worker] the database is unavailable (${(reason as Error).message}); waiting for it.`);
  console.error("[worker] unhandled rejection:", reason);
  process.exit(1);
});

const worker = await startWorker({ concurrency, cacheDir: path.join(dataDir, "cache"), hidePaths });

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log("[worker] finishing running jobs…");
  await worker.stop();
  await disconnectDb().catch(() => undefined);
  console.log("[worker] stopped.");
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
