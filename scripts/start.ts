// `npm start`: database (embedded unless DATABASE_URL), migrations as the owner role,
// demo data, build if needed, then the web server and a worker pool as the
// application role. A child that crashes is restarted with backoff; an embedded
// PostgreSQL that dies is restarted too. Ctrl-C stops all.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { DatabaseInUseError, DatabaseStartError, type EmbeddedDatabase } from "../lib/db/embedded";
import { checkRuntimeRole, runtimeRoleProblem } from "../lib/db/roles";
import { describeExit, MAX_FAST_RESTARTS, nextAttempt, restartDelayMs } from "../lib/supervision/backoff";
import { buildIfNeeded } from "./build-if-needed";
import { dataDir, openDatabase, prepareDatabase, ROOT, sessionSecret } from "./studio-env";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST || undefined;
const say = (line: string) => console.log(`[studio] ${line}`);
// An empty NEXTAUTH_URL means "not set" (next-auth would fail to parse it, also in `next build`).
if (!process.env.NEXTAUTH_URL) delete process.env.NEXTAUTH_URL;

class StartRefused extends Error {}

async function main() {
  const started = Date.now();
  const dir = dataDir();
  const database = await openDatabase(dir);
  say(database.embedded ? `Embedded PostgreSQL running (data in ${path.relative(ROOT, database.embedded.dataDir) || database.embedded.dataDir}).` : "Using DATABASE_URL.");
  const applied = await prepareDatabase(database);
  if (applied.length) say(`Applied migrations: ${applied.join(", ")}`);
  const problem = runtimeRoleProblem(await checkRuntimeRole(database.url));
  if (problem) {
    if (process.env.STUDIO_ALLOW_PRIVILEGED_DATABASE !== "1") {
      await database.embedded?.stop();
      throw new StartRefused(problem);
    }
    say(`Warning (STUDIO_ALLOW_PRIVILEGED_DATABASE=1): ${problem}`);
  }

  process.env.DATABASE_URL = database.url;
  const { db, disconnectDb } = await import("../lib/db/client");
  const { isSeeded, seedDemo, DEMO_USERS, DEMO_PASSWORD, COMPLETE_DEMO_TITLE } = await import("../lib/demo/seed");
  if (!(await isSeeded(db()))) {
    say("Empty database: adding the demo accounts and the demo suite.");
    await seedDemo(db(), dir);
    await queueDemoValidation(COMPLETE_DEMO_TITLE);
  }
  await disconnectDb();

  if (!dev) {
    try {
      buildIfNeeded(ROOT, say);
    } catch (error) {
      // A failed build must not leave the embedded PostgreSQL running: the next start would find its port taken.
      await database.embedded?.stop();
      throw error;
    }
  }

  // The public URL: fixed when configured; otherwise sign-in and sign-out redirect to
  // whatever address the browser used (next-auth derives it from the Host header).
  const publicUrl = process.env.STUDIO_PUBLIC_URL || process.env.NEXTAUTH_URL || "";
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    NEXTAUTH_SECRET: sessionSecret(dir),
    STUDIO_DATA_DIR: dir,
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
  };
  delete env.MIGRATION_DATABASE_URL; // the owner's credentials stay with this process
  if (publicUrl) env.NEXTAUTH_URL = publicUrl;
  else {
    delete env.NEXTAUTH_URL;
    env.AUTH_TRUST_HOST = "1";
  }
  if (database.embedded) env.STUDIO_PG_DIR = database.embedded.dataDir;

  const next = path.join(ROOT, "node_modules/next/dist/bin/next");
  const nextArgs = [next, dev ? "dev" : "start", "-p", String(port), ...(host ? ["-H", host] : [])];
  // The web server's preload records each request's TCP peer, so X-Forwarded-For is believed only
  // from STUDIO_TRUSTED_PROXIES (lib/http/peer-address.cjs, README "Sign-in"). In NODE_OPTIONS, not
  // argv, so the server process `next dev` forks loads it too.
  const webEnv = { ...env, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ""} --require ${JSON.stringify(path.join(ROOT, "lib/http/peer-address.cjs"))}`.trim() };

  // Not one of `children`: it exits on its own once the demo family is frozen (or it gives up).
  const demoFreeze = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", path.join(ROOT, "scripts/freeze-demo.ts")], { cwd: ROOT, env, stdio: "inherit" });

  let stopping = false;
  // Who is who, for operators and the supervision test/bench: $STUDIO_DATA_DIR/studio-pids.json.
  const pids: Record<string, number | undefined> = { studio: process.pid };
  const pidFile = path.join(dir, "studio-pids.json");
  const notePid = (name: string, pid: number | undefined) => {
    pids[name] = pid;
    fs.writeFileSync(pidFile, JSON.stringify(pids) + "\n");
  };
  notePid("postgres", database.embedded?.pid());
  const children = [
    supervise("web server", () => spawn(process.execPath, nextArgs, { cwd: ROOT, env: webEnv, stdio: "inherit" }), () => void stop(1), (pid) => notePid("web", pid)),
    supervise("worker", () => spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(ROOT, "workers/index.ts")], { cwd: ROOT, env, stdio: "inherit" }), () => void stop(1), (pid) => notePid("worker", pid)),
  ];
  if (database.embedded) supervisePostgres(database.embedded, () => stopping, () => void stop(1), (pid) => notePid("postgres", pid));

  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say("Stopping…");
    await Promise.all([...children.map((child) => child.stop()), terminate(demoFreeze)]);
    await database.embedded?.stop();
    fs.rmSync(pidFile, { force: true });
    say("Stopped.");
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));

  await waitForHttp(`http://127.0.0.1:${port}/api/health`);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  say(`SpecPath Studio is ready at ${publicUrl || `http://localhost:${port}`} (${seconds} s)`);
  say(`Demo accounts (password "${DEMO_PASSWORD}"):`);
  for (const user of DEMO_USERS) say(`  ${user.roles.join(", ").padEnd(9)} ${user.email}`);
}

