import "server-only";
// pg-boss finds a new job by polling (every 0.5 s at best), so a calibration's first run waited out
// the pollers' interval after its request had already returned (issue 24: half a second of the 33).
// The enqueue notifies instead (NOTIFY, in the statement that records the jobs' ids), and every
// worker LISTENs and wakes its idle pollers at once. Polling stays: a lost notification, or a
// listener that is reconnecting, costs only the interval.
import pg from "pg";

export const JOB_WAKE_CHANNEL = "studio_job_queued";

export type TJobListener = { /** Settles once the first LISTEN is in place. */ ready: Promise<void>; stop(): Promise<void> };

/** Calls `onQueued(queueName)` whenever a job is sent to a queue, from any process on this database. */
export function listenForJobs(onQueued: (queue: string) => void, log: (line: string) => void = () => undefined): TJobListener {
  // The client connecting or listening now; any other one is on its way out.
  let current: pg.Client | null = null;
  let stopped = false;
  let warned = false;
  let retry: NodeJS.Timeout | undefined;
  let listening: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (listening = resolve));
  const close = (client: pg.Client) => {
    client.removeAllListeners();
    client.on("error", () => undefined);
    void client.end().catch(() => undefined);
  };
  const drop = (dead: pg.Client) => {
    if (dead !== current) return;
    current = null;
    close(dead);
    // A restarting PostgreSQL: try again in a second, meanwhile the pollers poll.
    if (!stopped && !retry) retry = setTimeout(() => { retry = undefined; void connect(); }, 1000);
  };
  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: process.env.DATABASE_URL });
    current = next;
    next.on("error", () => drop(next));
    next.on("end", () => drop(next));
    next.on("notification", (message) => { if (message.payload) onQueued(message.payload); });
    try {
      await next.connect();
      await next.query(`LISTEN ${JOB_WAKE_CHANNEL}`);
      warned = false;
      listening();
    } catch (error) {
      if (!warned) log(`job wake-ups unavailable for now (the pollers still poll): ${(error as Error).message}`);
      warned = true;
      drop(next);
    }
  };
  void connect();
  return {
    ready,
    async stop() {
      stopped = true;
      listening();
      clearTimeout(retry);
      const last = current;
      current = null;
      if (last) {
        last.removeAllListeners();
        last.on("error", () => undefined);
        await last.end().catch(() => undefined);
      }
    },
  };
}
