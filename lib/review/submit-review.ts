import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError, staleVersion } from "@/lib/errors/app-error";
import type { TSubmitReview } from "@/lib/schemas/reviews";
import { loadReviewerAssignment, toReviewerWorkspace } from "./reviewer-projection";

/** Submission is final for this reviewer and timestamped; the saved draft at `version` is what counts. */
export async function submitReview(reviewerId: string, assignmentId: string, input: TSubmitReview) {
  return db().$transaction(async (tx) => {
    const row = await loadReviewerAssignment(tx, reviewerId, assignmentId);
    if (row.status === "submitted") throw new AppError("CONFLICT", "This review was already submitted.", { current: toReviewerWorkspace(row).draft });
    if (row.review?.ambiguous && !row.review.ambiguityNote) {
      throw new AppError("INVALID_INPUT", "ambiguityNote: say what is ambiguous before submitting.", { fieldErrors: { ambiguityNote: ["is required when the history is flagged ambiguous"] } });
    }
    const submittedAt = new Date();
    const { count } = await tx.review.updateMany({
      where: { assignmentId, version: input.version, submittedAt: null },
      data: { submittedAt, version: { increment: 1 } },
    });
    if (count === 0) throw staleVersion("Your draft", toReviewerWorkspace(row).draft);
    await tx.reviewAssignment.update({ where: { id: assignmentId }, data: { status: "submitted", version: { increment: 1 } } });
    const after = await loadReviewerAssignment(tx, reviewerId, assignmentId);
    const family = await tx.reviewAssignment.findUniqueOrThrow({ where: { id: assignmentId }, select: { revision: { select: { history: { select: { familyId: true } } } } } });
    await recordEvent(tx, {
      actorId: reviewerId, action: "review.submit", entity: "Review", entityId: assignmentId, familyId: family.revision.history.familyId,
      after: { submittedAt: submittedAt.toISOString() },
    });
    return toReviewerWorkspace(after);
  });
}
