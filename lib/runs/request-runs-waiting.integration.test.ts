// A request for runs waits its turn behind another request of the same family (the family's
// run lock, lib/runs/request-runs.ts) instead of failing: twenty parallel "grade" clicks
// once answered 500 to three of them, whose transactions expired while they queued.
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { useFreshDatabase, testDatabaseUrls } from "@/lib/testing/db";
import { makeFamily, makeUser } from "@/lib/testing/factories";
import { stopBoss } from "@/lib/jobs/boss";
import { db } from "@/lib/db";
import { requestSingleRun } from "./request-runs";

beforeAll(async () => {
  await useFreshDatabase();
}, 60_000);
afterAll(async () => {
  await stopBoss({ graceful: false, timeout: 1000 });
});

it("a request queued behind a long one on the family's lock still makes its run", async () => {
  const user = await makeUser(["curator"]);
  const family = await makeFamily({ curatorIds: [user.id] });
  // Someone else holds the family's run lock for longer than a transaction's default life (5 s).
  const holder = new pg.Client({ connectionString: testDatabaseUrls().owner });
  await holder.connect();
  await holder.query("BEGIN");
  await holder.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`runs:${family.id}`]);
  const release = setTimeout(() => void holder.query("COMMIT"), 7_000);
  try {
    const answer = await requestSingleRun(user.id, family.id, "collect", "waiting");
    expect(answer.created).toBe(1);
    expect(await db().run.count({ where: { familyId: family.id, kind: "collect" } })).toBe(1);
  } finally {
    clearTimeout(release);
    await holder.query("COMMIT").catch(() => undefined);
    await holder.end();
  }
}, 60_000);
