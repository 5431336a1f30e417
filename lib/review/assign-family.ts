import "server-only";
import { db } from "@/lib/db";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { assertFamilyOpen } from "@/lib/family-guard/assert-open";
import type { TSessionUser } from "@/lib/auth/current-user";
import { balanceAssignments } from "./balance";
import { assignReviewer } from "./assign-reviewer";

/**
 * "Assign the whole family": every current revision in review that lacks reviewers
 * gets them from the eligible pool, spread by open assignments (lib/review/balance.ts).
 * Curators of the family and earlier reviewers of the same history are excluded.
 */
export async function assignFamily(user: TSessionUser, familyId: string) {
  return db().$transaction(async (tx) => {
    await assertFamilyAccess(tx, user, familyId);
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`reviews:${familyId}`}))`;
    await assertFamilyOpen(tx, familyId);
    const histories = await tx.history.findMany({
      where: { familyId },
      orderBy: { condition: "asc" },
      select: {
        id: true,
        revisions: { orderBy: { number: "desc" }, take: 1, select: { id: true, status: true, assignments: { where: { status: { not: "withdrawn" } }, select: { reviewerId: true } } } },
      },
    });
    const curators = (await tx.familyCurator.findMany({ where: { familyId }, select: { userId: true } })).map((c) => c.userId);
    const pool = await tx.user.findMany({ where: { active: true, roles: { has: "reviewer" } }, select: { id: true } });
    const open = await tx.reviewAssignment.groupBy({ by: ["reviewerId"], where: { status: "assigned" }, _count: { _all: true } });
    const openOf = new Map(open.map((o) => [o.reviewerId, o._count._all]));
    const revisions = [];
    for (const h of histories) {
      const current = h.revisions[0];
      if (!current || current.status !== "in_review" || current.assignments.length >= 2) continue;
      const earlier = await tx.reviewAssignment.findMany({
        where: { status: { not: "withdrawn" }, revision: { historyId: h.id, id: { not: current.id } } },
        select: { reviewerId: true },
      });
      revisions.push({ revisionId: current.id, assigned: current.assignments.map((a) => a.reviewerId), excluded: [...curators, ...earlier.map((e) => e.reviewerId)] });
    }
    const { picks, short } = balanceAssignments(revisions, pool.map((p) => ({ id: p.id, open: openOf.get(p.id) ?? 0 })));
    const made = [];
    for (const pick of picks) made.push(await assignReviewer(tx, user.id, { familyId, revisionId: pick.revisionId, reviewerId: pick.reviewerId }));
    return { assigned: made.length, short };
  });
}
