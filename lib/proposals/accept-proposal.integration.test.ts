// What accepting the studio's proposals does besides changing a status (issue 23's curator
// session): an execution proposal's collected test becomes the accepted atom's probe and covers
// it; an accepted mined negative becomes, in one decision, the temporary atom its target replaces.
import { beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "@/lib/testing/db";
import { callRoute, makeFamily, makeUser } from "@/lib/testing/factories";
import { db } from "@/lib/db";
import * as accept from "@/app/api/families/[familyId]/atoms/[atomId]/accept/route";
import * as temporary from "@/app/api/families/[familyId]/negatives/candidates/[candidateId]/temporary-atom/route";

process.env.NEXTAUTH_SECRET ??= "test-secret";

let curator: { id: string };
beforeAll(async () => {
  await useFreshDatabase();
  curator = await makeUser(["curator"]);
});

const LOW = "test/clamp.test.js::clamp > returns low below the range";
const HIGH = "test/clamp.test.js::clamp > returns high above the range";
const GUARD = "test/in-range.test.js::inRange keeps case 1";

async function family() {
  const f = await makeFamily({ curatorIds: [curator.id] });
  await db().verifier.create({ data: { familyId: f.id, testCommand: "node --test", collectedTests: [LOW, HIGH, GUARD] } });
  await db().probe.create({ data: { familyId: f.id, testId: GUARD, kind: "guard", position: 0 } });
  return f.id;
}

const proposed = (familyId: string, key: string, proposedTestIds: string[], role: "final" | "temporary" = "final") =>
  db().atom.create({ data: { familyId, key, statement: `Statement of ${key}.`, scope: "clamp(value, low, high)", inputCondition: "a value", observation: "clamp returns it", role, origin: "heuristic", status: "proposed", proposedTestIds, position: Number(key.slice(1)) } });

describe("accepting an execution proposal", () => {
  it("makes its collected test the atom's probe, covering it, audited; a guard stays a guard and an id no longer collected is left alone", async () => {
    const familyId = await family();
    const a1 = await proposed(familyId, "A1", [LOW, "test/clamp.test.js::gone"]);
    const res = await callRoute(accept.POST, { userId: curator.id, params: { familyId, atomId: a1.id }, body: { version: a1.version } });
    expect(res.status).toBe(201);
    expect(res.json.probesAdded).toEqual([LOW]);
    const probes = await db().probe.findMany({ where: { familyId }, select: { testId: true, kind: true, atoms: { select: { atom: { select: { key: true } } } } }, orderBy: { position: "asc" } });
    expect(probes.map((p) => [p.testId, p.kind, p.atoms.map((a) => a.atom.key)])).toEqual([[GUARD, "guard", []], [LOW, "probe", ["A1"]]]);
    expect(await db().auditEvent.count({ where: { familyId, action: { in: ["probe.create", "probe.cover"] } } })).toBe(2);

    const a2 = await proposed(familyId, "A2", [GUARD]);
    const second = await callRoute(accept.POST, { userId: curator.id, params: { familyId, atomId: a2.id }, body: { version: a2.version } });
    expect(second.json.probesAdded).toEqual([]);
    expect(await db().probeAtom.count({ where: { atomId: a2.id } })).toBe(0);
  });

  it("gives a temporary proposal no probe", async () => {
    const familyId = await family();
    const a3 = await proposed(familyId, "A3", [HIGH], "temporary");
    const res = await callRoute(accept.POST, { userId: curator.id, params: { familyId, atomId: a3.id }, body: { version: a3.version } });
    expect(res.status).toBe(201);
    expect(await db().probe.count({ where: { familyId, testId: HIGH } })).toBe(0);
  });
});

describe("a mined negative as the earlier request", () => {
  it("becomes an accepted temporary atom its target replaces, once; a candidate not accepted as a negative is refused", async () => {
    const familyId = await family();
    const a2 = await db().atom.create({ data: { familyId, key: "A2", statement: "A value above the range gives the upper bound.", scope: "clamp(value, low, high)", inputCondition: "value > high", observation: "clamp returns high", status: "accepted", position: 2 } });
    const patch = await db().patch.create({ data: { familyId, kind: "negative", name: "mined A2", diff: "diff --git a/x b/x\n", targetAtomId: a2.id, mode: "remove" } });
    const candidate = await db().negativeCandidate.create({
      data: { familyId, batchId: "batch-1", operator: "unwrap_call", description: "replaces `Math.min(Math.max(value, low), high)` by its argument `Math.max(value, low)` at src/range.js:7", diff: "diff --git a/x b/x\n", size: 1, decision: "accepted", patchId: patch.id },
    });
    const open = await db().negativeCandidate.create({ data: { familyId, batchId: "batch-1", operator: "drop_line", description: "drops a line", diff: "diff --git a/y b/y\n", size: 1 } });

    const refused = await callRoute(temporary.POST, { method: "POST", userId: curator.id, params: { familyId, candidateId: open.id } });
    expect(refused.status).toBe(422);
    expect(refused.json.error).toMatch(/^Accept the candidate as a negative first/);

    const res = await callRoute(temporary.POST, { method: "POST", userId: curator.id, params: { familyId, candidateId: candidate.id } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      key: "A3", role: "temporary", status: "accepted", origin: "heuristic", replacedBy: ["A2"], scope: "clamp(value, low, high)", inputCondition: "value > high",
      statement: "An earlier version of the request, before “A value above the range gives the upper bound”: the same behaviour, except that the code replaces `Math.min(Math.max(value, low), high)` by its argument `Math.max(value, low)`.",
    });
    const again = await callRoute(temporary.POST, { method: "POST", userId: curator.id, params: { familyId, candidateId: candidate.id } });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe("A3 is already the temporary atom A2 replaces.");
    expect(await db().atom.count({ where: { familyId, role: "temporary" } })).toBe(1);
  });
});
