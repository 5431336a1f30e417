// Specs seed their own families through the same builder the demo seed and the
// integration tests use, straight into the studio's database, instead of sharing
// (and changing) the demo family other journeys also use.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PG_PORT } from "../playwright.config";
import { databaseUrl } from "../lib/db/embedded";
import { ACCOUNTS } from "./fixtures";

export type TSeededFamily = { id: string; title: string; suiteName: string };

/** A fresh demo-shaped family (its own git repository) in the demo suite, with the demo curator on it. */
export async function seedDemoFamily(title: string): Promise<TSeededFamily> {
  process.env.DATABASE_URL ??= databaseUrl(PG_PORT, "studio");
  const { db } = await import("../lib/db/client");
  const { buildDemoFamily } = await import("../lib/demo/build-demo-family");
  const { createDemoRepo } = await import("../lib/demo/demo-repo");
  const suite = await db().suite.findFirstOrThrow({ where: { name: "specpath-demo" } });
  const curator = await db().user.findUniqueOrThrow({ where: { email: ACCOUNTS.curator } });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-e2e-family-"));
  const { family } = await buildDemoFamily(db(), { suiteId: suite.id, repo: createDemoRepo(path.join(dir, "vault-lite")), curatorIds: [curator.id], title });
  return { id: family.id, title: family.title, suiteName: suite.name };
}
