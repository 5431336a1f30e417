// Stage 5 on a real PostgreSQL, through the route handlers: every assignment refusal,
// blind drafts with 409 on a stale save, final submission, the audited reveal, and
// decisions that supersede one another without touching a submitted review.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { useFreshDatabase } from "@/lib/testing/db";
import { callRoute, makeUser } from "@/lib/testing/factories";
import { loadFamilyFacts } from "@/lib/families/load-family-facts";
import { buildGateReport } from "@/lib/gates/report";
import { makeReviewFamily } from "@/lib/testing/review-family";
import * as assignments from "@/app/api/families/[familyId]/reviews/assignments/route";
import * as assignAll from "@/app/api/families/[familyId]/reviews/assign-all/route";
import * as board from "@/app/api/families/[familyId]/reviews/route";
import * as workspace from "@/app/api/reviews/[assignmentId]/route";
import * as submit from "@/app/api/reviews/[assignmentId]/submit/route";
import * as reveal from "@/app/api/reviews/[assignmentId]/reveal/route";
import * as adjudications from "@/app/api/families/[familyId]/adjudications/route";
import * as sendRoute from "@/app/api/families/[familyId]/histories/[condition]/revisions/[number]/send-to-review/route";
import * as defaultPair from "@/app/api/families/[familyId]/reviews/default-pair/route";
import type { TReviewerWorkspace } from "@/lib/schemas/reviews";

process.env.NEXTAUTH_SECRET ??= "test-secret";

type U = { id: string };
let lead: U, curator: U, rey: U, rio: U, ria: U, leadOnly: U, curatorReviewer: U;
let fx: Awaited<ReturnType<typeof makeReviewFamily>>;

beforeAll(async () => {
  await useFreshDatabase();
  [lead, curator, rey, rio, ria, leadOnly] = await Promise.all([
    makeUser(["lead"]), makeUser(["curator"]), makeUser(["reviewer"]), makeUser(["reviewer"]), makeUser(["reviewer"]), makeUser(["lead"]),
  ]);
  curatorReviewer = await makeUser(["curator", "reviewer"]);
  fx = await makeReviewFamily(curator.id, { send: ["direct", "duplicate", "split", "override", "cancellation", "paraphrase_direct"] });
  await db().familyCurator.create({ data: { familyId: fx.family.id, userId: curatorReviewer.id } });
});
afterAll(() => fx?.cleanup());

const assign = (revisionId: string, reviewerId: string, extra: Record<string, unknown> = {}) =>
  callRoute(assignments.POST, { userId: lead.id, params: { familyId: fx.family.id }, body: { revisionId, reviewerId, ...extra } });

const open = async (userId: string, assignmentId: string) => {
  const res = await callRoute(workspace.GET, { userId, params: { assignmentId } });
  return res as { status: number; json: TReviewerWorkspace & Record<string, unknown> };
};

/** The reviewer's encoding in labels, translating from the keys a test knows. */
async function encode(userId: string, assignmentId: string, final: string[], ops: { turn: number; activate?: string[]; deactivate?: string[]; restate?: string[] }[], extra: Record<string, unknown> = {}) {
  const ws = (await open(userId, assignmentId)).json;
  const labelOf = await labelsByKey(assignmentId, ws);
  const body = {
    version: ws.draft.version,
    finalSet: final.map((k) => labelOf[k]!),
    operations: ops.map((o) => ({ turn: o.turn, activate: (o.activate ?? []).map((k) => labelOf[k]!), deactivate: (o.deactivate ?? []).map((k) => labelOf[k]!), restate: (o.restate ?? []).map((k) => labelOf[k]!) })),
    freeText: [], ambiguous: false, ambiguityNote: null, ...extra,
  };
  const saved = await callRoute(workspace.PUT, { method: "PUT", userId, params: { assignmentId }, body });
  expect(saved.status).toBe(200);
  return saved.json as { version: number };
}

/** Test-side knowledge of the mapping: the statement identifies the entry. */
async function labelsByKey(_assignmentId: string, ws: TReviewerWorkspace) {
  const atoms = await db().atom.findMany({ where: { familyId: fx.family.id, status: "accepted" }, select: { key: true, statement: true } });
  return Object.fromEntries(atoms.map((a) => [a.key, ws.catalog.find((c) => c.statement === a.statement)!.label]));
}

