import "server-only";
import { db, type DbOrTx, Prisma } from "@/lib/db";
import { notFound } from "@/lib/errors/app-error";
import { revisionAgreement, summarize, type TRevisionAgreement, type TReviewForAgreement, type TTurnOperations } from "./agreement";

/** Lead-only: everything the assignment panel and the adjudication console show for a family. */
const boardSelect = {
  id: true, title: true, suiteId: true, version: true, defaultReviewerIds: true,
  curators: { select: { userId: true } },
  atoms: { where: { status: "accepted" }, orderBy: [{ position: "asc" }, { createdAt: "asc" }], select: { key: true, statement: true, role: true } },
  histories: {
    orderBy: { condition: "asc" },
    select: {
      id: true, condition: true,
      revisions: {
        orderBy: { number: "asc" },
        select: {
          id: true, number: true, status: true, version: true, sentToReviewAt: true,
          turns: { orderBy: { index: "asc" }, select: { text: true, activated: true, deactivated: true, restated: true } },
          assignments: {
            where: { status: { not: "withdrawn" } },
            orderBy: { createdAt: "asc" },
            select: {
              id: true, status: true, createdAt: true, overrideReason: true,
              reviewer: { select: { id: true, name: true } },
              review: { select: { id: true, operations: true, finalSet: true, freeText: true, ambiguous: true, ambiguityNote: true, submittedAt: true } },
            },
          },
          adjudications: { orderBy: { createdAt: "asc" }, select: { id: true, decision: true, note: true, reviewIds: true, supersededById: true, createdAt: true, lead: { select: { id: true, name: true } } } },
        },
      },
    },
  },
} satisfies Prisma.TaskFamilySelect;

type TBoardRow = NonNullable<Awaited<ReturnType<typeof queryBoard>>>;
type TRevisionRow = TBoardRow["histories"][number]["revisions"][number];

/** What the agreement needs of a revision row (the board and the suite view select it alike). */
type TAgreementRow = Pick<TRevisionRow, "id" | "number" | "turns"> & {
  assignments: { reviewer: { id: string }; review: { id: string; operations: unknown; finalSet: string[]; freeText: unknown; ambiguous: boolean; ambiguityNote: string | null; submittedAt: Date | null } | null }[];
  adjudications: { decision: string; reviewIds: string[]; supersededById: string | null }[];
};

const queryBoard = (tx: DbOrTx, familyId: string) => tx.taskFamily.findUnique({ where: { id: familyId }, select: boardSelect });

/** Reviews as the agreement engine reads them: only submitted ones, in submission order. */
export function submittedReviews(revision: TAgreementRow): TReviewForAgreement[] {
  return revision.assignments
    .filter((a) => a.review?.submittedAt)
    .sort((x, y) => x.review!.submittedAt!.getTime() - y.review!.submittedAt!.getTime())
    .map((a) => ({
      reviewId: a.review!.id,
      reviewerId: a.reviewer.id,
      operations: (Array.isArray(a.review!.operations) ? a.review!.operations : []) as TTurnOperations[],
      finalSet: a.review!.finalSet,
      freeText: (Array.isArray(a.review!.freeText) ? a.review!.freeText : []) as string[],
      ambiguous: a.review!.ambiguous,
      ambiguityNote: a.review!.ambiguityNote,
    }));
}

export const standingDecisions = <T extends TAgreementRow["adjudications"][number]>(revision: { adjudications: T[] }) => revision.adjudications.filter((d) => !d.supersededById);

export function agreementOf(condition: string, revision: TAgreementRow, catalogKeys: string[]): TRevisionAgreement {
  return revisionAgreement({
    revisionId: revision.id,
    label: `${condition} r${revision.number}`,
    catalogKeys,
    trace: revision.turns,
    reviews: submittedReviews(revision),
    acceptedReviewIds: standingDecisions(revision).filter((d) => d.decision === "accept").flatMap((d) => d.reviewIds),
  });
}

export async function loadReviewBoard(familyId: string, tx: DbOrTx = db()) {
  const family = await queryBoard(tx, familyId);
  if (!family) throw notFound("Task family", familyId);
  const catalogKeys = family.atoms.map((a) => a.key);
  const reviewers = await tx.user.findMany({ where: { active: true, roles: { has: "reviewer" } }, orderBy: { name: "asc" }, select: { id: true, name: true } });
  const open = await tx.reviewAssignment.groupBy({ by: ["reviewerId"], where: { status: "assigned" }, _count: { _all: true } });
  const openOf = new Map(open.map((o) => [o.reviewerId, o._count._all]));
  const curators = new Set(family.curators.map((c) => c.userId));
  const histories = family.histories.map((h) => {
    const revisions = h.revisions.map((r) => {
      const bothSubmitted = r.assignments.length >= 2 && r.assignments.every((a) => a.review?.submittedAt);
      const agreement = agreementOf(h.condition, r, catalogKeys);
      return {
        id: r.id, number: r.number, status: r.status, sentToReviewAt: r.sentToReviewAt?.toISOString() ?? null,
        turns: r.turns,
        assignments: r.assignments.map((a) => ({
          id: a.id, status: a.status, reviewer: a.reviewer, overrideReason: a.overrideReason,
          submittedAt: a.review?.submittedAt?.toISOString() ?? null,
          // A review's content reaches the lead once both are in; before that only through the audited reveal.
          review: bothSubmitted && a.review ? { id: a.review.id, operations: a.review.operations as unknown as TTurnOperations[], finalSet: a.review.finalSet, freeText: a.review.freeText as string[], ambiguous: a.review.ambiguous, ambiguityNote: a.review.ambiguityNote } : null,
        })),
        agreement: bothSubmitted ? agreement : null,
        decisions: r.adjudications.map((d) => ({ ...d, createdAt: d.createdAt.toISOString() })),
      };
    });
    return { id: h.id, condition: h.condition, current: revisions.at(-1)!, earlier: revisions.slice(0, -1).reverse() };
  }).filter((h) => h.current);
  const current = family.histories.map((h) => h.revisions.at(-1)).filter((r): r is TRevisionRow => Boolean(r));
  const summary = summarize(family.histories.flatMap((h) => { const r = h.revisions.at(-1); return r ? [agreementOf(h.condition, r, catalogKeys)] : []; }));
  return {
    family: { id: family.id, title: family.title, suiteId: family.suiteId, version: family.version, defaultReviewerIds: family.defaultReviewerIds },
    atoms: family.atoms,
    reviewers: reviewers.map((r) => ({ ...r, open: openOf.get(r.id) ?? 0, curator: curators.has(r.id) })),
    histories,
    summary,
    inReview: current.filter((r) => r.status === "in_review").length,
  };
}
