// With the runtime credentials (what the web server and the workers hold, and what a
// hostile setup step could steal) PostgreSQL itself refuses to disable the audit
// trigger, run a host command or rewrite the audit log.
import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseUrls, useFreshDatabase } from "../testing/db";
import { makeUser } from "../testing/factories";
import { db } from "./client";
import { recordEvent } from "../audit-log/record-event";
import { withClient } from "./embedded";
import { checkRuntimeRole, runtimeRoleProblem } from "./roles";

let app: string;
beforeAll(async () => {
  app = await useFreshDatabase();
});

const run = (url: string, sql: string) => withClient(url, (c) => c.query(sql));

describe("the application role", () => {
  it("is no superuser and owns no table", async () => {
    const check = await checkRuntimeRole(app);
    expect(check).toMatchObject({ role: "studio_app", superuser: false, ownedTables: 0 });
    expect(runtimeRoleProblem(check)).toBeNull();
  });

  it("cannot disable the audit trigger, alter a table, run a host command or rewrite the audit log", async () => {
    const user = await makeUser(["lead"]);
    await recordEvent(db(), { actorId: user.id, action: "x.test", entity: "X", entityId: "1" });
    const event = await db().auditEvent.findFirstOrThrow({ where: { action: "x.test" }, orderBy: { id: "desc" } });
    await expect(run(app, `ALTER TABLE "AuditEvent" DISABLE TRIGGER ALL`)).rejects.toThrow(/must be owner/);
    await expect(run(app, `ALTER TABLE "AuditEvent" DISABLE TRIGGER "AuditEvent_append_only"`)).rejects.toThrow(/must be owner/);
    await expect(run(app, `COPY (SELECT 1) TO PROGRAM 'touch /tmp/specpath-pwned'`)).rejects.toThrow(/permission denied|privileges of the "pg_execute_server_program" role/);
    await expect(run(app, `UPDATE "AuditEvent" SET action = 'forged' WHERE id = ${event.id}`)).rejects.toThrow(/permission denied/);
    await expect(run(app, `DELETE FROM "AuditEvent" WHERE id = ${event.id}`)).rejects.toThrow(/permission denied/);
    await expect(run(app, `TRUNCATE "AuditEvent"`)).rejects.toThrow(/permission denied/);
    await expect(run(app, `UPDATE "PackageAnnotation" SET body = body`)).rejects.toThrow(/permission denied/);
    await expect(run(app, `CREATE TABLE evil (x int)`)).rejects.toThrow(/permission denied/);
    await expect(run(app, `CREATE FUNCTION evil() RETURNS int LANGUAGE sql AS 'SELECT 1'`)).rejects.toThrow(/permission denied/);
    await expect(run(app, `ALTER ROLE studio_app SUPERUSER`)).rejects.toThrow(/permission denied/);
    expect((await db().auditEvent.findUniqueOrThrow({ where: { id: event.id } })).action).toBe("x.test");
  });

  it("can do everything the studio does: read, write, queue", async () => {
    await run(app, `INSERT INTO "Suite" (id, name, "updatedAt") VALUES ('s-priv', 'privileged?', now())`);
    await run(app, `UPDATE "Suite" SET name = 'renamed' WHERE id = 's-priv'`);
    await run(app, `DELETE FROM "Suite" WHERE id = 's-priv'`);
    const { boss, stopBoss } = await import("../jobs/boss");
    const { RUN_QUEUE } = await import("../jobs/definitions");
    const queue = await boss();
    expect(await queue.send(RUN_QUEUE, { v: 1, runId: "none" })).toBeTruthy();
    await stopBoss({ graceful: false, timeout: 1000 });
  });

  it("gets what a later migration creates through default privileges, without a new grant", async () => {
    const { owner } = testDatabaseUrls();
    await run(owner, `CREATE TABLE "LaterTable" (id serial PRIMARY KEY, note text)`);
    await run(app, `INSERT INTO "LaterTable" (note) VALUES ('x')`);
    expect((await run(app, `SELECT note FROM "LaterTable"`)).rows).toEqual([{ note: "x" }]);
    await expect(run(app, `ALTER TABLE "LaterTable" ADD COLUMN evil int`)).rejects.toThrow(/must be owner/);
  });

  it("a superuser or a table owner as the runtime role is named and refused", async () => {
    const { admin, owner } = testDatabaseUrls();
    expect(runtimeRoleProblem(await checkRuntimeRole(admin))).toMatch(/is a superuser.*STUDIO_ALLOW_PRIVILEGED_DATABASE/);
    expect(runtimeRoleProblem(await checkRuntimeRole(owner))).toMatch(/owns \d+ of the studio's tables.*MIGRATION_DATABASE_URL/);
  });
});
