// A fresh, migrated database per test file, copied from the run's template (fast).
import crypto from "node:crypto";
import pg from "pg";
import { disconnectDb } from "../db/client";

export async function useFreshDatabase(): Promise<string> {
  const adminUrl = process.env.STUDIO_TEST_PG_URL;
  if (!adminUrl) throw new Error("STUDIO_TEST_PG_URL is not set: run integration tests with `npm test` or vitest --project integration.");
  const name = `studio_t_${crypto.randomBytes(5).toString("hex")}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}" TEMPLATE studio_template`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await disconnectDb();
  process.env.DATABASE_URL = url.toString();
  return url.toString();
}
