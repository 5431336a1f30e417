// Probes through their routes: picked from the collected tests only, the coverage matrix
// one cell at a time, the collect job enqueued on the worker queue, stale probes, audit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "@/lib/testing/db";
import { callRoute, makeAtom, makeFamily, makeUser } from "@/lib/testing/factories";
import { db } from "@/lib/db";
import { stopBoss } from "@/lib/jobs/boss";
import * as probes from "@/app/api/families/[familyId]/probes/route";
import * as probe from "@/app/api/families/[familyId]/probes/[probeId]/route";
import * as coverage from "@/app/api/families/[familyId]/probes/[probeId]/coverage/route";
import * as collect from "@/app/api/families/[familyId]/probes/collect/route";
import type { TProbesDto } from "@/lib/schemas/probes";

process.env.NEXTAUTH_SECRET ??= "test-secret";

let curator: { id: string };

beforeAll(async () => {
  await useFreshDatabase();
  curator = await makeUser(["curator"]);
});
afterAll(() => stopBoss({ graceful: false, timeout: 5_000 }));

const PARAMETERIZED = ["tests/test_week.py::test_day[mon-0]", "tests/test_week.py::test_day[sun-6]", "tests/test_week.py::test_hour"];

async function familyWithCollection(collected: string[] = PARAMETERIZED) {
  const family = await makeFamily();
  await db().verifier.create({ data: { familyId: family.id, testCommand: "pytest --junitxml=$SPECPATH_REPORT", collectedTests: collected } });
  return family;
}

describe("picking probes", () => {
  it("adds probes from the collected ids, parameterized tests by their expanded ids, and refuses ids that were not collected", async () => {
    const family = await familyWithCollection();
    const params = { familyId: family.id };
    const partial = await callRoute(probes.POST, { userId: curator.id, params, body: { testIds: ["tests/test_week.py::test_day"] } });
    expect(partial.status).toBe(422);
    expect(partial.json.error).toMatch(/Not a collected test: “tests\/test_week\.py::test_day”\. Pick probes from the collected test ids/);
    expect(partial.json.fieldErrors?.testIds).toEqual(["tests/test_week.py::test_day: not collected"]);
    expect(await db().probe.count({ where: { familyId: family.id } })).toBe(0);

    const added = await callRoute(probes.POST, { userId: curator.id, params, body: { testIds: PARAMETERIZED.slice(0, 2) } });
    expect(added.status).toBe(201);
    expect((added.json.created as { testId: string; position: number }[]).map((p) => [p.testId, p.position])).toEqual([[PARAMETERIZED[0], 0], [PARAMETERIZED[1], 1]]);
    const again = await callRoute(probes.POST, { userId: curator.id, params, body: { testIds: PARAMETERIZED } });
    expect(again.json).toMatchObject({ alreadyProbes: PARAMETERIZED.slice(0, 2) });
    const listed = (await callRoute(probes.GET, { userId: curator.id, params })).json as unknown as TProbesDto;
    expect(listed.probes.map((p) => p.testId)).toEqual(PARAMETERIZED);
    expect(listed.collectedTests).toEqual(PARAMETERIZED);
    expect(await db().auditEvent.count({ where: { familyId: family.id, action: "probe.create" } })).toBe(3);
  });

  it("explains that nothing was collected yet", async () => {
    const family = await familyWithCollection([]);
    const res = await callRoute(probes.POST, { userId: curator.id, params: { familyId: family.id }, body: { testIds: ["anything"] } });
    expect(res.status).toBe(422);
    expect(res.json.error).toMatch(/No tests have been collected yet: run “Collect tests”/);
  });
});

/** A passed collect run whose stored tests carry their outcome with gold and on the base, as the collect handler writes them. */
async function storeCollectRun(familyId: string, tests: { id: string; outcome: string; base: string }[]) {
  const run = await db().run.create({ data: { familyId, kind: "collect", status: "passed", requestKey: `${familyId}:collect:${Math.random()}` } });
  await db().runResult.create({ data: { runId: run.id, attempt: 1, workerId: "test", status: "passed", signature: [], probes: tests } });
}