describe("assignment refusals", () => {
  it("refuses a curator of the family, a person without the reviewer role, and a lead who is not a lead", async () => {
    const asCurator = await assign(fx.revisionOf.direct, curatorReviewer.id);
    expect(asCurator.status).toBe(422);
    expect(asCurator.json.error).toMatch(/curates this family/);
    expect(asCurator.json.fieldErrors).toHaveProperty("reviewerId");
    const noRole = await assign(fx.revisionOf.direct, leadOnly.id);
    expect(noRole.status).toBe(422);
    expect(noRole.json.error).toMatch(/does not hold the reviewer role/);
    const byCurator = await callRoute(assignments.POST, { userId: curator.id, params: { familyId: fx.family.id }, body: { revisionId: fx.revisionOf.direct, reviewerId: rey.id } });
    expect(byCurator.status).toBe(403);
    expect(await db().reviewAssignment.count()).toBe(0);
  });

  it("refuses the same reviewer twice on one revision and a third reviewer", async () => {
    expect((await assign(fx.revisionOf.direct, rey.id)).status).toBe(201);
    const twice = await assign(fx.revisionOf.direct, rey.id);
    expect(twice.status).toBe(422);
    expect(twice.json.error).toMatch(/already assigned.*two distinct reviewers/);
    expect((await assign(fx.revisionOf.direct, rio.id)).status).toBe(201);
    const third = await assign(fx.revisionOf.direct, ria.id);
    expect(third.status).toBe(422);
    expect(third.json.error).toMatch(/already has two reviewers/);
  });

  it("refuses a revision not sent to review and one that is not the current revision", async () => {
    const draft = await assign(fx.revisionOf.length_matched, rey.id);
    expect(draft.status).toBe(409);
    expect(draft.json.error).toMatch(/has not been sent to review/);
    // A second revision of length_matched exists once the first left draft.
    const rev = await db().historyRevision.findUniqueOrThrow({ where: { id: fx.revisionOf.length_matched }, select: { version: true } });
    expect((await callRoute(sendRoute.POST, { userId: curator.id, params: { familyId: fx.family.id, condition: "length_matched", number: "1" }, body: { version: rev.version } })).status).toBe(201);
    const history = await db().history.findFirstOrThrow({ where: { familyId: fx.family.id, condition: "length_matched" }, select: { id: true } });
    await db().historyRevision.create({ data: { historyId: history.id, number: 2, turns: { create: [{ index: 0, text: "x", activated: [], deactivated: [], restated: [] }] } } });
    const stale = await assign(fx.revisionOf.length_matched, rey.id);
    expect(stale.status).toBe(409);
    expect(stale.json.error).toMatch(/is not the current revision \(revision 2 is\)/);
  });

  it("assigns the rest of the family balanced by open assignments, never to a curator", async () => {
    const res = await callRoute(assignAll.POST, { method: "POST", userId: lead.id, params: { familyId: fx.family.id } });
    expect(res.status).toBe(201);
    expect(res.json.assigned).toBe(10); // five more sent revisions × 2
    const load = await db().reviewAssignment.groupBy({ by: ["reviewerId"], _count: { _all: true } });
    const counts = load.map((l) => l._count._all);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    expect(load.map((l) => l.reviewerId)).not.toContain(curatorReviewer.id);
  });
});

