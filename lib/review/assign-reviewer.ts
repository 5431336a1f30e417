import "server-only";
import { db, type DbOrTx } from "@/lib/db";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import type { TSessionUser } from "@/lib/auth/current-user";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError } from "@/lib/errors/app-error";
import { eligibilityProblem, loadAssignableRevision } from "./assignment-rules";

/**
 * Assigns one reviewer to the current, sent revision of a history. Every refusal
 * names its reason: no reviewer role, curator of the family, already on this
 * revision, not the current revision, not sent to review, earlier reviewer
 * without an override reason. Creates the empty draft the reviewer autosaves.
 */
export async function assignReviewer(
  tx: DbOrTx,
  actorId: string,
  input: { familyId: string; revisionId: string; reviewerId: string; overrideReason?: string },
) {
  const revision = await loadAssignableRevision(tx, input.familyId, input.revisionId);
  const problem = await eligibilityProblem(tx, revision, input.reviewerId, input.overrideReason);
  if (problem) throw new AppError("UNPROCESSABLE", problem, { fieldErrors: { reviewerId: [problem] } });
  const assignment = await tx.reviewAssignment.create({
    data: {
      revisionId: revision.id, reviewerId: input.reviewerId, assignedById: actorId, overrideReason: input.overrideReason ?? null,
      review: { create: {} },
    },
    select: { id: true, reviewerId: true, status: true, createdAt: true, overrideReason: true },
  });
  await recordEvent(tx, {
    actorId, action: "review_assignment.create", entity: "ReviewAssignment", entityId: assignment.id, familyId: input.familyId,
    after: { revisionId: revision.id, condition: revision.history.condition, number: revision.number, reviewerId: input.reviewerId, overrideReason: input.overrideReason ?? null },
  });
  return assignment;
}

/** The route's entry: one transaction, serialised per family so two leads never over-assign. */
export async function assignReviewerAs(user: TSessionUser, input: { familyId: string; revisionId: string; reviewerId: string; overrideReason?: string }) {
  return db().$transaction(async (tx) => {
    await assertFamilyAccess(tx, user, input.familyId);
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`reviews:${input.familyId}`}))`;
    return assignReviewer(tx, user.id, input);
  });
}
