import "server-only";
import type { DbOrTx } from "@/lib/db";
import { assignReviewer } from "./assign-reviewer";
import { eligibilityProblem, loadAssignableRevision } from "./assignment-rules";

/** On send-to-review: assigns the family's default pair where each is eligible; says who was skipped and why. */
export async function assignDefaultPair(tx: DbOrTx, actorId: string, familyId: string, revisionId: string) {
  const family = await tx.taskFamily.findUniqueOrThrow({ where: { id: familyId }, select: { defaultReviewerIds: true } });
  const assigned: string[] = [];
  const skipped: string[] = [];
  for (const reviewerId of family.defaultReviewerIds) {
    const revision = await loadAssignableRevision(tx, familyId, revisionId);
    const problem = await eligibilityProblem(tx, revision, reviewerId);
    if (problem) skipped.push(problem);
    else assigned.push((await assignReviewer(tx, actorId, { familyId, revisionId, reviewerId })).id);
  }
  return { assigned, skipped };
}
