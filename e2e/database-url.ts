// The e2e studio's database as its runtime (app) role sees it: the embedded PostgreSQL on the
// fixed e2e port, with the app role's password from the data folder's secrets.
import fs from "node:fs";
import path from "node:path";
import { PG_PORT } from "../playwright.config";
import { APP_ROLE, withUser } from "../lib/db/roles";

export function e2eDatabaseUrl(): string {
  const password = fs.readFileSync(path.resolve(".test-data/e2e/secrets/pg-app-password"), "utf8").trim();
  return withUser(`postgresql://127.0.0.1:${PG_PORT}/studio`, APP_ROLE, password);
}
