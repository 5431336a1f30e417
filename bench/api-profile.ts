// The slow JSON routes' loaders in process, against their own embedded PostgreSQL seeded
// with the demo: SQL statements per request, time per request, JSON size. What costs
// under 50 connections (bench/platform.ts) is what one request costs, times 50.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { printRows, type BenchRow } from "./types";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);

export async function apiProfileRows(): Promise<BenchRow[]> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-bench-api-"));
  fs.chmodSync(tmp, 0o755);
  const previousUrl = process.env.DATABASE_URL;
  const { startEmbeddedPostgres } = await import("@/lib/db/embedded");
  const { migrate } = await import("@/lib/db/migrate");
  const server = await startEmbeddedPostgres({ dataDir: path.join(tmp, "pg") });
  try {
    await migrate(server.url);
    process.env.DATABASE_URL = server.url;
    const { createLoggingStudioClient } = await import("@/lib/db/client");
    // The application's client, with a query log: one event per SQL statement.
    const client = createLoggingStudioClient(server.url);
    let statements = 0;
    client.$on("query", (e) => { statements++; if (process.env.BENCH_SQL_LOG) console.log(`  [sql ${e.duration}ms] ${e.query.slice(0, 160)}`); });
    (globalThis as unknown as { studioPrisma?: unknown }).studioPrisma = client;
    const { db, disconnectDb } = await import("@/lib/db");
    const { seedDemo } = await import("@/lib/demo/seed");
    const { getSuiteDashboard, getSuiteDashboardJson } = await import("@/lib/suites/suite-dashboard");
    const { getStageReportJson } = await import("@/lib/families/get-stage-report");
    const { listSuites } = await import("@/lib/suites/list-suites");
    try {
      await seedDemo(db(), tmp);
      const suites = await listSuites();
      const suiteId = [...suites].sort((a, b) => b.families - a.families)[0]!.id;
      const familyId = (await getSuiteDashboard(suiteId)).rows[0]!.id;
      const targets: Array<[string, () => Promise<unknown>]> = [
        ["listSuites (GET /api/suites)", () => listSuites()],
        ["getSuiteDashboardJson (GET /api/suites/<id>/dashboard)", () => getSuiteDashboardJson(suiteId)],
        ["getStageReportJson paths (GET /api/families/<id>/gates/paths)", () => getStageReportJson(familyId, "paths")],
      ];
      const rows: BenchRow[] = [];
      for (const [label, call] of targets) {
        await call(); // warm: caches filled as a server under load has them
        const times: number[] = [];
        statements = 0;
        let bytes = 0;
        for (let r = 0; r < ROUNDS; r++) {
          const started = performance.now();
          const answer = await call();
          bytes = (typeof answer === "string" ? answer : JSON.stringify(answer)).length; // what the route sends
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        rows.push({ name: `${label}, warm, one request: median of ${ROUNDS}, ${(bytes / 1024).toFixed(1)} KiB`, value: times[Math.floor(ROUNDS / 2)]!, unit: "ms" });
        rows.push({ name: `  SQL statements per request`, value: statements / ROUNDS, unit: "" });
      }
      return rows;
    } finally {
      await disconnectDb();
    }
  } finally {
    await server.stop();
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  printRows("API profile", await apiProfileRows());
}
