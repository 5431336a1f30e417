// Where the studio keeps its local state, and the database it talks to.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../lib/db/embedded";

export const ROOT = path.resolve(import.meta.dirname, "..");

export function dataDir(): string {
  return path.resolve(ROOT, process.env.STUDIO_DATA_DIR ?? ".studio-data");
}

/** DATABASE_URL when set; otherwise an embedded PostgreSQL under the data folder. */
export async function openDatabase(dir: string): Promise<{ url: string; embedded: EmbeddedDatabase | null }> {
  if (process.env.DATABASE_URL) {
    await assertReachable(process.env.DATABASE_URL);
    return { url: process.env.DATABASE_URL, embedded: null };
  }
  const port = process.env.STUDIO_PG_PORT ? Number(process.env.STUDIO_PG_PORT) : undefined;
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, "pg"), port });
  return { url: embedded.url, embedded };
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

async function assertReachable(url: string): Promise<void> {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    let where = "the server in DATABASE_URL";
    try {
      const parsed = new URL(url);
      where = `${parsed.hostname}:${parsed.port || 5432}/${parsed.pathname.slice(1)}`;
    } catch {
      throw new Error("DATABASE_URL is not a valid postgresql:// URL; unset it to use the embedded database.");
    }
    throw new Error(`Cannot reach the database in DATABASE_URL (${where}): ${(error as Error).message}. Unset DATABASE_URL to use the embedded database.`);
  } finally {
    await client.end().catch(() => undefined);
  }
}