/** Runs a child; when it exits on its own, says so and starts it again after a backoff. */
function supervise(name: string, launch: () => ChildProcess, giveUp: () => void, started: (pid: number | undefined) => void) {
  let child: ChildProcess | null = null;
  let stopping = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;
  const run = () => {
    const startedAt = Date.now();
    const current = launch();
    child = current;
    started(current.pid);
    current.once("exit", (code, signal) => {
      if (stopping || child !== current) return;
      attempt = nextAttempt(attempt, Date.now() - startedAt);
      if (attempt > MAX_FAST_RESTARTS) {
        say(`The ${name} keeps exiting right after it starts (${describeExit(code, signal)}); stopping the studio — see its messages above.`);
        return giveUp();
      }
      const delay = restartDelayMs(attempt);
      say(`The ${name} exited (${describeExit(code, signal)}); restarting it in ${(delay / 1000).toFixed(1)} s (restart ${attempt}).`);
      timer = setTimeout(run, delay);
    });
  };
  run();
  return {
    stop: async () => {
      stopping = true;
      if (timer) clearTimeout(timer);
      await terminate(child);
    },
  };
}

/** An embedded PostgreSQL that dies is started again; if it cannot be, the studio stops and says why. */
function supervisePostgres(embedded: EmbeddedDatabase, stopping: () => boolean, giveUp: () => void, started: (pid: number | undefined) => void) {
  embedded.onUnexpectedExit((code, signal) => {
    if (stopping()) return;
    say(`PostgreSQL exited (${describeExit(code, signal)}); restarting it. Until it is back the API answers 503.`);
    void (async () => {
      let lastError = "";
      for (let attempt = 1; attempt <= MAX_FAST_RESTARTS; attempt++) {
        await new Promise((r) => setTimeout(r, restartDelayMs(attempt)));
        if (stopping()) return;
        try {
          await embedded.restart();
          started(embedded.pid());
          say(`PostgreSQL is running again (attempt ${attempt}).`);
          return;
        } catch (error) {
          lastError = (error as Error).message;
        }
      }
      say(`PostgreSQL could not be restarted: ${lastError} Stopping the studio.`);
      giveUp();
    })();
  });
}

// The fully built demo family gets its checkout and calibration queued at once, so
// the workers turn its gates green while the newcomer signs in.
async function queueDemoValidation(title: string) {
  const { db } = await import("../lib/db/client");
  const { requestCalibration, requestSingleRun } = await import("../lib/runs/request-runs");
  const { stopBoss } = await import("../lib/jobs/boss");
  const family = await db().taskFamily.findFirst({ where: { title }, select: { id: true } });
  if (!family) return;
  await requestSingleRun(null, family.id, "checkout", "demo");
  const batch = await requestCalibration(null, family.id);
  await (await import("../lib/oracle-audit/request-oracle-audit")).requestOracleAudit(null, family.id);
  await stopBoss({ graceful: false, timeout: 1000 });
  say(`Queued the demo family's base checkout and ${batch.created} calibration and replay runs for the workers.`);
}

function terminate(child: ChildProcess | null): Promise<void> {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

async function waitForHttp(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The web server did not answer ${url} within ${timeoutMs / 1000} s.`);
}

main().catch((error: unknown) => {
  // Known start failures are one sentence with the fix; anything else, its message only.
  if (error instanceof DatabaseInUseError || error instanceof DatabaseStartError || error instanceof StartRefused) {
    console.error(`[studio] ${error.message}`);
  } else {
    console.error("[studio] failed to start:", error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
