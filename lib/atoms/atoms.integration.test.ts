// The atom catalog through its routes: create, edit, accept, reject, merge, reorder, anchors,
// with 409s on stale copies, 400/422 on bad input, and an audit event per change.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "@/lib/testing/db";
import { callRoute, makeAtom, makeFamily, makeUser } from "@/lib/testing/factories";
import { db } from "@/lib/db";
import * as atoms from "@/app/api/families/[familyId]/atoms/route";
import * as atom from "@/app/api/families/[familyId]/atoms/[atomId]/route";
import * as accept from "@/app/api/families/[familyId]/atoms/[atomId]/accept/route";
import * as reject from "@/app/api/families/[familyId]/atoms/[atomId]/reject/route";
import * as merge from "@/app/api/families/[familyId]/atoms/[atomId]/merge/route";
import * as order from "@/app/api/families/[familyId]/atoms/order/route";
import * as anchors from "@/app/api/families/[familyId]/atoms/[atomId]/anchors/route";
import * as anchor from "@/app/api/families/[familyId]/atoms/[atomId]/anchors/[anchorId]/route";
import * as stageGates from "@/app/api/families/[familyId]/gates/[stage]/route";
import { makeDemoFamily } from "@/lib/testing/patches-demo-family";

process.env.NEXTAUTH_SECRET ??= "test-secret";

let curator: { id: string };
let curator2: { id: string };
let reviewer: { id: string };
let lead: { id: string };
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  await useFreshDatabase();
  [curator, curator2, reviewer, lead] = await Promise.all([makeUser(["curator"]), makeUser(["curator"]), makeUser(["reviewer"]), makeUser(["lead"])]);
});
afterAll(() => cleanups.forEach((c) => c()));

const events = (entityId: string, action: string) => db().auditEvent.findMany({ where: { entityId, action }, orderBy: { id: "asc" } });
const propose = (familyId: string, statement: string) =>
  db().atom.create({ data: { familyId, key: `A${Math.floor(Math.random() * 1e6) + 100}`, statement, status: "proposed", origin: "heuristic" } });

