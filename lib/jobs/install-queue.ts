import "server-only";
// The owner installs pg-boss's schema and the job queues at every start (`npm start`, `studio`, the test database).
import { QUEUES, RUN_QUEUE } from "./definitions";

/** pg-boss's schema and the job queues, created by the owner so the application role needs no CREATE. */
export async function installQueue(ownerUrl: string): Promise<void> {
  const { default: PgBoss } = await import("pg-boss");
  const instance = new PgBoss({ connectionString: ownerUrl, schema: "pgboss", max: 2, supervise: false, schedule: false });
  instance.on("error", () => undefined);
  await instance.start();
  try {
    // Runs are retried by pg-boss too; other jobs only by their reaper (a new attempt on their row).
    for (const queue of QUEUES) await instance.createQueue(queue, { name: queue, ...(queue === RUN_QUEUE ? { retryLimit: 3, retryDelay: 2 } : { retryLimit: 0 }) });
    // pg-boss's own queue for cron schedules, which each process would otherwise try to create.
    await instance.createQueue("__pgboss__send-it");
  } finally {
    await instance.stop({ graceful: false, wait: true, timeout: 2000 });
  }
}
