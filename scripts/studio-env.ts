// Where the studio keeps its local state, and the database it talks to.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../lib/db/embedded";
import { migrate } from "../lib/db/migrate";
import { APP_ROLE, OWNER_ROLE, grantRuntimePrivileges, provisionRoles, storedSecret, withUser } from "../lib/db/roles";
import { installQueue } from "../lib/jobs/install-queue";

export const ROOT = path.resolve(import.meta.dirname, "..");

export function dataDir(): string {
  return path.resolve(ROOT, process.env.STUDIO_DATA_DIR ?? ".studio-data");
}

export type TStudioDatabase = {
  /** The application role: what the web server and the workers connect with. */
  url: string;
  /** The owner role: migrations, the queue schema, grants. */
  migrationUrl: string;
  embedded: EmbeddedDatabase | null;
};

/**
 * DATABASE_URL (+ MIGRATION_DATABASE_URL for the owner) when set; otherwise an
 * embedded PostgreSQL under the data folder with a random superuser password and the
 * two roles, their passwords kept in secrets/ (mode 0600).
 */
export async function openDatabase(dir: string, options: { onLog?: (line: string) => void } = {}): Promise<TStudioDatabase> {
  if (process.env.DATABASE_URL) {
    const url = process.env.DATABASE_URL;
    const migrationUrl = process.env.MIGRATION_DATABASE_URL || url;
    await assertReachable(url, "DATABASE_URL");
    if (migrationUrl !== url) await assertReachable(migrationUrl, "MIGRATION_DATABASE_URL");
    return { url, migrationUrl, embedded: null };
  }
  const port = process.env.STUDIO_PG_PORT ? Number(process.env.STUDIO_PG_PORT) : undefined;
  const secrets = path.join(dir, "secrets");
  const embedded = await startEmbeddedPostgres({
    dataDir: path.join(dir, "pg"),
    port,
    passwordFile: path.join(secrets, "pg-superuser-password"),
    onLog: options.onLog,
  });
  try {
    const roles = await provisionRoles(embedded.url, {
      owner: storedSecret(path.join(secrets, "pg-owner-password")),
      app: storedSecret(path.join(secrets, "pg-app-password")),
    });
    return { url: roles.appUrl, migrationUrl: roles.ownerUrl, embedded };
  } catch (error) {
    await embedded.stop();
    throw error;
  }
}

/**
 * What `npm start` does to a database before anything uses it, as the owner role: the migrations,
 * the queue schema, and the application role's privileges on what they created. Idempotent; the
 * CLI runs it too, so a command on a fresh data folder finds its tables readable.
 */
export async function prepareDatabase(database: { url: string; migrationUrl: string }): Promise<string[]> {
  const applied = await migrate(database.migrationUrl);
  await installQueue(database.migrationUrl);
  const runtimeRole = decodeURIComponent(new URL(database.url).username);
  if (runtimeRole !== decodeURIComponent(new URL(database.migrationUrl).username)) {
    await grantRuntimePrivileges(database.migrationUrl, runtimeRole);
  }
  return applied;
}

/**
 * The database of a studio already running on this data folder (the CLI beside `npm start`):
 * its port from postmaster.pid (in the folder pg-location.txt names when the cluster was
 * relocated), the two roles' passwords from secrets/. Null when none is running.
 */
export function runningStudioDatabase(dir: string): { url: string; migrationUrl: string } | null {
  const location = path.join(dir, "pg-location.txt");
  const pgDir = fs.existsSync(location) ? fs.readFileSync(location, "utf8").trim().split("\n").at(-1)!.trim() : path.join(dir, "pg");
  const pidFile = path.join(pgDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return null;
  const port = Number(fs.readFileSync(pidFile, "utf8").split("\n")[3]);
  const secrets = path.join(dir, "secrets");
  if (!Number.isInteger(port) || !fs.existsSync(path.join(secrets, "pg-app-password"))) return null;
  const base = `postgresql://127.0.0.1:${port}/studio`;
  return {
    url: withUser(base, APP_ROLE, storedSecret(path.join(secrets, "pg-app-password"))),
    migrationUrl: withUser(base, OWNER_ROLE, storedSecret(path.join(secrets, "pg-owner-password"))),
  };
}

/** A per-installation session secret, made once and kept in the data folder. */
export function sessionSecret(dir: string): string {
  if (process.env.NEXTAUTH_SECRET) return process.env.NEXTAUTH_SECRET;
  // Kept under secrets/, which the workers hide from sandboxed test runs.
  const file = path.join(dir, "secrets", "session-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  return fs.readFileSync(file, "utf8").trim();
}

async function assertReachable(url: string, name: string): Promise<void> {
  const pg = (await import("pg")).default;
  let where: string;
  try {
    const parsed = new URL(url);
    where = `${parsed.hostname}:${parsed.port || 5432}/${parsed.pathname.slice(1)}`;
  } catch {
    throw new Error(`${name} is not a valid postgresql:// URL; unset DATABASE_URL to use the embedded database.`);
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`Cannot reach the database in ${name} (${where}): ${(error as Error).message}. Unset DATABASE_URL to use the embedded database.`);
  } finally {
    await client.end().catch(() => undefined);
  }
}