describe("creating and editing atoms", () => {
  it("records a proposal that a curator rewrites as “proposal (edited)”, and not when only its role changes", async () => {
    const family = await makeFamily();
    const proposal = await propose(family.id, "Returns low below the range.");
    const params = { familyId: family.id, atomId: proposal.id };
    const roleOnly = await callRoute(atom.PATCH, { method: "PATCH", userId: curator.id, params, body: { role: "fixed", version: 1 } });
    expect(roleOnly.json).toMatchObject({ origin: "heuristic", proposalEdited: false, version: 2 });
    const rewritten = await callRoute(atom.PATCH, { method: "PATCH", userId: curator.id, params, body: { statement: "A value below the range gives the lower bound.", version: 2 } });
    expect(rewritten.json).toMatchObject({ origin: "heuristic", proposalEdited: true, version: 3 });
    const again = await callRoute(atom.PATCH, { method: "PATCH", userId: curator.id, params, body: { role: "final", version: 3 } });
    expect(again.json).toMatchObject({ proposalEdited: true });
    const own = await makeAtom(family.id, "A7");
    const ownEdit = await callRoute(atom.PATCH, { method: "PATCH", userId: curator.id, params: { familyId: family.id, atomId: own.id }, body: { statement: "Changed.", version: own.version } });
    expect(ownEdit.json).toMatchObject({ origin: "curator", proposalEdited: false });
  });

  it("creates an accepted curator atom with every field, refuses a used key (never reused) and names bad fields", async () => {
    const family = await makeFamily();
    await makeAtom(family.id, "A1");
    const params = { familyId: family.id };
    const created = await callRoute(atoms.POST, {
      userId: curator.id, params,
      body: { statement: "Setting a secret twice keeps the last value.", scope: "setSecret", inputCondition: "the name is already set", polarity: "require", observation: "getSecret returns the second value", role: "fixed" },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ key: "A2", status: "accepted", origin: "curator", role: "fixed", version: 1 });
    const dup = await callRoute(atoms.POST, { userId: curator.id, params, body: { key: "A1", statement: "Again" } });
    expect(dup.status).toBe(409);
    expect(dup.json.error).toMatch(/A1 is already used.*never reused/);
    expect(dup.json.fieldErrors).toHaveProperty("key");
    const badPolarity = await callRoute(atoms.POST, { userId: curator.id, params, body: { statement: "x", polarity: "maybe" } });
    expect(badPolarity.status).toBe(400);
    expect(badPolarity.json.fieldErrors).toHaveProperty("polarity");
    const noStatement = await callRoute(atoms.POST, { userId: curator.id, params, body: { statement: "   " } });
    expect(noStatement.status).toBe(400);
    expect(noStatement.json.error).toMatch(/statement/);
    expect(await db().atom.count({ where: { familyId: family.id } })).toBe(2);
    expect(await events(created.json.id as string, "atom.create")).toHaveLength(1);
  });

  it("lets a lead read the catalog but not change it, and keeps reviewers out", async () => {
    const family = await makeFamily();
    await makeAtom(family.id, "A1");
    expect((await callRoute(atoms.GET, { userId: lead.id, params: { familyId: family.id } })).status).toBe(200);
    expect((await callRoute(atoms.POST, { userId: lead.id, params: { familyId: family.id }, body: { statement: "x" } })).status).toBe(403);
    expect((await callRoute(atoms.GET, { userId: reviewer.id, params: { familyId: family.id } })).status).toBe(403);
  });

  it("accepts replacedBy only on temporary atoms and only naming final or fixed atoms of the family", async () => {
    const family = await makeFamily();
    const a1 = await makeAtom(family.id, "A1");
    const a2 = await makeAtom(family.id, "A2", { role: "temporary" });
    const params = { familyId: family.id, atomId: a2.id };
    const unknown = await callRoute(atom.PATCH, { method: "PATCH", userId: curator.id, params, body: { replacedBy: ["A9"], version: 1 } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.fieldErrors?.replacedBy?.[0]).toMatch(/No atom A9/);
    const ok = await callRoute(atom.PATCH, { method: "PATCH", userId: curator.id, params, body: { replacedBy: ["A1"], version: 1 } });
    expect(ok.status).toBe(200);
    expect(ok.json.replacedBy).toEqual(["A1"]);
    const onFinal = await callRoute(atom.PATCH, { method: "PATCH", userId: curator.id, params: { familyId: family.id, atomId: a1.id }, body: { replacedBy: ["A2"], version: 1 } });
    expect(onFinal.status).toBe(400);
    expect(onFinal.json.error).toMatch(/Only a temporary atom/);
    // Making the temporary atom final drops its replacements.
    const promoted = await callRoute(atom.PATCH, { method: "PATCH", userId: curator.id, params, body: { role: "final", version: 2 } });
    expect(promoted.json).toMatchObject({ role: "final", replacedBy: [] });
  });
});

describe("decisions on proposals", () => {
  it("accepts a proposal only as a person's explicit action, and answers 409 with the current atom on a stale copy", async () => {
    const family = await makeFamily();
    const proposal = await propose(family.id, "Optional lookups return null.");
    const params = { familyId: family.id, atomId: proposal.id };
    // Editing never changes the status.
    const edited = await callRoute(atom.PATCH, { method: "PATCH", userId: curator.id, params, body: { scope: "getSecret", status: "accepted", version: 1 } as never });
    expect(edited.status).toBe(200);
    expect(edited.json.status).toBe("proposed");
    const stale = await callRoute(accept.POST, { userId: curator2.id, params, body: { version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.json.current).toMatchObject({ version: 2, scope: "getSecret", status: "proposed" });
    const accepted = await callRoute(accept.POST, { userId: curator2.id, params, body: { version: 2 } });
    expect(accepted.status).toBe(201);
    expect(accepted.json).toMatchObject({ status: "accepted", version: 3 });
    const [event] = await events(proposal.id, "atom.accept");
    expect(event).toMatchObject({ actorId: curator2.id, before: expect.objectContaining({ status: "proposed" }), after: expect.objectContaining({ status: "accepted" }) });
  });

  it("rejects with a reason only, and the rejected atom stops covering its probes", async () => {
    const family = await makeFamily();
    const a1 = await makeAtom(family.id, "A1");
    const probe = await db().probe.create({ data: { familyId: family.id, testId: "t1", atoms: { create: [{ atomId: a1.id }] } } });
    const params = { familyId: family.id, atomId: a1.id };
    const noReason = await callRoute(reject.POST, { userId: curator.id, params, body: { version: 1, reason: " " } });
    expect(noReason.status).toBe(400);
    expect(noReason.json.fieldErrors).toHaveProperty("reason");
    const rejected = await callRoute(reject.POST, { userId: curator.id, params, body: { version: 1, reason: "Outside the behavioral slice." } });
    expect(rejected.status).toBe(201);
    expect(rejected.json).toMatchObject({ status: "rejected", reason: "Outside the behavioral slice." });
    expect(await db().probeAtom.count({ where: { probeId: probe.id } })).toBe(0);
    const [event] = await events(a1.id, "atom.reject");
    expect((event!.before as { probes: string[] }).probes).toEqual(["t1"]);
  });

  it("merges into an accepted atom with a reason, keeping the link and moving coverage, negatives and replacements", async () => {
    const family = await makeFamily();
    const target = await makeAtom(family.id, "A1");
    const source = await makeAtom(family.id, "A2");
    const temp = await db().atom.create({ data: { familyId: family.id, key: "A3", statement: "old", role: "temporary", status: "accepted", replacedBy: ["A2"] } });
    const probe = await db().probe.create({ data: { familyId: family.id, testId: "t2", atoms: { create: [{ atomId: source.id }] } } });
    const negative = await db().patch.create({ data: { familyId: family.id, kind: "negative", name: "neg-a2", targetAtomId: source.id, mode: "remove", diff: "x" } });
    const proposal = await propose(family.id, "Not yet accepted");
    const params = { familyId: family.id, atomId: source.id };
    const intoProposal = await callRoute(merge.POST, { userId: curator.id, params, body: { version: 1, intoAtomId: proposal.id, reason: "same" } });
    expect(intoProposal.status).toBe(400);
    expect(intoProposal.json.error).toMatch(/merge only into an accepted atom/);
    const intoSelf = await callRoute(merge.POST, { userId: curator.id, params, body: { version: 1, intoAtomId: source.id, reason: "same" } });
    expect(intoSelf.status).toBe(400);
    const noReason = await callRoute(merge.POST, { userId: curator.id, params, body: { version: 1, intoAtomId: target.id } });
    expect(noReason.status).toBe(400);
    expect(noReason.json.fieldErrors).toHaveProperty("reason");
    const merged = await callRoute(merge.POST, { userId: curator.id, params, body: { version: 1, intoAtomId: target.id, reason: "A2 restates A1." } });
    expect(merged.status).toBe(201);
    expect(merged.json).toMatchObject({ status: "merged", mergedIntoId: target.id, reason: "A2 restates A1.", key: "A2" });
    expect(await db().probeAtom.findMany({ where: { probeId: probe.id }, select: { atomId: true } })).toEqual([{ atomId: target.id }]);
    expect((await db().patch.findUniqueOrThrow({ where: { id: negative.id } })).targetAtomId).toBe(target.id);
    expect((await db().atom.findUniqueOrThrow({ where: { id: temp.id } })).replacedBy).toEqual(["A1"]);
    const [event] = await events(source.id, "atom.merge");
    expect(event!.after).toMatchObject({ mergedIntoKey: "A1", moved: { probes: ["t2"], negatives: 1, replacements: 1 } });
    const catalog = await callRoute(atoms.GET, { userId: curator.id, params: { familyId: family.id } });
    expect((catalog.json as unknown as { key: string; mergedIntoKey: string | null }[]).find((a) => a.key === "A2")?.mergedIntoKey).toBe("A1");
  });
});

describe("catalog order and anchors", () => {
  it("reorders the whole catalog and refuses a list made before another atom was added", async () => {
    const family = await makeFamily();
    const [a1, a2, a3] = [await makeAtom(family.id, "A1"), await makeAtom(family.id, "A2"), await makeAtom(family.id, "A3")];
    const params = { familyId: family.id };
    const moved = await callRoute(order.PUT, { method: "PUT", userId: curator.id, params, body: { order: [a3.id, a1.id, a2.id] } });
    expect(moved.status).toBe(200);
    expect((moved.json as unknown as { key: string }[]).map((a) => a.key)).toEqual(["A3", "A1", "A2"]);
    await makeAtom(family.id, "A4");
    const stale = await callRoute(order.PUT, { method: "PUT", userId: curator2.id, params, body: { order: [a1.id, a2.id, a3.id] } });
    expect(stale.status).toBe(409);
    expect((stale.json.current as { key: string }[]).map((a) => a.key)).toContain("A4");
    const [event] = await events(family.id, "atom.reorder");
    expect(event!.after).toEqual({ order: ["A3", "A1", "A2"] });
  });

  it("attaches evidence anchors (diff line ranges or quotes) and removes them, each audited", async () => {
    // A family with a captured diff: an atom's anchor is checked like an evidence anchor.
    const demo = await makeDemoFamily([curator.id], { withSlice: true });
    cleanups.push(demo.cleanup);
    const family = demo.family;
    const a1 = await makeAtom(family.id, "A9");
    const params = { familyId: family.id, atomId: a1.id };
    const noLine = await callRoute(anchors.POST, { userId: curator.id, params, body: { source: "diff", filePath: "src/secrets.js" } });
    expect(noLine.status).toBe(400);
    expect(noLine.json.fieldErrors).toHaveProperty("lineStart");
    const noQuote = await callRoute(anchors.POST, { userId: curator.id, params, body: { source: "issue" } });
    expect(noQuote.json.fieldErrors).toHaveProperty("quote");
    const notInDiff = await callRoute(anchors.POST, { userId: curator.id, params, body: { source: "diff", filePath: "src/nope.js", lineStart: 1 } });
    expect(notInDiff.status).toBe(400);
    expect(notInDiff.json.fieldErrors).toEqual({ filePath: ["src/nope.js is not a file of this diff"] });
    const pastTheEnd = await callRoute(anchors.POST, { userId: curator.id, params, body: { source: "diff", filePath: "src/secrets.js", lineStart: 14, lineEnd: 40 } });
    expect(pastTheEnd.status).toBe(400);
    expect(pastTheEnd.json.fieldErrors).toEqual({ lineEnd: ["src/secrets.js has 18 lines at the merge commit"] });
    const inDiff = await callRoute(anchors.POST, { userId: curator.id, params, body: { source: "diff", filePath: "src/secrets.js", lineStart: 14, lineEnd: 17 } });
    expect(inDiff.status).toBe(201);
    expect(inDiff.json).toMatchObject({ filePath: "src/secrets.js", lineStart: 14, lineEnd: 17, atomId: a1.id });
    const quoted = await callRoute(anchors.POST, { userId: curator.id, params, body: { source: "issue", quote: "Missing secrets fail silently" } });
    expect(quoted.status).toBe(201);
    const removed = await callRoute(anchor.DELETE, { method: "DELETE", userId: curator.id, params: { ...params, anchorId: quoted.json.id as string } });
    expect(removed.status).toBe(200);
    const catalog = await callRoute(atoms.GET, { userId: curator.id, params: { familyId: family.id } });
    expect((catalog.json as unknown as { id: string; anchors: { lineStart: number }[] }[]).find((a) => a.id === a1.id)!.anchors.map((a) => a.lineStart)).toEqual([14]);
    // One create-anchor mutation for both tabs: the same audit action, naming the atom.
    const created = await db().auditEvent.findMany({ where: { familyId: family.id, action: "evidence_anchor.create" }, select: { after: true } });
    expect(created.map((e) => (e.after as { atomKey?: string }).atomKey)).toEqual(["A9", "A9"]);
    expect(await db().auditEvent.count({ where: { familyId: family.id, action: { in: ["evidence_anchor.create", "anchor.delete"] } } })).toBe(3);
  });
});

describe("reconciliation gate on the atoms page", () => {
  it("passes on the demo family, waits for coverage of a newly accepted final atom, and fails on a stale probe", async () => {
    const demo = await makeDemoFamily([curator.id]);
    cleanups.push(demo.cleanup);
    const params = { familyId: demo.family.id };
    const green = await callRoute(stageGates.GET, { userId: curator.id, params: { ...params, stage: "reconciliation" } });
    expect(green.status).toBe(200);
    expect(green.json).toMatchObject({ status: "pass", staleProbes: [] });

    const created = await callRoute(atoms.POST, {
      userId: curator.id, params,
      body: { statement: "A lookup never logs the value.", scope: "getSecret", inputCondition: "any lookup", polarity: "forbid", observation: "nothing is written to the console" },
    });
    const waiting = await callRoute(stageGates.GET, { userId: curator.id, params: { ...params, stage: "reconciliation" } });
    expect(waiting.json.status).toBe("pending");
    const coverage = ((waiting.json.stage as { gates: unknown }).gates as { key: string; status: string; missing: string }[]).find((g) => g.key === "coverage");
    expect(coverage).toMatchObject({ status: "pending", missing: expect.stringContaining(`No probe covers ${created.json.key as string}`) });

    await db().atom.update({ where: { id: created.json.id as string }, data: { status: "rejected", reason: "not in the PR" } });
    await db().probe.updateMany({ where: { familyId: demo.family.id, position: 0 }, data: { stale: true } });
    const stale = await callRoute(stageGates.GET, { userId: curator.id, params: { ...params, stage: "reconciliation" } });
    expect(stale.json.status).toBe("fail");
    expect(stale.json.staleProbes).toEqual(["required lookup of a missing secret throws SecretNotFoundError"]);
  });
});
