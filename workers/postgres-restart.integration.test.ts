// A worker whose PostgreSQL is killed with SIGKILL and started again, several times, while
// it holds and claims runs (the window scripts/chaos.ts hits once, by chance): every run still
// ends, each with exactly one result. Its own embedded PostgreSQL (the shared test server cannot
// be killed), a real worker process, real sandboxed runs.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db";
import { createDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { grantRuntimePrivileges, provisionRoles, withUser, APP_ROLE } from "@/lib/db/roles";
import { buildDemoFamily } from "@/lib/demo/build-demo-family";
import { createDemoRepo } from "@/lib/demo/demo-repo";
import { stopBoss } from "@/lib/jobs/boss";
import { installQueue } from "@/lib/jobs/install-queue";
import { requestRuns } from "@/lib/runs/request-runs";

const TERMINAL = ["passed", "failed", "timeout", "patch_apply_failed", "empty_collection", "infrastructure_error", "cancelled"];
const RUNS = 12;
const KILLS = 3;
let tmp: string;
let server: EmbeddedDatabase;
let appUrl: string;
let worker: ChildProcess | null = null;
const workerLog: string[] = [];

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-pg-restart-"));
  fs.chmodSync(tmp, 0o755);
  server = await startEmbeddedPostgres({ dataDir: path.join(tmp, "pg"), database: "postgres", throwaway: true });
  const superUrl = await createDatabase(server.url, "studio");
  const passwords = { owner: crypto.randomBytes(12).toString("hex"), app: crypto.randomBytes(12).toString("hex") };
  const { ownerUrl } = await provisionRoles(superUrl, passwords);
  await migrate(ownerUrl);
  await installQueue(ownerUrl);
  await grantRuntimePrivileges(ownerUrl);
  appUrl = withUser(superUrl, APP_ROLE, passwords.app);
  await disconnectDb();
  process.env.DATABASE_URL = appUrl;
}, 120_000);

afterAll(async () => {
  worker?.kill("SIGKILL");
  await stopBoss({ graceful: false, timeout: 1000 }).catch(() => undefined);
  await disconnectDb().catch(() => undefined);
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A query of its own connection, so the test's reads never wait on a pool the kill broke. */
async function query<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: appUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, explain?: () => Promise<string>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  const detail = explain ? await explain().catch((e: unknown) => String(e)) : "";
  throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}\n${detail}\nworker log:\n${workerLog.slice(-40).join("\n")}`);
}

type TRow = { id: string; status: string; attempt: number; workerId: string | null; heartbeatAt: Date | null; jobState: string | null; results: number };
const runs = () =>
  query<TRow>(`SELECT r.id, r.status::text AS status, r.attempt, r."workerId", r."heartbeatAt",
      (SELECT j.state::text FROM pgboss.job j WHERE j.id::text = r."jobId") AS "jobState",
      (SELECT count(*)::int FROM "RunResult" x WHERE x."runId" = r.id) AS results
    FROM "Run" r ORDER BY r."createdAt"`);
const describeRuns = async () =>
  (await runs()).filter((r) => !TERMINAL.includes(r.status)).map((r) => `${r.id}: ${r.status}, attempt ${r.attempt}, worker ${r.workerId ?? "none"}, heartbeat ${r.heartbeatAt?.toISOString() ?? "never"}, job ${r.jobState ?? "none"}`).join("\n");

/** kill -9 of the postmaster, then a start on the same data and port, as `npm start` does. */
async function killPostgres() {
  const exited = new Promise<void>((resolve) => server.onUnexpectedExit(() => resolve()));
  process.kill(server.pid()!, "SIGKILL");
  await exited;
  workerLog.push(`[test] kill -9 PostgreSQL at ${new Date().toISOString()}`);
  await new Promise((r) => setTimeout(r, 500));
  await server.restart();
  workerLog.push(`[test] PostgreSQL is running again at ${new Date().toISOString()}`);
}

describe("a worker whose PostgreSQL restarts while it holds runs", () => {
  it(`ends every run with exactly one result after ${KILLS} kill -9 of PostgreSQL`, async () => {
    const suite = await db().suite.create({ data: { name: "pg-restart" } });
    const { family } = await buildDemoFamily(db(), { suiteId: suite.id, repo: createDemoRepo(path.join(tmp, "repo")) });
    const gold = await db().patch.findFirstOrThrow({ where: { familyId: family.id, kind: "gold" } });
    await requestRuns(null, family.id, Array.from({ length: RUNS }, (_, i) => ({
      kind: "calibrate" as const, patchRole: "gold" as const, patchId: gold.id, historyRevisionId: null, repeat: i, requestKey: `pg-restart:${i}`,
    })));
    await stopBoss({ graceful: false, timeout: 1000 });
    await disconnectDb();

    worker = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.resolve("workers/index.ts")], {
      env: {
        ...process.env, DATABASE_URL: appUrl, STUDIO_DATA_DIR: path.join(tmp, "data"), STUDIO_WORKER_CONCURRENCY: "2",
        STUDIO_HEARTBEAT_SECONDS: "1", STUDIO_DEAD_AFTER_SECONDS: "4",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const take = (chunk: Buffer) => workerLog.push(...chunk.toString().split("\n").filter(Boolean));
    worker.stdout?.on("data", take);
    worker.stderr?.on("data", take);

    // Each kill lands while the worker holds runs: the first two as soon as it has claimed, the last mid-way.
    for (let kill = 0; kill < KILLS; kill++) {
      const endedBefore = (await runs()).filter((r) => TERMINAL.includes(r.status)).length;
      await waitFor(`the worker to hold runs before kill ${kill + 1}`, async () => {
        const rows = await runs();
        return rows.some((r) => r.status === "running") && (kill < 2 || rows.filter((r) => TERMINAL.includes(r.status)).length > endedBefore);
      }, 120_000, describeRuns);
      await killPostgres();
    }

    await waitFor(`all ${RUNS} runs to end`, async () => (await runs()).every((r) => TERMINAL.includes(r.status)), 120_000, describeRuns);
    const ended = await runs();
    expect(ended).toHaveLength(RUNS);
    expect(ended.filter((r) => r.results !== 1), JSON.stringify(ended)).toEqual([]);
  }, 600_000);
});
