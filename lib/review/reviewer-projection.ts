import "server-only";
import type { DbOrTx } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors/app-error";
import { protocolOf, renderHistory } from "@/lib/contract/render-history";
import type { TInboxItem, TReviewerCatalogEntry, TReviewerDraft, TReviewerWorkspace } from "@/lib/schemas/reviews";
import { historyLabel, labelCatalog } from "./catalog-labels";
import type { TTurnOperations } from "./agreement";

/**
 * The one projection every reviewer-facing response is built from. The select
 * reads the visible text and the neutral catalog; atom keys are read only to
 * translate the stored review to this reviewer's labels and never leave here.
 * No trace events, roles, conditions, gold sets, curators or other reviews.
 */
export const reviewerAssignmentSelect = {
  id: true,
  reviewerId: true,
  status: true,
  createdAt: true,
  review: { select: { operations: true, finalSet: true, freeText: true, ambiguous: true, ambiguityNote: true, submittedAt: true, version: true } },
  revision: {
    select: {
      turns: { select: { index: true, text: true }, orderBy: { index: "asc" } },
      history: {
        select: {
          family: {
            select: {
              verifier: { select: { protocol: true } },
              atoms: {
                where: { status: "accepted" },
                select: { id: true, key: true, statement: true, scope: true, inputCondition: true, polarity: true, observation: true },
              },
            },
          },
        },
      },
    },
  },
} as const;

export const reviewerInboxSelect = {
  id: true,
  status: true,
  createdAt: true,
  review: { select: { submittedAt: true } },
} as const;

type TAtomRow = { id: string; key: string; statement: string; scope: string; inputCondition: string; polarity: string; observation: string };

/** Label ↔ key maps for one assignment; the server's side of the blind catalog. */
export function catalogMaps(assignmentId: string, atoms: readonly TAtomRow[]) {
  const labelled = labelCatalog(assignmentId, atoms);
  return {
    labelled,
    keyOf: new Map(labelled.map((a) => [a.label, a.key])),
    labelOf: new Map(labelled.map((a) => [a.key, a.label])),
  };
}

/** Loads one assignment of this reviewer for the workspace; anyone else's is "not found". */
export async function loadReviewerAssignment(tx: DbOrTx, reviewerId: string, assignmentId: string) {
  const row = await tx.reviewAssignment.findUnique({ where: { id: assignmentId }, select: reviewerAssignmentSelect });
  if (!row || row.reviewerId !== reviewerId || row.status === "withdrawn") throw notFound("Review assignment", assignmentId);
  return row;
}

type TAssignmentRow = Awaited<ReturnType<typeof loadReviewerAssignment>>;

export function toReviewerWorkspace(row: TAssignmentRow): TReviewerWorkspace {
  const { labelled, labelOf } = catalogMaps(row.id, row.revision.history.family.atoms);
  const catalog: TReviewerCatalogEntry[] = labelled.map((a) => ({
    label: a.label, statement: a.statement, scope: a.scope, inputCondition: a.inputCondition, polarity: a.polarity, observation: a.observation,
  }));
  const turns = row.revision.turns.map((t) => ({ turn: t.index + 1, text: t.text }));
  const protocol = protocolOf(row.revision.history.family.verifier?.protocol);
  return {
    assignmentId: row.id,
    label: historyLabel(row.id),
    status: row.status === "submitted" ? "submitted" : "assigned",
    turns,
    rendered: renderHistory(row.revision.turns, protocol),
    catalog,
    draft: toReviewerDraft(row.review, labelOf),
  };
}

function toReviewerDraft(review: TAssignmentRow["review"], labelOf: Map<string, string>): TReviewerDraft {
  if (!review) throw new AppError("INTERNAL", "The assignment has no review row.");
  const label = (keys: readonly string[]) => keys.map((k) => labelOf.get(k)).filter((l): l is string => Boolean(l));
  const ops = (Array.isArray(review.operations) ? review.operations : []) as TTurnOperations[];
  return {
    version: review.version,
    operations: ops.map((t) => ({ turn: t.turn, activate: label(t.activated), deactivate: label(t.deactivated), restate: label(t.restated) })),
    finalSet: label(review.finalSet),
    freeText: (Array.isArray(review.freeText) ? review.freeText : []) as string[],
    ambiguous: review.ambiguous,
    ambiguityNote: review.ambiguityNote,
    submittedAt: review.submittedAt?.toISOString() ?? null,
  };
}

export function toInboxItem(row: { id: string; status: string; createdAt: Date; review: { submittedAt: Date | null } | null }): TInboxItem {
  return {
    assignmentId: row.id,
    label: historyLabel(row.id),
    status: row.status === "submitted" ? "submitted" : "assigned",
    assignedAt: row.createdAt.toISOString(),
    submittedAt: row.review?.submittedAt?.toISOString() ?? null,
  };
}
