import "server-only";
// vitest globalSetup for integration tests: one embedded PostgreSQL per run, a
// migrated template database, and a fresh copy of it per test file (lib/testing/db.ts).
// As in production, migrations and the queue schema are installed by the owner role
// and the code under test connects as the application role, so privilege gaps show.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres, createDatabase, type EmbeddedDatabase } from "../db/embedded";
import { migrate } from "../db/migrate";
import { grantRuntimePrivileges, provisionRoles } from "../db/roles";
import { installQueue } from "../jobs/install-queue";

let server: EmbeddedDatabase | null = null;
let tempDir: string | null = null;

export async function setup() {
  // Tests import fixture repositories they make under the temp dir (an allowed import root for them).
  process.env.STUDIO_IMPORT_ROOTS ??= os.tmpdir();
  if (process.env.STUDIO_TEST_PG_URL) return; // provided by the caller (scripts/test.ts)
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-test-pg-"));
  fs.chmodSync(tempDir, 0o755); // the postgres user must reach its data folder
  server = await startEmbeddedPostgres({ dataDir: path.join(tempDir, "pg"), database: "postgres", throwaway: true });
  const template = await createDatabase(server.url, "studio_template");
  const passwords = { owner: crypto.randomBytes(12).toString("hex"), app: crypto.randomBytes(12).toString("hex") };
  const { ownerUrl } = await provisionRoles(template, passwords);
  await migrate(ownerUrl);
  await installQueue(ownerUrl);
  await grantRuntimePrivileges(ownerUrl);
  process.env.STUDIO_TEST_PG_URL = server.url;
  process.env.STUDIO_TEST_PG_ROLES = JSON.stringify(passwords);
}

export async function teardown() {
  await server?.stop();
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
}
