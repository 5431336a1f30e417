// The SSE fixture family (a hidden `valueSSE`, a hidden exact message) seeded straight
// into the studio's database, like e2e/seed.ts seeds demo-shaped families.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { e2eDatabaseUrl } from "./database-url";
import { ACCOUNTS } from "./fixtures";

export async function seedSseFamily(title: string): Promise<{ id: string; title: string }> {
  process.env.DATABASE_URL ??= e2eDatabaseUrl();
  const { db } = await import("../lib/db/client");
  const { createSseFamily } = await import("../lib/oracle-findings/testing/sse-family");
  const suite = await db().suite.findFirstOrThrow({ where: { name: "specpath-demo" } });
  const curator = await db().user.findUniqueOrThrow({ where: { email: ACCOUNTS.curator } });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-e2e-sse-"));
  const { family } = await createSseFamily(suite.id, path.join(dir, "sse-lite"), { title, curatorIds: [curator.id] });
  return { id: family.id, title: family.title };
}
