import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { DatabaseInUseError, startEmbeddedPostgres } from "./embedded";
import { migrate } from "./migrate";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-embedded-"));
fs.chmodSync(tmp, 0o755);
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe("embedded PostgreSQL", () => {
  it("keeps its data across a restart and refuses a second server on the same folder", async () => {
    const dataDir = path.join(tmp, "pg");
    const first = await startEmbeddedPostgres({ dataDir, throwaway: false });
    try {
      // What `npm start` runs is durable; only the tests' clusters trade fsync for speed.
      expect(await query(first.url, "SHOW fsync")).toEqual([{ fsync: "on" }]);
      expect(await migrate(first.url)).not.toHaveLength(0);
      expect(await migrate(first.url)).toHaveLength(0); // applied once only
      await query(first.url, `INSERT INTO "Suite" (id, name, "updatedAt") VALUES ('s1', 'kept-suite', now())`);
      await expect(startEmbeddedPostgres({ dataDir })).rejects.toThrow(DatabaseInUseError);
      await expect(startEmbeddedPostgres({ dataDir })).rejects.toThrow(/already in use by another process/);
    } finally {
      await first.stop();
    }
    const second = await startEmbeddedPostgres({ dataDir, throwaway: true });
    try {
      expect(await query(second.url, "SHOW fsync")).toEqual([{ fsync: "off" }]);
      expect(await query(second.url, `SELECT name FROM "Suite"`)).toEqual([{ name: "kept-suite" }]);
    } finally {
      await second.stop();
    }
  }, 60_000);
});
