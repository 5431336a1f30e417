// kill -9 of each of `npm start`'s children during the demo calibration, one after
// the other: the worker, the web server, the embedded PostgreSQL. Measures how long
// until the studio serves again, then waits for the calibration and counts each
// run's results. Used by scripts/supervision.integration.test.ts and `npm run bench`.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { freePort } from "../lib/db/embedded";

const ROOT = path.resolve(import.meta.dirname, "..");

export type TChaosResult = {
  recoveryMs: { worker: number; web: number; postgres: number };
  runs: { total: number; final: number; withExactlyOneResult: number; statuses: Record<string, number> };
  log: string[];
};

type Pids = { studio?: number; web?: number; worker?: number; postgres?: number };

/** `echo`: also write the studio's output to stderr as it comes (STUDIO_CHAOS_ECHO=1 does the same), to watch a slow round. */
export async function chaos(options: { dataDir: string; port: number; runsTimeoutMs?: number; dev?: boolean; echo?: boolean }): Promise<TChaosResult> {
  const { dataDir, port } = options;
  const base = `http://127.0.0.1:${port}`;
  const pgPort = await freePort();
  const log: string[] = [];
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(ROOT, "scripts/start.ts"), ...(options.dev ? ["--dev"] : [])], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      STUDIO_DATA_DIR: dataDir,
      STUDIO_PG_PORT: String(pgPort),
      DATABASE_URL: "",
      NEXTAUTH_URL: "", // unset: sign-in follows the address in use
      STUDIO_WORKER_CONCURRENCY: "2",
      STUDIO_HEARTBEAT_SECONDS: "2",
      STUDIO_DEAD_AFTER_SECONDS: "8",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const echo = options.echo ?? process.env.STUDIO_CHAOS_ECHO === "1";
  const take = (chunk: Buffer) => {
    const lines = chunk.toString().split("\n").filter(Boolean);
    log.push(...lines);
    if (echo) for (const line of lines) process.stderr.write(`${new Date().toISOString().slice(11, 23)} ${line}\n`);
  };
  child.stdout?.on("data", take);
  child.stderr?.on("data", take);
  const pidsOf = (): Pids => {
    try {
      return JSON.parse(fs.readFileSync(path.join(dataDir, "studio-pids.json"), "utf8")) as Pids;
    } catch {
      return {};
    }
  };
  const serving = async () => {
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (!res.ok) return false;
      const signin = await fetch(`${base}/signin`, { signal: AbortSignal.timeout(5000) });
      return signin.ok;
    } catch {
      return false;
    }
  };
  // `explain`: what is stuck, said when the wait times out, so a failure explains itself.
  const until = async (what: string, check: () => Promise<boolean> | boolean, timeoutMs: number, explain?: () => Promise<string>) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the studio exited while waiting for ${what}:\n${log.slice(-30).join("\n")}`);
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    const detail = explain ? await explain().catch((error: unknown) => `(could not say what is stuck: ${(error as Error).message})`) : "";
    throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}:\n${detail}${log.slice(-30).join("\n")}`);
  };

  try {
    await until("the studio to be ready", serving, 600_000);
    const appPassword = fs.readFileSync(path.join(dataDir, "secrets", "pg-app-password"), "utf8").trim();
    const dbUrl = `postgresql://studio_app:${encodeURIComponent(appPassword)}@127.0.0.1:${pgPort}/studio`;
    const query = async <T extends pg.QueryResultRow>(sql: string): Promise<T[]> => {
      const client = new pg.Client({ connectionString: dbUrl, connectionTimeoutMillis: 2000 });
      try {
        await client.connect();
        return (await client.query<T>(sql)).rows;
      } finally {
        await client.end().catch(() => undefined);
      }
    };
    const calibrationRuns = `SELECT r.id, r.status::text AS status, r.attempt, (SELECT count(*)::int FROM "RunResult" x WHERE x."runId" = r.id) AS results
      FROM "Run" r WHERE r.kind IN ('calibrate', 'replay')`;
    await until("a calibration run to be running", async () => (await query<{ status: string }>(calibrationRuns).catch(() => [])).some((r) => r.status === "running"), 300_000);

    const kill = (pid: number | undefined, name: string) => {
      if (!pid) throw new Error(`no pid for ${name} in studio-pids.json`);
      process.kill(pid, "SIGKILL");
      log.push(`[chaos] kill -9 ${name} (pid ${pid})`);
      if (echo) process.stderr.write(`${new Date().toISOString().slice(11, 23)} [chaos] kill -9 ${name} (pid ${pid})\n`);
    };

    // 1. The worker: serving again = a new worker process has registered.
    let before = pidsOf();
    let t0 = Date.now();
    kill(before.worker, "worker");
    const killedAt = new Date(t0).toISOString();
    await until("a new worker", async () => pidsOf().worker !== before.worker && (await query(`SELECT 1 FROM "Worker" WHERE "startedAt" > '${killedAt}'`).catch(() => [])).length > 0, 60_000);
    const worker = Date.now() - t0;

    // 2. The web server.
    before = pidsOf();
    t0 = Date.now();
    kill(before.web, "web server");
    await until("the web server to fail", async () => !(await serving()), 10_000).catch(() => undefined);
    await until("the web server again", serving, 60_000);
    const web = Date.now() - t0;

    // 3. PostgreSQL.
    before = pidsOf();
    t0 = Date.now();
    kill(before.postgres, "PostgreSQL");
    await until("the database to be gone", async () => !(await serving()), 10_000).catch(() => undefined);
    await until("the database again", serving, 60_000);
    const postgres = Date.now() - t0;

    // Every run of the calibration ends, each with exactly one result.
    const finalStatuses = new Set(["passed", "failed", "timeout", "patch_apply_failed", "forbidden_content", "tampered", "empty_collection", "infrastructure_error", "cancelled"]);
    await until(
      "every calibration run to end",
      async () => {
        const rows = await query<{ status: string }>(calibrationRuns).catch(() => []);
        return rows.length > 0 && rows.every((r) => finalStatuses.has(r.status));
      },
      options.runsTimeoutMs ?? 600_000,
      () => unfinishedRuns(query, finalStatuses, log),
    );
    const rows = await query<{ status: string; results: number }>(calibrationRuns);
    const statuses: Record<string, number> = {};
    for (const r of rows) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    return {
      recoveryMs: { worker, web, postgres },
      runs: { total: rows.length, final: rows.filter((r) => finalStatuses.has(r.status)).length, withExactlyOneResult: rows.filter((r) => r.results === 1).length, statuses },
      log,
    };
  } finally {
    await stop(child);
  }
}