describe("guards from execution", () => {
  it("proposes every test passing on base and gold as a guard, accepts 2,400 of them in one request, and refuses a guard that fails with gold", async () => {
    const passing = Array.from({ length: 2400 }, (_, i) => `test/file${i % 12}.test.js::keeps behaviour ${i}`);
    const tests = [
      ...passing.map((id) => ({ id, outcome: "pass", base: "pass" })),
      { id: "test/new.test.js::new behaviour", outcome: "pass", base: "fail" },
      { id: "test/broken.test.js::broken", outcome: "fail", base: "fail" },
    ];
    const family = await familyWithCollection(tests.map((t) => t.id));
    await storeCollectRun(family.id, tests);
    const params = { familyId: family.id };
    const listed = (await callRoute(probes.GET, { userId: curator.id, params })).json as unknown as TProbesDto;
    expect(listed.proposedGuards).toHaveLength(2400);
    expect(listed.outcomes["test/new.test.js::new behaviour"]).toEqual({ gold: "pass", base: "fail" });

    const broken = await callRoute(probes.POST, { userId: curator.id, params, body: { testIds: ["test/broken.test.js::broken"], kind: "guard" } });
    expect(broken.status).toBe(422);
    expect(broken.json.error).toMatch(/did not pass with gold when collected: a guard test must pass/);

    const accepted = await callRoute(probes.POST, { userId: curator.id, params, body: { testIds: listed.proposedGuards, kind: "guard" } });
    expect(accepted.status).toBe(201);
    expect(accepted.json.created as unknown[]).toHaveLength(2400);
    expect(await db().probe.count({ where: { familyId: family.id, kind: "guard" } })).toBe(2400);
    const event = await db().auditEvent.findFirstOrThrow({ where: { familyId: family.id, action: "probe.create_many" } });
    expect(event.after).toMatchObject({ kind: "guard", count: 2400 });
    const after = (await callRoute(probes.GET, { userId: curator.id, params })).json as unknown as TProbesDto;
    expect(after.proposedGuards).toEqual([]);
  });
});

describe("ambiguous ids (several executed tests share one id)", () => {
  it("refuses a shared id as a probe until the curator accepts it with a reason, and audits that decision", async () => {
    const family = await familyWithCollection(["outer", "clamp lower"]);
    await db().verifier.update({ where: { familyId: family.id }, data: { sharedTestIds: ["outer"] } });
    const params = { familyId: family.id };
    const refused = await callRoute(probes.POST, { userId: curator.id, params, body: { testIds: ["outer", "clamp lower"] } });
    expect(refused.status).toBe(422);
    expect(refused.json.error).toMatch(/“outer” is shared by several executed tests/);
    expect(refused.json.fieldErrors?.testIds).toEqual(["outer: several tests share this id"]);
    expect(await db().probe.count({ where: { familyId: family.id } })).toBe(0);

    const noReason = await callRoute(probes.POST, { userId: curator.id, params, body: { testIds: ["outer"], acceptShared: { testIds: ["outer"], reason: " " } } });
    expect(noReason.status).toBe(400);

    const accepted = await callRoute(probes.POST, {
      userId: curator.id, params,
      body: { testIds: ["outer", "clamp lower"], acceptShared: { testIds: ["outer"], reason: "both tests named outer must pass; they check one requirement" } },
    });
    expect(accepted.status).toBe(201);
    const event = await db().auditEvent.findFirstOrThrow({ where: { familyId: family.id, action: "probe.create", after: { path: ["testId"], equals: "outer" } } });
    expect(event.after).toMatchObject({ testId: "outer", sharedAccepted: "both tests named outer must pass; they check one requirement" });
    const listed = (await callRoute(probes.GET, { userId: curator.id, params })).json as unknown as TProbesDto;
    expect(listed.sharedTestIds).toEqual(["outer"]);
  });
});

