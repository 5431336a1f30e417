import "server-only";
import type { DbOrTx } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors/app-error";
import { assertFamilyOpen } from "@/lib/family-guard/assert-open";

/** A revision the lead may assign: the current revision of its history, sent to review. */
export async function loadAssignableRevision(tx: DbOrTx, familyId: string, revisionId: string) {
  const revision = await tx.historyRevision.findUnique({
    where: { id: revisionId },
    select: {
      id: true, number: true, status: true, historyId: true,
      history: { select: { familyId: true, condition: true, family: { select: { frozen: true, curators: { select: { userId: true } } } } } },
      assignments: { where: { status: { not: "withdrawn" } }, select: { reviewerId: true } },
    },
  });
  if (!revision || revision.history.familyId !== familyId) throw notFound("History revision", revisionId);
  if (revision.history.family.frozen) await assertFamilyOpen(tx, familyId); // 409 naming the package
  const latest = await tx.historyRevision.findFirst({ where: { historyId: revision.historyId }, orderBy: { number: "desc" }, select: { number: true } });
  const name = `Revision ${revision.number} of the ${revision.history.condition} history`;
  if (latest && latest.number !== revision.number) {
    throw new AppError("CONFLICT", `${name} is not the current revision (revision ${latest.number} is); assign reviewers to the current one.`);
  }
  if (revision.status !== "in_review") {
    throw new AppError("CONFLICT", `${name} has not been sent to review (it is ${revision.status.replace("_", " ")}); a curator sends it first.`);
  }
  return { ...revision, name };
}

/** Why this person may not review this revision, or null. `overrideReason` lifts only the earlier-revision rule. */
export async function eligibilityProblem(
  tx: DbOrTx,
  revision: Awaited<ReturnType<typeof loadAssignableRevision>>,
  reviewerId: string,
  overrideReason?: string,
): Promise<string | null> {
  const person = await tx.user.findUnique({ where: { id: reviewerId }, select: { name: true, roles: true, active: true } });
  if (!person) return `User ${reviewerId} does not exist.`;
  if (!person.active || !person.roles.includes("reviewer")) return `${person.name} does not hold the reviewer role.`;
  if (revision.history.family.curators.some((c) => c.userId === reviewerId)) return `${person.name} curates this family and cannot review it.`;
  if (revision.assignments.some((a) => a.reviewerId === reviewerId)) return `${person.name} is already assigned to ${revision.name}; two distinct reviewers are needed.`;
  if (revision.assignments.length >= 2) return `${revision.name} already has two reviewers.`;
  if (!overrideReason) {
    const earlier = await tx.reviewAssignment.findFirst({
      where: { reviewerId, status: { not: "withdrawn" }, revision: { historyId: revision.historyId, number: { lt: revision.number } } },
      select: { revision: { select: { number: true } } },
    });
    if (earlier) return `${person.name} reviewed revision ${earlier.revision.number} of this history; a revised history needs fresh reviewers (or an override with a reason).`;
  }
  return null;
}
