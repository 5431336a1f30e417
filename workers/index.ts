// The worker process: `npm run worker` alone, or beside the web server via `npm start`.
// Job handlers are registered in workers/handlers (validation worker pool).
import os from "node:os";

const concurrency = Number(process.env.STUDIO_WORKER_CONCURRENCY ?? os.availableParallelism());
console.log(`[worker] ready (concurrency ${concurrency}); no job kinds registered yet.`);

const stop = () => {
  console.log("[worker] stopped.");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
setInterval(() => undefined, 1 << 30);