describe("coverage matrix", () => {
  it("sets cells for accepted final and fixed atoms, refuses temporary or rejected ones, and audits each change", async () => {
    const family = await familyWithCollection();
    const a1 = await makeAtom(family.id, "A1");
    const a2 = await makeAtom(family.id, "A2", { role: "temporary" });
    const added = await callRoute(probes.POST, { userId: curator.id, params: { familyId: family.id }, body: { testIds: [PARAMETERIZED[2]] } });
    const probeId = (added.json.created as { id: string }[])[0]!.id;
    const params = { familyId: family.id, probeId };
    const on = await callRoute(coverage.PUT, { method: "PUT", userId: curator.id, params, body: { atomId: a1.id, covered: true } });
    expect(on.status).toBe(200);
    expect(on.json).toMatchObject({ atomIds: [a1.id], version: 2 });
    const twice = await callRoute(coverage.PUT, { method: "PUT", userId: curator.id, params, body: { atomId: a1.id, covered: true } });
    expect(twice.json).toMatchObject({ atomIds: [a1.id], version: 2 });
    const temporary = await callRoute(coverage.PUT, { method: "PUT", userId: curator.id, params, body: { atomId: a2.id, covered: true } });
    expect(temporary.status).toBe(422);
    expect(temporary.json.error).toMatch(/A2 is temporary/);
    const off = await callRoute(coverage.PUT, { method: "PUT", userId: curator.id, params, body: { atomId: a1.id, covered: false } });
    expect(off.json).toMatchObject({ atomIds: [] });
    const actions = (await db().auditEvent.findMany({ where: { entityId: probeId }, orderBy: { id: "asc" } })).map((e) => e.action);
    expect(actions).toEqual(["probe.create", "probe.cover", "probe.uncover"]);
  });

  it("removes a stale probe, keeping what it covered in the audit event", async () => {
    const family = await familyWithCollection();
    const a1 = await makeAtom(family.id, "A1");
    const stale = await db().probe.create({ data: { familyId: family.id, testId: "tests/test_gone.py::test_x", stale: true, atoms: { create: [{ atomId: a1.id }] } } });
    const listed = (await callRoute(probes.GET, { userId: curator.id, params: { familyId: family.id } })).json as unknown as TProbesDto;
    expect(listed.probes[0]).toMatchObject({ stale: true, atomIds: [a1.id] });
    const res = await callRoute(probe.DELETE, { method: "DELETE", userId: curator.id, params: { familyId: family.id, probeId: stale.id } });
    expect(res.status).toBe(200);
    const [event] = await db().auditEvent.findMany({ where: { entityId: stale.id, action: "probe.delete" } });
    expect(event!.before).toEqual({ testId: "tests/test_gone.py::test_x", stale: true, atoms: ["A1"] });
  });
});

describe("collecting tests", () => {
  it("needs a test command, then writes a queued collect run once and reports it while it runs", async () => {
    const bare = await makeFamily();
    const refused = await callRoute(collect.POST, { method: "POST", userId: curator.id, params: { familyId: bare.id } });
    expect(refused.status).toBe(422);
    expect(refused.json.error).toMatch(/Save the verifier's test command/);

    const family = await familyWithCollection();
    const params = { familyId: family.id };
    const first = await callRoute(collect.POST, { method: "POST", userId: curator.id, params });
    expect(first.status).toBe(201);
    expect(first.json.run).toMatchObject({ status: "queued" });
    const second = await callRoute(collect.POST, { method: "POST", userId: curator.id, params });
    expect((second.json.run as { id: string }).id).toBe((first.json.run as { id: string }).id);
    expect(await db().run.count({ where: { familyId: family.id, kind: "collect" } })).toBe(1);
    const polled = await callRoute(collect.GET, { userId: curator.id, params });
    expect(polled.json.run).toMatchObject({ id: (first.json.run as { id: string }).id, status: "queued" });
    expect(await db().auditEvent.count({ where: { familyId: family.id, action: "runs.request" } })).toBe(1);
  });
});
