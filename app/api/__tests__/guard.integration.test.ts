// The API contract every route shares: 401 / 403 / 400 naming the field / 413 / 404 / 409,
// nothing changed on bad input, and the audit event written with the change.
import { beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "@/lib/testing/db";
import { NextRequest } from "next/server";
import { callRoute, makeAtom, makeFamily, makeUser, sessionCookie } from "@/lib/testing/factories";
import { db } from "@/lib/db";
import * as suites from "@/app/api/suites/route";
import * as atom from "@/app/api/families/[familyId]/atoms/[atomId]/route";
import * as atoms from "@/app/api/families/[familyId]/atoms/route";
import * as users from "@/app/api/admin/users/[userId]/route";
import * as audit from "@/app/api/audit-log/route";
import * as family from "@/app/api/families/[familyId]/route";
import * as familyRuns from "@/app/api/families/[familyId]/runs/route";
import { proxy } from "@/proxy";

process.env.NEXTAUTH_SECRET ??= "test-secret";

let curator: { id: string };
let curator2: { id: string };
let reviewer: { id: string };
let admin: { id: string };
let lead: { id: string };

beforeAll(async () => {
  await useFreshDatabase();
  [curator, curator2, reviewer, admin, lead] = await Promise.all([
    makeUser(["curator"]), makeUser(["curator"]), makeUser(["reviewer"]), makeUser(["admin"]), makeUser(["lead"]),
  ]);
});

describe("access", () => {
  it("answers 401 without a session and 403 for a reviewer on a curator API", async () => {
    expect((await callRoute(suites.GET)).status).toBe(401);
    const res = await callRoute(suites.GET, { userId: reviewer.id });
    expect(res.status).toBe(403);
    expect(res.json.error).toMatch(/curator/);
    expect((await callRoute(suites.GET, { userId: curator.id })).status).toBe(200);
  });

  it("applies a role change at once, without signing in again", async () => {
    const person = await makeUser(["reviewer"]);
    expect((await callRoute(suites.GET, { userId: person.id })).status).toBe(403);
    // Through the admin's route, as a role change happens: the session cache (2 s) forgets the user at once.
    const admin = await makeUser(["admin"]);
    const changed = await callRoute(users.PATCH, { method: "PATCH", userId: admin.id, params: { userId: person.id }, body: { roles: ["reviewer", "curator"], version: 1 } });
    expect(changed.status).toBe(200);
    expect((await callRoute(suites.GET, { userId: person.id })).status).toBe(200);
  });

  it("refuses a demoted curator at once, on the same cookie, though every cache just answered them", async () => {
    const person = await makeUser(["curator"]);
    const { id: familyId } = await makeFamily({ curatorIds: [person.id] });
    const cookie = await sessionCookie(person.id); // one cookie throughout: its decoded token stays cached
    const get = (handler: typeof family.GET, path: string) =>
      handler(new NextRequest(new URL(path, "http://localhost:3000"), { headers: { cookie } }), { params: Promise.resolve({ familyId }) });
    const page = () => proxy(new NextRequest(new URL(`/families/${familyId}`, "http://localhost:3000"), { headers: { cookie } }));
    // Answered from the caches: the token, the user and roles (2 s), the family's JSON text behind its fingerprint.
    for (let i = 0; i < 2; i++) {
      expect((await get(family.GET, `/api/families/${familyId}`)).status).toBe(200);
      expect((await get(familyRuns.GET, `/api/families/${familyId}/runs`)).status).toBe(200);
      expect((await page()).headers.get("x-middleware-next")).toBe("1");
    }
    const admin = await makeUser(["admin"]);
    const changed = await callRoute(users.PATCH, { method: "PATCH", userId: admin.id, params: { userId: person.id }, body: { roles: ["reviewer"], version: 1 } });
    expect(changed.status).toBe(200);
    expect((await get(family.GET, `/api/families/${familyId}`)).status).toBe(403);
    expect((await get(familyRuns.GET, `/api/families/${familyId}/runs`)).status).toBe(403);
    const refused = await page();
    expect(new URL(refused.headers.get("location")!).pathname).toBe("/forbidden");
  });
});

describe("bad input", () => {
  it("names the field, answers 4xx and stores nothing", async () => {
    const before = await db().suite.count();
    const wrongType = await callRoute(suites.POST, { userId: curator.id, body: { name: 42 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.fieldErrors).toHaveProperty("name");
    const missing = await callRoute(suites.POST, { userId: curator.id, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toMatch(/name/);
    const notJson = await callRoute(suites.POST, { userId: curator.id, rawBody: "{oops" });
    expect(notJson.status).toBe(400);
    expect(notJson.json.error).toMatch(/not valid JSON/);
    const huge = await callRoute(suites.POST, { userId: curator.id, body: { name: "big", description: "x".repeat(1_100_000) } });
    expect(huge.status).toBe(413);
    expect(await db().suite.count()).toBe(before);
  });

  it("answers 404 for an unknown id and 409 for a duplicate name", async () => {
    const unknown = await callRoute(atom.PATCH, {
      method: "PATCH", userId: curator.id, params: { familyId: "nope", atomId: "nope" }, body: { statement: "x", version: 1 },
    });
    expect(unknown.status).toBe(404);
    expect((await callRoute(suites.POST, { userId: curator.id, body: { name: "dup-suite" } })).status).toBe(201);
    const dup = await callRoute(suites.POST, { userId: curator.id, body: { name: "dup-suite" } });
    expect(dup.status).toBe(409);
    expect(dup.json.error).toMatch(/already exists/);
  });
});

describe("concurrent edits", () => {
  it("gives the second of two stale saves 409 with the current atom and overwrites nothing", async () => {
    const family = await makeFamily({ curatorIds: [curator.id, curator2.id] });
    const a1 = await makeAtom(family.id, "A1");
    const params = { familyId: family.id, atomId: a1.id };
    const first = await callRoute(atom.PATCH, { method: "PATCH", userId: curator.id, params, body: { statement: "First edit", version: 1 } });
    expect(first.status).toBe(200);
    expect(first.json.version).toBe(2);
    const second = await callRoute(atom.PATCH, { method: "PATCH", userId: curator2.id, params, body: { statement: "Second edit", version: 1 } });
    expect(second.status).toBe(409);
    expect((second.json.current as { statement: string; version: number }).statement).toBe("First edit");
    const stored = await db().atom.findUniqueOrThrow({ where: { id: a1.id } });
    expect(stored.statement).toBe("First edit");
    const events = await db().auditEvent.findMany({ where: { entityId: a1.id, action: "atom.update" } });
    expect(events).toHaveLength(1);
    expect(events[0]!.actorId).toBe(curator.id);
    expect((events[0]!.before as { statement: string }).statement).toBe("Behaviour A1");
  });

  it("allocates atom keys that are never reused", async () => {
    const family = await makeFamily();
    await makeAtom(family.id, "A1");
    await makeAtom(family.id, "A7");
    const created = await callRoute(atoms.POST, { userId: curator.id, params: { familyId: family.id }, body: { statement: "New behaviour" } });
    expect(created.status).toBe(201);
    expect(created.json.key).toBe("A8");
  });
});

describe("admin and audit", () => {
  it("lets an admin change roles, refuses a lead, and records the change", async () => {
    const person = await makeUser(["reviewer"]);
    const denied = await callRoute(users.PATCH, { method: "PATCH", userId: lead.id, params: { userId: person.id }, body: { roles: ["curator"], version: 1 } });
    expect(denied.status).toBe(403);
    const ok = await callRoute(users.PATCH, { method: "PATCH", userId: admin.id, params: { userId: person.id }, body: { roles: ["curator"], version: 1 } });
    expect(ok.status).toBe(200);
    const log = await callRoute(audit.GET, { userId: lead.id, path: `/api/audit-log?action=user.update_roles&actorId=${admin.id}` });
    expect(log.status).toBe(200);
    const events = log.json.events as { entityId: string; after: { roles: string[] } }[];
    expect(events.map((e) => e.entityId)).toContain(person.id);
    expect(events[0]!.after.roles).toEqual(["curator"]);
    const bad = await callRoute(audit.GET, { userId: lead.id, path: `/api/audit-log?limit=9999` });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors).toHaveProperty("limit");
  });
});
