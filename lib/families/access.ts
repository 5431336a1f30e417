import "server-only";
import type { DbOrTx } from "@/lib/db";
import type { TSessionUser } from "@/lib/auth/current-user";
import { AppError, notFound } from "@/lib/errors/app-error";

/**
 * Curators and leads work on every family of the studio; an admin may look.
 * Reviewers never reach a family's construction material through these APIs.
 */
export async function assertFamilyAccess(tx: DbOrTx, user: TSessionUser, familyId: string) {
  const family = await tx.taskFamily.findUnique({ where: { id: familyId }, select: { id: true, stage: true } });
  if (!family) throw notFound("Task family", familyId);
  if (!user.roles.some((r) => r === "curator" || r === "lead" || r === "admin")) {
    throw new AppError("FORBIDDEN", "Only curators, leads and admins can open a task family.");
  }
  return family;
}

export function assertNotFrozen(stage: string) {
  if (stage === "frozen") throw new AppError("CONFLICT", "This task family is frozen; only annotations can be added.");
}
