import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError, staleVersion } from "@/lib/errors/app-error";
import type { TReviewDraft } from "@/lib/schemas/reviews";
import type { TTurnOperations } from "./agreement";
import { catalogMaps, loadReviewerAssignment, toReviewerWorkspace } from "./reviewer-projection";

/** Translates the reviewer's labels to atom keys; an unknown label is a 400 naming the field. */
export function draftToKeys(input: TReviewDraft, keyOf: Map<string, string>, turnCount: number) {
  const bad: Record<string, string[]> = {};
  const keys = (labels: readonly string[], field: string) =>
    labels.map((label) => {
      const key = keyOf.get(label);
      if (!key) (bad[field] ??= []).push(`${label} is not an entry of this catalog`);
      return key ?? "";
    });
  const operations: TTurnOperations[] = input.operations.map((t, i) => {
    if (t.turn > turnCount) (bad[`operations.${i}.turn`] ??= []).push(`the history has ${turnCount} turns`);
    return { turn: t.turn, activated: keys(t.activate, `operations.${i}.activate`), deactivated: keys(t.deactivate, `operations.${i}.deactivate`), restated: keys(t.restate, `operations.${i}.restate`) };
  });
  const finalSet = keys(input.finalSet, "finalSet");
  if (Object.keys(bad).length > 0) {
    const [field, messages] = Object.entries(bad)[0]!;
    throw new AppError("INVALID_INPUT", `${field}: ${messages[0]}.`, { fieldErrors: bad });
  }
  return { operations: operations.filter((t) => t.activated.length + t.deactivated.length + t.restated.length > 0).sort((a, b) => a.turn - b.turn), finalSet };
}

/** Autosave of a reviewer's draft, guarded by version (a stale second tab gets 409 with the current draft). */
export async function saveReviewDraft(reviewerId: string, assignmentId: string, input: TReviewDraft) {
  return db().$transaction(async (tx) => {
    const row = await loadReviewerAssignment(tx, reviewerId, assignmentId);
    if (row.status === "submitted" || row.review?.submittedAt) throw new AppError("CONFLICT", "This review was submitted; it can no longer change.", { current: toReviewerWorkspace(row).draft });
    const { keyOf } = catalogMaps(row.id, row.revision.history.family.atoms);
    const { operations, finalSet } = draftToKeys(input, keyOf, row.revision.turns.length);
    const { count } = await tx.review.updateMany({
      where: { assignmentId, version: input.version, submittedAt: null },
      data: {
        operations: operations as unknown as Prisma.InputJsonValue,
        finalSet,
        freeText: input.freeText,
        ambiguous: input.ambiguous,
        ambiguityNote: input.ambiguous ? (input.ambiguityNote?.trim() || null) : null,
        version: { increment: 1 },
      },
    });
    if (count === 0) throw staleVersion("Your draft", toReviewerWorkspace(row).draft);
    const after = await loadReviewerAssignment(tx, reviewerId, assignmentId);
    await recordEvent(tx, { actorId: reviewerId, action: "review.save_draft", entity: "Review", entityId: assignmentId, after: { version: after.review?.version } });
    return toReviewerWorkspace(after).draft;
  });
}
