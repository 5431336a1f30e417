// Issue #20 item 5: with the application role's own credentials an audit event cannot
// be forged. The database sets its time (now()), and a row is accepted only when its
// actor is the one recordEvent bound to the statement (studio_bind_audit_actor);
// a raw INSERT — any actor, any past time — is refused.
import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseUrls, useFreshDatabase } from "../testing/db";
import { makeUser } from "../testing/factories";
import { recordEvent } from "../audit-log/record-event";
import { db } from "./client";
import { withClient } from "./embedded";

let app: string;
beforeAll(async () => {
  app = await useFreshDatabase();
});

const asApp = (sql: string, values: unknown[] = []) => withClient(app, (c) => c.query(sql, values));
const count = async () => Number((await asApp(`SELECT count(*)::int AS n FROM "AuditEvent"`)).rows[0].n);

describe("audit events written with the application role", () => {
  it("a raw INSERT with any actor and a past time is refused", async () => {
    const victim = await makeUser(["lead"]);
    const before = await count();
    await expect(
      asApp(`INSERT INTO "AuditEvent" ("actorId", action, entity, "entityId", "createdAt") VALUES ($1, 'family.freeze', 'TaskFamily', 'x', '2020-01-01')`, [victim.id]),
    ).rejects.toThrow(/recordEvent|bound/);
    await expect(asApp(`INSERT INTO "AuditEvent" (action, entity, "entityId") VALUES ('user.sign_in', 'User', 'x')`)).rejects.toThrow(/recordEvent|bound/);
    expect(await count()).toBe(before);
  });

  it("binding one actor does not let the row name another, and a binding is used once", async () => {
    const [alice, mallory] = [await makeUser(["curator"]), await makeUser(["curator"])];
    const forged = withClient(app, async (c) => {
      await c.query("BEGIN");
      try {
        await c.query(`SELECT set_config('studio.audit_actor', $1, true)`, [`actor:${mallory.id}`]);
        await c.query(`INSERT INTO "AuditEvent" ("actorId", action, entity, "entityId") VALUES ($1, 'atom.update', 'Atom', 'a')`, [alice.id]);
      } finally {
        await c.query("ROLLBACK");
      }
    });
    await expect(forged).rejects.toThrow(/bound/);
    const reused = withClient(app, async (c) => {
      await c.query("BEGIN");
      try {
        await c.query(`SELECT set_config('studio.audit_actor', $1, true)`, [`actor:${alice.id}`]);
        await c.query(`INSERT INTO "AuditEvent" ("actorId", action, entity, "entityId") VALUES ($1, 'atom.update', 'Atom', 'a')`, [alice.id]);
        await c.query(`INSERT INTO "AuditEvent" ("actorId", action, entity, "entityId") VALUES ($1, 'atom.delete', 'Atom', 'a')`, [alice.id]);
      } finally {
        await c.query("ROLLBACK");
      }
    });
    await expect(reused).rejects.toThrow(/bound/);
  });

  it("the time is the database's, not the client's", async () => {
    const user = await makeUser(["curator"]);
    const row = await withClient(app, async (c) => {
      await c.query("BEGIN");
      await c.query(`SELECT set_config('studio.audit_actor', $1, true)`, [`actor:${user.id}`]);
      const inserted = await c.query(`INSERT INTO "AuditEvent" ("actorId", action, entity, "entityId", "createdAt") VALUES ($1, 'x.test', 'X', '1', '2020-01-01') RETURNING "createdAt", now() AS now`, [user.id]);
      await c.query("ROLLBACK");
      return inserted.rows[0] as { createdAt: Date; now: Date };
    });
    expect(Math.abs(row.createdAt.getTime() - row.now.getTime())).toBeLessThanOrEqual(1); // the column keeps milliseconds
  });

  it("recordEvent still writes events, with or without an actor, in a transaction or not", async () => {
    const user = await makeUser(["curator"]);
    await recordEvent(db(), { actorId: user.id, action: "x.alone", entity: "X", entityId: "1", after: { n: 1n } });
    await recordEvent(db(), { actorId: null, action: "x.system", entity: "X", entityId: "2" });
    await db().$transaction(async (tx) => {
      await recordEvent(tx, { actorId: user.id, action: "x.first", entity: "X", entityId: "3", familyId: null, before: { a: 1 } });
      await recordEvent(tx, { actorId: null, action: "x.second", entity: "X", entityId: "3" });
    });
    const events = await db().auditEvent.findMany({ where: { entity: "X" }, orderBy: { id: "asc" } });
    expect(events.map((e) => [e.action, e.actorId])).toEqual([
      ["x.alone", user.id],
      ["x.system", null],
      ["x.first", user.id],
      ["x.second", null],
    ]);
    expect(events[0]!.after).toEqual({ n: "1" });
    expect(events[2]!.before).toEqual({ a: 1 });
    expect(Math.abs(events[0]!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("the owner cannot forge one either (the trigger holds for every role)", async () => {
    await expect(withClient(testDatabaseUrls().owner, (c) => c.query(`INSERT INTO "AuditEvent" (action, entity, "entityId") VALUES ('x', 'X', '1')`))).rejects.toThrow(/bound/);
  });
});