type TUnfinishedRun = {
  id: string; kind: string; status: string; attempt: number; workerId: string | null; heartbeatAt: Date | null; jobId: string | null;
  workerLastSeenAt: Date | null; workerStoppedAt: Date | null; jobState: string | null; jobs: string | null;
};

/**
 * Each calibration run that has not ended: its status, worker (and whether that worker still
 * beats), attempt, heartbeat, the pg-boss job the row points at and every job sent for it, plus
 * the worker's log lines about it.
 */
async function unfinishedRuns(query: <T extends pg.QueryResultRow>(sql: string) => Promise<T[]>, finalStatuses: Set<string>, log: string[]): Promise<string> {
  const rows = await query<TUnfinishedRun>(`SELECT r.id, r.kind::text AS kind, r.status::text AS status, r.attempt, r."workerId", r."heartbeatAt", r."jobId",
      w."lastSeenAt" AS "workerLastSeenAt", w."stoppedAt" AS "workerStoppedAt",
      (SELECT j.state::text FROM pgboss.job j WHERE j.id::text = r."jobId") AS "jobState",
      (SELECT string_agg(j.state::text || ' (key ' || coalesce(j.singleton_key, '-') || ', retry ' || j.retry_count || ', started ' || coalesce(to_char(j.started_on, 'HH24:MI:SS'), '-') || ')', '; ' ORDER BY j.created_on)
         FROM pgboss.job j WHERE j.data->>'runId' = r.id) AS jobs
    FROM "Run" r LEFT JOIN "Worker" w ON w.id = r."workerId"
    WHERE r.kind IN ('calibrate', 'replay') AND r.status::text NOT IN (${[...finalStatuses].map((s) => `'${s}'`).join(", ")})`);
  const now = (await query<{ now: Date }>("SELECT now()"))[0]?.now ?? new Date();
  const ago = (at: Date | null) => (at ? `${Math.round((now.getTime() - new Date(at).getTime()) / 1000)} s ago` : "never");
  const lines = rows.map((r) => {
    const worker = r.workerId ? `${r.workerId} (last seen ${ago(r.workerLastSeenAt)}${r.workerStoppedAt ? ", stopped" : ""})` : "none";
    const job = r.jobId ? `${r.jobId} ${r.jobState ?? "missing from pgboss.job"}` : "none";
    const mentions = log.filter((line) => line.includes(r.id)).slice(-3);
    return `  run ${r.id} (${r.kind}): ${r.status}, attempt ${r.attempt}, worker ${worker}, heartbeat ${ago(r.heartbeatAt)}, job ${job}; jobs sent: ${r.jobs ?? "none"}${mentions.length ? `\n    ${mentions.join("\n    ")}` : ""}`;
  });
  const workers = await query<{ id: string; lastSeenAt: Date; stoppedAt: Date | null; running: number }>(`SELECT id, "lastSeenAt", "stoppedAt", running FROM "Worker" ORDER BY "startedAt"`);
  return [
    `${rows.length} calibration run(s) have not ended:`,
    ...lines,
    "workers:",
    ...workers.map((w) => `  ${w.id}: last seen ${ago(w.lastSeenAt)}, running ${w.running}${w.stoppedAt ? ", stopped" : ""}`),
    "",
  ].join("\n");
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGINT");
  });
}
