import "server-only";
// The demo family's independent audit, made through the same code paths people use:
// the curator sends every history to review, the lead assigns the family, two demo
// reviewers extract blind and submit. On the duplicate history one reviewer reads the
// restatement as narrowing and drops A2; the lead orders a revision; the curator
// rewrites the turn; two fresh reviewers review revision 2 and match gold.
import { db } from "@/lib/db";
import type { TSessionUser } from "@/lib/auth/current-user";
import type { TCondition } from "@/lib/contract";
import { sendToReview } from "@/lib/review/send-to-review";
import { saveRevision } from "@/lib/histories/save-revision";
import { assignFamily } from "@/lib/review/assign-family";
import { assignReviewerAs } from "@/lib/review/assign-reviewer";
import { saveReviewDraft } from "@/lib/review/save-review-draft";
import { submitReview } from "@/lib/review/submit-review";
import { recordAdjudication } from "@/lib/review/record-adjudication";
import { catalogMaps, loadReviewerAssignment, toReviewerWorkspace } from "@/lib/review/reviewer-projection";

export const REVISED_DUPLICATE_TURN =
  "To be clear about the first case: a required lookup of a secret that is not set must throw SecretNotFoundError. " +
  "Nothing else changes: with { optional: true } a missing secret still returns null.";

type TPeople = { lead: TSessionUser; curator: TSessionUser };

const asSession = async (id: string): Promise<TSessionUser> => {
  const u = await db().user.findUniqueOrThrow({ where: { id }, select: { id: true, email: true, name: true, roles: true } });
  return u;
};

/** A reviewer's blind extraction, encoded from what the text says (the demo knows the trace; `misread` drops atoms at a turn). */
async function extract(reviewerId: string, assignmentId: string, misread?: { turn: number; drop: string[] }) {
  const row = await loadReviewerAssignment(db(), reviewerId, assignmentId);
  const { labelOf } = catalogMaps(row.id, row.revision.history.family.atoms);
  const trace = await db().turn.findMany({ where: { revision: { assignments: { some: { id: assignmentId } } } }, orderBy: { index: "asc" } });
  const active = new Set<string>();
  const operations = trace.map((t, i) => {
    const deactivate = [...t.deactivated, ...(misread && misread.turn === i + 1 ? misread.drop : [])];
    for (const k of deactivate) active.delete(k);
    for (const k of t.activated) active.add(k);
    const label = (keys: string[]) => keys.map((k) => labelOf.get(k)!);
    return { turn: i + 1, activate: label(t.activated), deactivate: label(deactivate), restate: label(t.restated) };
  });
  const ws = toReviewerWorkspace(row);
  const saved = await saveReviewDraft(reviewerId, assignmentId, {
    version: ws.draft.version, operations, finalSet: [...active].map((k) => labelOf.get(k)!), freeText: [],
    ambiguous: Boolean(misread), ambiguityNote: misread ? "The second message may narrow the request to the required case only." : null,
  });
  await submitReview(reviewerId, assignmentId, { version: saved.version });
}

async function reviewAll(familyId: string, misreadBy?: { reviewerId: string; condition: TCondition; turn: number; drop: string[] }) {
  const open = await db().reviewAssignment.findMany({
    where: { status: "assigned", revision: { history: { familyId } } },
    orderBy: { createdAt: "asc" },
    select: { id: true, reviewerId: true, revision: { select: { history: { select: { condition: true } } } } },
  });
  for (const a of open) {
    const misread = misreadBy && misreadBy.reviewerId === a.reviewerId && misreadBy.condition === a.revision.history.condition ? misreadBy : undefined;
    await extract(a.reviewerId, a.id, misread);
  }
}

export async function runDemoReviews(familyId: string, people: TPeople, reviewers: [string, string]) {
  const histories = await db().history.findMany({ where: { familyId }, select: { condition: true, revisions: { orderBy: { number: "desc" }, take: 1, select: { number: true, version: true, status: true } } } });
  for (const h of histories) {
    const r = h.revisions[0]!;
    if (r.status === "draft") await sendToReview(people.curator.id, familyId, h.condition, r.number, { version: r.version });
  }
  // The first round goes to the two demo reviewers.
  await assignOnly(familyId, people.lead, reviewers);
  await reviewAll(familyId, { reviewerId: reviewers[1], condition: "duplicate", turn: 2, drop: ["A2"] });

  const duplicate = await db().historyRevision.findFirstOrThrow({ where: { history: { familyId, condition: "duplicate" } }, orderBy: { number: "desc" }, select: { id: true } });
  const { newRevision } = await recordAdjudication(people.lead, familyId, {
    revisionId: duplicate.id, decision: "revise",
    rationale: "The restatement in message 2 can be read as narrowing the request to the required case; say that the optional case still holds.",
  });
  const r2 = await db().historyRevision.findUniqueOrThrow({ where: { id: newRevision!.id }, select: { version: true, turns: { orderBy: { index: "asc" }, select: { text: true, activated: true, deactivated: true, restated: true } } } });
  const turns = r2.turns.map((t, i) => (i === 1 ? { ...t, text: REVISED_DUPLICATE_TURN, restated: ["A1", "A2"] } : t));
  const saved = await saveRevision(people.curator.id, familyId, "duplicate", newRevision!.number, { version: r2.version, turns });
  await sendToReview(people.curator.id, familyId, "duplicate", newRevision!.number, { version: saved.revision.version });
  // Fresh reviewers: assigning the family excludes whoever reviewed revision 1.
  await assignFamily(people.lead, familyId);
  await reviewAll(familyId);
}

/** Assigns the family's open revisions to exactly these reviewers (the lead's balancing would spread over all). */
async function assignOnly(familyId: string, lead: TSessionUser, reviewers: readonly string[]) {
  const revisions = await db().historyRevision.findMany({ where: { history: { familyId }, status: "in_review" }, select: { id: true } });
  for (const r of revisions) for (const reviewerId of reviewers) await assignReviewerAs(lead, { familyId, revisionId: r.id, reviewerId });
}

export async function runDemoReviewsFor(title: string) {
  const family = await db().taskFamily.findFirstOrThrow({ where: { title }, select: { id: true, leadId: true, curators: { select: { userId: true } } } });
  const lead = await asSession(family.leadId!);
  const curator = await asSession(family.curators[0]!.userId);
  const reviewers = await db().user.findMany({ where: { roles: { has: "reviewer" } }, orderBy: { email: "asc" }, select: { id: true, email: true } });
  const pair = ["reviewer@specpath.test", "reviewer2@specpath.test"].map((e) => reviewers.find((r) => r.email === e)!.id) as [string, string];
  await runDemoReviews(family.id, { lead, curator }, pair);
}
