import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError, staleVersion } from "@/lib/errors/app-error";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import type { TSessionUser } from "@/lib/auth/current-user";
import type { TDefaultPair } from "@/lib/schemas/reviews";

/** The family's default reviewer pair: assigned at once whenever a revision is sent to review. */
export async function setDefaultPair(user: TSessionUser, familyId: string, input: TDefaultPair) {
  return db().$transaction(async (tx) => {
    await assertFamilyAccess(tx, user, familyId);
    const family = await tx.taskFamily.findUniqueOrThrow({ where: { id: familyId }, select: { version: true, defaultReviewerIds: true, curators: { select: { userId: true } } } });
    const people = await tx.user.findMany({ where: { id: { in: input.reviewerIds } }, select: { id: true, name: true, roles: true, active: true } });
    for (const id of input.reviewerIds) {
      const p = people.find((x) => x.id === id);
      const problem = !p ? `User ${id} does not exist.` : !p.active || !p.roles.includes("reviewer") ? `${p.name} does not hold the reviewer role.` : family.curators.some((c) => c.userId === id) ? `${p.name} curates this family and cannot review it.` : null;
      if (problem) throw new AppError("UNPROCESSABLE", problem, { fieldErrors: { reviewerIds: [problem] } });
    }
    const { count } = await tx.taskFamily.updateMany({ where: { id: familyId, version: input.version }, data: { defaultReviewerIds: input.reviewerIds, version: { increment: 1 } } });
    if (count === 0) throw staleVersion("The family", { version: family.version, defaultReviewerIds: family.defaultReviewerIds });
    await recordEvent(tx, { actorId: user.id, action: "family.set_default_reviewers", entity: "TaskFamily", entityId: familyId, familyId, before: { defaultReviewerIds: family.defaultReviewerIds }, after: { defaultReviewerIds: input.reviewerIds } });
    return { version: family.version + 1, defaultReviewerIds: input.reviewerIds };
  });
}
