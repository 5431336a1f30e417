import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { notFound } from "@/lib/errors/app-error";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import type { TSessionUser } from "@/lib/auth/current-user";
import type { TTurnOperations } from "./agreement";

/**
 * The lead's explicit look at one reviewer's extraction before both reviews are in.
 * Never implicit: each reveal is its own audit event with the lead's reason.
 */
export async function revealReview(user: TSessionUser, assignmentId: string, reason: string) {
  return db().$transaction(async (tx) => {
    const row = await tx.reviewAssignment.findUnique({
      where: { id: assignmentId },
      select: {
        id: true, status: true, reviewer: { select: { id: true, name: true } },
        revision: { select: { id: true, number: true, history: { select: { familyId: true, condition: true } } } },
        review: { select: { id: true, operations: true, finalSet: true, freeText: true, ambiguous: true, ambiguityNote: true, submittedAt: true, version: true } },
      },
    });
    if (!row || !row.review) throw notFound("Review assignment", assignmentId);
    const familyId = row.revision.history.familyId;
    await assertFamilyAccess(tx, user, familyId);
    await recordEvent(tx, {
      actorId: user.id, action: "review.reveal", entity: "Review", entityId: row.review.id, familyId,
      after: { assignmentId, reviewerId: row.reviewer.id, condition: row.revision.history.condition, number: row.revision.number, reason, submitted: Boolean(row.review.submittedAt) },
    });
    return {
      assignmentId, reviewer: row.reviewer, status: row.status,
      review: { ...row.review, operations: row.review.operations as unknown as TTurnOperations[], submittedAt: row.review.submittedAt?.toISOString() ?? null },
    };
  });
}