describe("the blind workspace", () => {
  it("saves drafts with 409 on a stale second tab, submits once, and keeps the other reviewer hidden", async () => {
    const a = await db().reviewAssignment.findFirstOrThrow({ where: { revisionId: fx.revisionOf.direct, reviewerId: rey.id } });
    const first = await open(rey.id, a.id);
    expect(first.status).toBe(200);
    expect(first.json.turns.length).toBe(1);
    expect(first.json.rendered.content).toMatch(/^# Conversation history/);
    // Nobody else opens it: another reviewer gets 404.
    expect((await open(rio.id, a.id)).status).toBe(404);
    const saved = await encode(rey.id, a.id, ["A1", "A2"], [{ turn: 1, activate: ["A1", "A2"] }]);
    const staleBody = { version: first.json.draft.version, operations: [], finalSet: [], freeText: [], ambiguous: false, ambiguityNote: null };
    const stale = await callRoute(workspace.PUT, { method: "PUT", userId: rey.id, params: { assignmentId: a.id }, body: staleBody });
    expect(stale.status).toBe(409);
    expect((stale.json.current as { finalSet: string[] }).finalSet).toHaveLength(2);
    const unknown = await callRoute(workspace.PUT, { method: "PUT", userId: rey.id, params: { assignmentId: a.id }, body: { ...staleBody, version: saved.version, finalSet: ["A1"] } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.fieldErrors).toHaveProperty("finalSet");
    const done = await callRoute(submit.POST, { userId: rey.id, params: { assignmentId: a.id }, body: { version: saved.version } });
    expect(done.status).toBe(201);
    expect((done.json as unknown as TReviewerWorkspace).draft.submittedAt).not.toBeNull();
    const again = await callRoute(workspace.PUT, { method: "PUT", userId: rey.id, params: { assignmentId: a.id }, body: { ...staleBody, version: saved.version + 1 } });
    expect(again.status).toBe(409);
    expect(again.json.error).toMatch(/submitted/);
  });

  it("shows the lead no extraction before both submit, except through the audited reveal", async () => {
    const res = await callRoute(board.GET, { userId: lead.id, params: { familyId: fx.family.id } });
    const direct = (res.json.histories as { condition: string; current: { assignments: { id: string; review: unknown }[]; agreement: unknown } }[]).find((h) => h.condition === "direct")!;
    expect(direct.current.assignments.every((a) => a.review === null)).toBe(true);
    expect(direct.current.agreement).toBeNull();
    const a = await db().reviewAssignment.findFirstOrThrow({ where: { revisionId: fx.revisionOf.direct, reviewerId: rey.id } });
    const noReason = await callRoute(reveal.POST, { userId: lead.id, params: { assignmentId: a.id }, body: {} });
    expect(noReason.status).toBe(400);
    const shown = await callRoute(reveal.POST, { userId: lead.id, params: { assignmentId: a.id }, body: { reason: "reviewer asked for help" } });
    expect(shown.status).toBe(201);
    expect((shown.json.review as { finalSet: string[] }).finalSet).toEqual(["A1", "A2"]);
    const events = await db().auditEvent.findMany({ where: { action: "review.reveal", actorId: lead.id } });
    expect(events).toHaveLength(1);
    expect((events[0]!.after as { reason: string }).reason).toBe("reviewer asked for help");
    expect((await callRoute(reveal.POST, { userId: rio.id, params: { assignmentId: a.id }, body: { reason: "peek" } })).status).toBe(403);
  });
});

describe("adjudication", () => {
  it("records decisions that supersede one another, never edits a review, and turns a revise into fresh reviews", async () => {
    const dupAssignments = await db().reviewAssignment.findMany({ where: { revisionId: fx.revisionOf.duplicate }, orderBy: { createdAt: "asc" } });
    const [x, y] = dupAssignments as unknown as [{ id: string; reviewerId: string }, { id: string; reviewerId: string }];
    const sx = await encode(x.reviewerId, x.id, ["A1", "A2"], [{ turn: 1, activate: ["A1", "A2"] }, { turn: 2, restate: ["A1"] }]);
    // The second reviewer reads the restatement as narrowing and misses A2.
    const sy = await encode(y.reviewerId, y.id, ["A1"], [{ turn: 1, activate: ["A1", "A2"] }, { turn: 2, restate: ["A1"], deactivate: ["A2"] }], { ambiguous: true, ambiguityNote: "turn 2 may narrow" });
    const early = await callRoute(adjudications.POST, { userId: lead.id, params: { familyId: fx.family.id }, body: { revisionId: fx.revisionOf.duplicate, decision: "accept", rationale: "too early" } });
    expect(early.status).toBe(422);
    expect(early.json.error).toMatch(/1 submitted review|0 submitted reviews/);
    await callRoute(submit.POST, { userId: x.reviewerId, params: { assignmentId: x.id }, body: { version: sx.version } });
    await callRoute(submit.POST, { userId: y.reviewerId, params: { assignmentId: y.id }, body: { version: sy.version } });

    const b = await callRoute(board.GET, { userId: lead.id, params: { familyId: fx.family.id } });
    const dup = (b.json.histories as { condition: string; current: { agreement: { bothMatchGold: boolean; needsAdjudication: boolean; vsGold: { missing: string[] }[] } } }[]).find((h) => h.condition === "duplicate")!;
    expect(dup.current.agreement.bothMatchGold).toBe(false);
    expect(dup.current.agreement.vsGold[1]!.missing).toEqual(["A2"]);

    const noRationale = await callRoute(adjudications.POST, { userId: lead.id, params: { familyId: fx.family.id }, body: { revisionId: fx.revisionOf.duplicate, decision: "accept", rationale: " " } });
    expect(noRationale.status).toBe(400);
    expect(noRationale.json.fieldErrors).toHaveProperty("rationale");
    const accept = await callRoute(adjudications.POST, { userId: lead.id, params: { familyId: fx.family.id }, body: { revisionId: fx.revisionOf.duplicate, decision: "accept", rationale: "Reviewer misread turn 2." } });
    expect(accept.status).toBe(201);
    const acceptId = (accept.json.decision as { id: string }).id;
    const silent = await callRoute(adjudications.POST, { userId: lead.id, params: { familyId: fx.family.id }, body: { revisionId: fx.revisionOf.duplicate, decision: "revise", rationale: "on second thought" } });
    expect(silent.status).toBe(409);
    expect(silent.json.error).toMatch(/supersede it explicitly/);
    const revise = await callRoute(adjudications.POST, {
      userId: lead.id, params: { familyId: fx.family.id },
      body: { revisionId: fx.revisionOf.duplicate, decision: "revise", rationale: "The restatement can be read as narrowing A2; rewrite turn 2.", supersedesId: acceptId },
    });
    expect(revise.status).toBe(201);
    expect((revise.json.newRevision as { number: number }).number).toBe(2);
    const decisions = await db().adjudication.findMany({ where: { revisionId: fx.revisionOf.duplicate }, orderBy: { createdAt: "asc" } });
    expect(decisions.map((d) => [d.decision, d.supersededById])).toEqual([["accept", decisions[1]!.id], ["revise", null]]);
    expect(decisions[1]!.reviewIds).toHaveLength(2);
    // The submitted reviews are untouched.
    const yReview = await db().review.findUniqueOrThrow({ where: { assignmentId: y.id } });
    expect(yReview.finalSet).toEqual(["A1"]);
    // The old reviewers are refused on the new revision unless the lead overrides with a reason.
    const history = await db().history.findFirstOrThrow({ where: { familyId: fx.family.id, condition: "duplicate" }, select: { revisions: { where: { number: 2 }, select: { id: true, version: true } } } });
    const r2 = history.revisions[0]!;
    await db().turn.update({ where: { revisionId_index: { revisionId: r2.id, index: 1 } }, data: { text: "To repeat the first case only as a reminder (the optional case still holds): looking up a required secret that is missing throws SecretNotFoundError." } });
    expect((await callRoute(sendRoute.POST, { userId: curator.id, params: { familyId: fx.family.id, condition: "duplicate", number: "2" }, body: { version: r2.version } })).status).toBe(201);
    const same = await assign(r2.id, x.reviewerId);
    expect(same.status).toBe(422);
    expect(same.json.error).toMatch(/reviewed revision 1 of this history/);
    const overridden = await assign(r2.id, x.reviewerId, { overrideReason: "only two reviewers on staff" });
    expect(overridden.status).toBe(201);
    const decideOld = await callRoute(adjudications.POST, { userId: lead.id, params: { familyId: fx.family.id }, body: { revisionId: fx.revisionOf.duplicate, decision: "accept", rationale: "x", supersedesId: decisions[1]!.id } });
    expect(decideOld.status).toBe(409);
    expect(decideOld.json.error).toMatch(/no longer current/);
  });

  it("lets the gate name each history with what it still misses", async () => {
    const report = buildGateReport(await loadFamilyFacts(fx.family.id));
    const gate = report.stages.find((s) => s.stage === "audit")!.gates.find((g) => g.key === "reviews")!;
    expect(gate.status).not.toBe("pass");
    expect(gate.missing).toMatch(/\(revision \d\)/);
  });

  it("assigns the default pair when a curator sends with it, skipping whoever is not eligible", async () => {
    const fam = await db().taskFamily.findUniqueOrThrow({ where: { id: fx.family.id }, select: { version: true } });
    const bad = await callRoute(defaultPair.PUT, { method: "PUT", userId: lead.id, params: { familyId: fx.family.id }, body: { version: fam.version, reviewerIds: [curatorReviewer.id] } });
    expect(bad.status).toBe(422);
    const ok = await callRoute(defaultPair.PUT, { method: "PUT", userId: lead.id, params: { familyId: fx.family.id }, body: { version: fam.version, reviewerIds: [ria.id, rio.id] } });
    expect(ok.status).toBe(200);
    const lm = await db().historyRevision.findFirstOrThrow({ where: { history: { familyId: fx.family.id, condition: "length_matched" }, number: 2 }, select: { id: true, version: true } });
    await db().turn.deleteMany({ where: { revisionId: lm.id } });
    const src = await db().turn.findMany({ where: { revisionId: fx.revisionOf.length_matched }, orderBy: { index: "asc" } });
    await db().turn.createMany({ data: src.map(({ id: _id, revisionId: _r, ...t }) => ({ ...t, revisionId: lm.id })) });
    const sent = await callRoute(sendRoute.POST, { userId: curator.id, params: { familyId: fx.family.id, condition: "length_matched", number: "2" }, body: { version: lm.version, assignDefaultPair: true } });
    expect(sent.status).toBe(201);
    expect((sent.json.reviewers as { assigned: string[] }).assigned.length + (sent.json.reviewers as { skipped: string[] }).skipped.length).toBe(2);
    expect(await db().reviewAssignment.count({ where: { revisionId: lm.id } })).toBeGreaterThanOrEqual(1);
  });
});
