import "server-only";
// A fresh, migrated database per test file, copied from the run's template (fast).
// DATABASE_URL (what the code under test uses) is the application role's URL, as in
// production; testDatabaseUrls() gives the owner's and the superuser's for set-up.
import crypto from "node:crypto";
import pg from "pg";
import { disconnectDb } from "../db/client";
import { APP_ROLE, OWNER_ROLE, withUser } from "../db/roles";

let current: { admin: string; owner: string; app: string } | null = null;

export async function useFreshDatabase(): Promise<string> {
  const adminUrl = process.env.STUDIO_TEST_PG_URL;
  if (!adminUrl) throw new Error("STUDIO_TEST_PG_URL is not set: run integration tests with `npm test` or vitest --project integration.");
  const roles = process.env.STUDIO_TEST_PG_ROLES ? (JSON.parse(process.env.STUDIO_TEST_PG_ROLES) as { owner: string; app: string }) : null;
  const name = `studio_t_${crypto.randomBytes(5).toString("hex")}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}" TEMPLATE studio_template${roles ? ` OWNER ${OWNER_ROLE}` : ""}`);
    if (roles) await client.query(`REVOKE CREATE, TEMPORARY ON DATABASE "${name}" FROM PUBLIC`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = url.toString();
  current = roles
    ? { admin, owner: withUser(admin, OWNER_ROLE, roles.owner), app: withUser(admin, APP_ROLE, roles.app) }
    : { admin, owner: admin, app: admin };
  await disconnectDb();
  process.env.DATABASE_URL = current.app;
  return current.app;
}

/** The current test database's URLs for each role (after useFreshDatabase). */
export function testDatabaseUrls(): { admin: string; owner: string; app: string } {
  if (!current) throw new Error("call useFreshDatabase() first");
  return current;
}
