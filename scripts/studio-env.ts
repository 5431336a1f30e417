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
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, embedded: null };
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
