// `npm start`: database (embedded unless DATABASE_URL), migrations, demo data,
// build if needed, then the web server and a worker pool together. Ctrl-C stops all.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { migrate } from "../lib/db/migrate";
import { DatabaseInUseError } from "../lib/db/embedded";
import { buildIfNeeded } from "./build-if-needed";
import { dataDir, openDatabase, ROOT, sessionSecret } from "./studio-env";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const say = (line: string) => console.log(`[studio] ${line}`);

async function main() {
  const started = Date.now();
  const dir = dataDir();
  const database = await openDatabase(dir).catch((error: unknown) => {
    if (error instanceof DatabaseInUseError) {
      console.error(`[studio] ${error.message}`);
      process.exit(1);
    }
    throw error;
  });
  say(database.embedded ? `Embedded PostgreSQL running (data in ${path.relative(ROOT, dir) || dir}).` : "Using DATABASE_URL.");
  const applied = await migrate(database.url);
  if (applied.length) say(`Applied migrations: ${applied.join(", ")}`);

  process.env.DATABASE_URL = database.url;
  const { db, disconnectDb } = await import("../lib/db/client");
  const { isSeeded, seedDemo, DEMO_USERS, DEMO_PASSWORD, COMPLETE_DEMO_TITLE } = await import("../lib/db/seed");
  if (!(await isSeeded(db()))) {
    say("Empty database: adding the demo accounts and the demo suite.");
    await seedDemo(db(), dir);
    await queueDemoValidation(COMPLETE_DEMO_TITLE);
  }
  await disconnectDb();

  if (!dev) buildIfNeeded(ROOT, say);

  const env = {
    ...process.env,
    DATABASE_URL: database.url,
    NEXTAUTH_SECRET: sessionSecret(dir),
    NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? `http://localhost:${port}`,
    STUDIO_DATA_DIR: dir,
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
  };
  const next = path.join(ROOT, "node_modules/next/dist/bin/next");
  const children: ChildProcess[] = [
    spawn(process.execPath, [next, dev ? "dev" : "start", "-p", String(port)], { cwd: ROOT, env, stdio: "inherit" }),
    spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "workers/index.ts")], { cwd: ROOT, env, stdio: "inherit" }),
  ];

  // Not one of `children`: it exits on its own once the demo family is frozen (or it gives up).
  const demoFreeze = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", path.join(ROOT, "scripts/freeze-demo.ts")], { cwd: ROOT, env, stdio: "inherit" });

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say("Stopping…");
    await Promise.all([...children, demoFreeze].map((child) => terminate(child)));
    await database.embedded?.stop();
    say("Stopped.");
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));
  for (const child of children) child.on("exit", (code) => void stop(code ?? 1));

  await waitForHttp(`http://127.0.0.1:${port}/api/health`);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  say(`SpecPath Studio is ready at http://localhost:${port} (${seconds} s)`);
  say(`Demo accounts (password "${DEMO_PASSWORD}"):`);
  for (const user of DEMO_USERS) say(`  ${user.roles.join(", ").padEnd(9)} ${user.email}`);
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
  await stopBoss({ graceful: false, timeout: 1000 });
  say(`Queued the demo family's base checkout and ${batch.created} calibration and replay runs for the workers.`);
}

function terminate(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
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
  console.error("[studio] failed to start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
