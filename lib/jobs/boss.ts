import "server-only";
// One pg-boss per process, on the studio's own PostgreSQL (schema "pgboss").
import PgBoss from "pg-boss";
import { QUEUES, RUN_QUEUE } from "./definitions";

const globalForBoss = globalThis as unknown as { studioBoss?: Promise<PgBoss> };

export function boss(): Promise<PgBoss> {
  if (!globalForBoss.studioBoss) {
    globalForBoss.studioBoss = (async () => {
      const connectionString = process.env.DATABASE_URL;
      if (!connectionString) throw new Error("DATABASE_URL is not set");
      const instance = new PgBoss({ connectionString, schema: "pgboss", max: 4, maintenanceIntervalSeconds: 30 });
      instance.on("error", (error) => console.error("[queue]", error.message));
      await instance.start();
      for (const queue of QUEUES) await instance.createQueue(queue, { name: queue, ...(queue === RUN_QUEUE ? { retryLimit: 3, retryDelay: 2 } : { retryLimit: 0 }) }).catch(() => undefined);
      return instance;
    })();
    globalForBoss.studioBoss.catch(() => (globalForBoss.studioBoss = undefined));
  }
  return globalForBoss.studioBoss;
}

export async function stopBoss(options: { graceful?: boolean; timeout?: number } = {}): Promise<void> {
  const pending = globalForBoss.studioBoss;
  globalForBoss.studioBoss = undefined;
  if (pending) await (await pending).stop({ graceful: options.graceful ?? true, wait: true, timeout: options.timeout ?? 30_000 });
}
