// `npm start`'s demo freezer waits for the demo family's gates; PostgreSQL restarting under it
// (npm start's supervision) must not end it, or the demo family is never frozen that session.
import { afterAll, describe, expect, it } from "vitest";
import { disconnectDb } from "@/lib/db";
import { freePort } from "@/lib/db/embedded";
import { freezeDemoWhenGreen } from "./freeze-demo-when-green";

const original = process.env.DATABASE_URL;
afterAll(async () => {
  await disconnectDb();
  process.env.DATABASE_URL = original;
});

describe("the demo freezer", () => {
  it("waits through a database that is away, and says so when it gives up", async () => {
    await disconnectDb();
    process.env.DATABASE_URL = `postgresql://studio_app:x@127.0.0.1:${await freePort()}/studio`; // nothing listens there
    const lines: string[] = [];
    const hash = await freezeDemoWhenGreen("Demo", { timeoutMs: 1500, intervalMs: 100, log: (line) => lines.push(line) });
    expect(hash).toBeNull();
    expect(lines).toEqual(['The demo family "Demo" was not frozen: the database is unavailable (gave up waiting).']);
  });
});
