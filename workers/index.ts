// The worker process: `npm run worker` alone, or beside the web server via `npm start`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { disconnectDb } from "@/lib/db";
import { isDatabaseUnavailable } from "@/lib/errors/database-unavailable";
import { closeLaunchers } from "@/lib/runner/launcher-pool";
import { startWorker } from "./worker-process";

const concurrency = Number(process.env.STUDIO_WORKER_CONCURRENCY ?? os.availableParallelism());
const dataDir = path.resolve(process.env.STUDIO_DATA_DIR ?? ".studio-data");

// The sandbox shows nothing of the data folder but the mirrors runs borrow
// objects from; the database and the session secret are hidden again in case
// a cache folder is ever placed around them.
// (STUDIO_PG_DIR: where `npm start` placed the cluster when PostgreSQL's user could not reach the data folder.)
const hidePaths = [path.join(dataDir, "pg"), path.join(dataDir, "secrets"), process.env.STUDIO_PG_DIR ?? ""].filter((p) => p && fs.existsSync(p));
// pg-boss leaves some of its own promises without a handler; with the database away
// (restarting) one would end the worker. Those are logged; anything else still ends it.
process.on("unhandledRejection", (reason) => {
  if (isDatabaseUnavailable(reason)) return console.error(`[worker] the database is unavailable (${(reason as Error).message}); waiting for it.`);
  console.error("[worker] unhandled rejection:", reason);
  process.exit(1);
});

// A pooled pg connection borrowed while PostgreSQL is killed has no error listener of its pool's
// (pg-pool takes it off while a client is out), so its "terminating connection" is thrown as an
// uncaught 'error' event; the pool drops that client. Seen once in workers/postgres-restart.integration.test.ts.
process.on("uncaughtException", (error) => {
  if (isDatabaseUnavailable(error)) return console.error(`[worker] a database connection broke (${error.message}); waiting for the database.`);
  console.error("[worker] uncaught exception:", error);
  process.exit(1);
});

// A worker's caches are local to its machine; STUDIO_CACHE_DIR puts them elsewhere (a second worker here, a faster disk).
const cacheDir = path.resolve(process.env.STUDIO_CACHE_DIR ?? path.join(dataDir, "cache"));
const worker = await startWorker({ concurrency, cacheDir, hidePaths });

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log("[worker] finishing running jobs…");
  await worker.stop();
  // Waiting pre-joined launchers end and their empty cgroups go with them (no sweep left for the next worker).
  await closeLaunchers().catch(() => undefined);
  await disconnectDb().catch(() => undefined);
  console.log("[worker] stopped.");
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
