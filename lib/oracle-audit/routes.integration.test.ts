// The findings API: a waiver is a lead's alone, with a rationale, audited and version-checked;
// the audit itself is requested by curators and leads and refused without gold.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { useFreshDatabase } from "@/lib/testing/db";
import { callRoute, makeFamily, makeUser } from "@/lib/testing/factories";
import * as auditRoute from "@/app/api/families/[familyId]/oracle-audit/route";
import * as waiver from "@/app/api/families/[familyId]/oracle-audit/findings/[findingId]/waiver/route";
import * as addendum from "@/app/api/families/[familyId]/oracle-audit/findings/[findingId]/addendum/route";

process.env.NEXTAUTH_SECRET ??= "test-secret";

let curator: { id: string };
let lead: { id: string };
let reviewer: { id: string };

beforeAll(async () => {
  await useFreshDatabase();
  [curator, lead, reviewer] = await Promise.all([makeUser(["curator"]), makeUser(["lead"]), makeUser(["reviewer"])]);
});

async function familyWithFinding() {
  const family = await makeFamily();
  const audit = await db().oracleAudit.create({ data: { familyId: family.id, runId: `run-${family.id}`, goldHash: "x", revisionKeys: [] } });
  const finding = await db().oracleFinding.create({
    data: {
      familyId: family.id, auditId: audit.id, category: "hidden", kind: "name", dependencyKey: "name:./h:valueSSE", name: "valueSSE", module: "./h",
      reason: "gold introduces valueSSE", buildUnit: "test/sse.test.js (test file)", probeTestIds: ["a", "b"], addendum: "The module `h` must export `valueSSE` (relied on by 2 probes).",
    },
  });
  return { family, finding };
}

describe("oracle-audit routes", () => {
  it("lets only a lead waive, with a rationale, once, and writes the audit event", async () => {
    const { family, finding } = await familyWithFinding();
    const params = { familyId: family.id, findingId: finding.id };
    const body = { rationale: "Every SSE library in this ecosystem names it valueSSE.", version: 1 };
    expect((await callRoute(waiver.POST, { userId: curator.id, params, body })).status).toBe(403);
    const short = await callRoute(waiver.POST, { userId: lead.id, params, body: { rationale: "ok", version: 1 } });
    expect(short.status).toBe(400);
    expect(short.json.fieldErrors?.rationale).toBeDefined();
    const ok = await callRoute(waiver.POST, { userId: lead.id, params, body });
    expect(ok.status).toBe(201);
    expect(ok.json).toMatchObject({ resolution: "waived", resolved: true, rationale: body.rationale, version: 2 });
    const stale = await callRoute(waiver.POST, { userId: lead.id, params, body });
    expect(stale.status).toBe(409);
    expect(stale.json.current).toMatchObject({ version: 2 });
    const events = await db().auditEvent.findMany({ where: { entityId: finding.id, action: "oracle_finding.waive" } });
    expect(events).toHaveLength(1);
    expect(events[0]!.actorId).toBe(lead.id);
  });

  it("waives once for the family by default, names a bad scope, and refuses a second waiver of the same dependency", async () => {
    const { family, finding } = await familyWithFinding();
    const params = { familyId: family.id, findingId: finding.id };
    const bad = await callRoute(waiver.POST, { userId: lead.id, params, body: { rationale: "Named in the issue every agent reads.", version: 1, scope: "everywhere" } });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors?.scope).toBeDefined();
    const nul = await callRoute(waiver.POST, { userId: lead.id, params, body: { rationale: "Named in the issue\u0000 every agent reads.", version: 1 } });
    expect(nul.status).toBe(400);
    expect(nul.json.fieldErrors?.rationale).toBeDefined();
    const ok = await callRoute(waiver.POST, { userId: lead.id, params, body: { rationale: "Named in the issue every agent reads.", version: 1 } });
    expect(ok.status).toBe(201);
    expect(ok.json).toMatchObject({ scope: "family", waived: 1 });
    expect(await db().oracleWaiver.count({ where: { familyId: family.id, dependencyKey: finding.dependencyKey, historyId: "" } })).toBe(1);
    // Another finding of the same dependency (say, from a later audit before it was saved) cannot be waived twice.
    const again = await db().oracleFinding.create({ data: { ...finding, id: undefined, version: 1, resolution: null, resolved: false, rationale: null, resolvedById: null, resolvedAt: null, evidence: {} } });
    const twice = await callRoute(waiver.POST, { userId: lead.id, params: { familyId: family.id, findingId: again.id }, body: { rationale: "Named in the issue every agent reads.", version: 1 } });
    expect(twice.status).toBe(409);
  });

  it("keeps addenda for curators and refuses an empty sentence, naming the field", async () => {
    const { family, finding } = await familyWithFinding();
    const params = { familyId: family.id, findingId: finding.id };
    expect((await callRoute(addendum.POST, { userId: lead.id, params, body: { sentence: "The module `h` must export `valueSSE`.", version: 1 } })).status).toBe(403);
    const empty = await callRoute(addendum.POST, { userId: curator.id, params, body: { sentence: " ", version: 1 } });
    expect(empty.status).toBe(400);
    expect(empty.json.fieldErrors?.sentence).toBeDefined();
    expect((await db().oracleFinding.findUniqueOrThrow({ where: { id: finding.id } })).resolution).toBeNull();
  });

  it("refuses an audit without gold, and shows no findings to a reviewer", async () => {
    const family = await makeFamily();
    const res = await callRoute(auditRoute.POST, { userId: curator.id, params: { familyId: family.id } });
    expect(res.status).toBe(422);
    expect(res.json.error).toMatch(/gold patch/);
    expect((await callRoute(auditRoute.GET, { userId: reviewer.id, params: { familyId: family.id } })).status).toBe(403);
    expect((await callRoute(auditRoute.GET, { userId: curator.id, params: { familyId: family.id } })).json).toMatchObject({ audit: null, running: false });
  });
});
