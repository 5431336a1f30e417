// The demo's revise-and-re-review trail, made through the studio's code paths, leaves
// the fully built family's review gate green from real records.
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/lib/db";
import { useFreshDatabase } from "@/lib/testing/db";
import { makeUser } from "@/lib/testing/factories";
import { makeReviewFamily } from "@/lib/testing/review-family";
import { loadFamilyFacts } from "@/lib/families/load-family-facts";
import { reviewsGate } from "@/lib/gates/audit";
import { loadReviewBoard } from "@/lib/review/load-review-board";
import { runDemoReviews } from "./demo-reviews";

let fx: Awaited<ReturnType<typeof makeReviewFamily>>;
afterAll(() => fx?.cleanup());
beforeAll(async () => { await useFreshDatabase(); });

it("reviews every history blind, revises the misread duplicate, and re-reviews it with fresh reviewers", async () => {
  const [lead, curator, a, b] = await Promise.all([makeUser(["lead"]), makeUser(["curator"]), makeUser(["reviewer"]), makeUser(["reviewer"])]);
  await Promise.all([makeUser(["reviewer"]), makeUser(["reviewer"])]);
  fx = await makeReviewFamily(curator.id, { leadId: lead.id });
  const session = (u: typeof lead) => ({ id: u.id, email: u.email, name: u.name, roles: u.roles });
  await runDemoReviews(fx.family.id, { lead: session(lead), curator: session(curator) }, [a.id, b.id]);

  const gate = reviewsGate(await loadFamilyFacts(fx.family.id));
  expect([gate.status, gate.missing]).toEqual(["pass", null]);
  const board = await loadReviewBoard(fx.family.id);
  const dup = board.histories.find((h) => h.condition === "duplicate")!;
  expect(dup.current.number).toBe(2);
  expect(dup.current.assignments.map((x) => x.reviewer.id)).not.toContain(a.id);
  expect(dup.current.assignments.map((x) => x.reviewer.id)).not.toContain(b.id);
  expect(dup.current.agreement!.bothMatchGold).toBe(true);
  const r1 = dup.earlier[0]!;
  expect(r1.status).toBe("superseded");
  expect(r1.decisions.map((d) => d.decision)).toEqual(["revise"]);
  expect(r1.agreement!.vsGold.map((v) => v.missing)).toEqual([[], ["A2"]]);
  expect(board.summary).toMatchObject({ histories: 7, bothMatchGold: 7, unresolvedAmbiguities: 0 });
  expect(board.summary.operations).toBe(board.summary.operationsAgreed);
  expect(await db().review.count({ where: { submittedAt: { not: null } } })).toBe(16);
});
