import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseUrls, useFreshDatabase } from "../testing/db";
import { makeFamily, makeUser } from "../testing/factories";
import { db } from "./client";
import { recordEvent } from "../audit-log/record-event";
import { withClient } from "./embedded";

// The runtime role may not even try (lib/db/roles.integration.test.ts); the triggers
// hold against the tables' owner too.
const asOwner = (sql: string) => withClient(testDatabaseUrls().owner, (c) => c.query(sql));

beforeAll(async () => {
  await useFreshDatabase();
});

describe("append-only tables", () => {
  it("rejects UPDATE and DELETE on an audit row through raw SQL, even as the owner", async () => {
    const user = await makeUser(["lead"]);
    await recordEvent(db(), { actorId: user.id, action: "x.test", entity: "X", entityId: "1" });
    const event = await db().auditEvent.findFirstOrThrow({ where: { action: "x.test" }, orderBy: { id: "desc" } });
    await expect(asOwner(`UPDATE "AuditEvent" SET action = 'forged' WHERE id = ${event.id}`)).rejects.toThrow(/append-only/);
    await expect(asOwner(`DELETE FROM "AuditEvent" WHERE id = ${event.id}`)).rejects.toThrow(/append-only/);
    await expect(asOwner(`TRUNCATE "AuditEvent" CASCADE`)).rejects.toThrow(/append-only/);
    const still = await db().auditEvent.findUniqueOrThrow({ where: { id: event.id } });
    expect(still.action).toBe("x.test");
  });

  it("rejects changes to a frozen package but not to an unfrozen draft", async () => {
    const family = await makeFamily();
    const draft = await db().package.create({ data: { familyId: family.id, hash: "draft-hash", content: {} } });
    await db().$executeRawUnsafe(`UPDATE "Package" SET content = '{"a":1}' WHERE id = '${draft.id}'`);
    const frozen = await db().package.create({ data: { familyId: family.id, hash: "frozen-hash", content: { a: 1 }, frozenAt: new Date() } });
    await expect(db().$executeRawUnsafe(`UPDATE "Package" SET content = '{}' WHERE id = '${frozen.id}'`)).rejects.toThrow(/frozen/);
    await expect(db().$executeRawUnsafe(`DELETE FROM "Package" WHERE id = '${frozen.id}'`)).rejects.toThrow(/frozen/);
  });
});
