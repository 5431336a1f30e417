import "server-only";
import { db, type DbOrTx } from "@/lib/db";
import type { TSessionUser } from "@/lib/auth/current-user";
import { AppError, notFound } from "@/lib/errors/app-error";
import { frozenFamilyError } from "./frozen-error";

/**
 * Curators and leads work on every family of the studio; an admin may look.
 * Reviewers never reach a family's construction material through these APIs.
 */
export async function assertFamilyAccess(tx: DbOrTx, user: TSessionUser, familyId: string) {
  const family = await tx.taskFamily.findUnique({ where: { id: familyId }, select: { id: true, frozen: true } });
  if (!family) throw notFound("Task family", familyId);
  assertMayOpenFamilies(user);
  return family;
}

/** The role half of assertFamilyAccess, for a route that learns the family exists otherwise (its fingerprint read). */
export function assertMayOpenFamilies(user: TSessionUser) {
  if (!user.roles.some((r) => r === "curator" || r === "lead" || r === "admin")) {
    throw new AppError("FORBIDDEN", "Only curators, leads and admins can open a task family.");
  }
}

/** The one check every construction mutation makes: a frozen family answers 409 naming its package. */
export async function assertNotFrozen(frozen: boolean, familyId: string) {
  if (!frozen) return;
  const pkg = await db().package.findFirst({ where: { familyId, frozenAt: { not: null } }, orderBy: { frozenAt: "asc" }, select: { hash: true } });
  throw frozenFamily(pkg?.hash ?? null);
}

export function frozenFamily(packageHash: string | null) {
  return frozenFamilyError(packageHash);
}
