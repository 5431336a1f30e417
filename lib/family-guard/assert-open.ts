import "server-only";
import type { DbOrTx } from "@/lib/db";
import { notFound } from "@/lib/errors/app-error";
import { frozenFamilyError } from "./frozen-error";

/**
 * A request on a frozen family answers 409 naming its package, even when it would change
 * nothing (re-asking for runs that exist, assigning nobody): a 201 no-op hid the freeze.
 */
export async function assertFamilyOpen(tx: DbOrTx, familyId: string): Promise<void> {
  const family = await tx.taskFamily.findUnique({ where: { id: familyId }, select: { frozen: true } });
  if (!family) throw notFound("Task family", familyId);
  if (!family.frozen) return;
  const frozen = await tx.package.findFirst({ where: { familyId, frozenAt: { not: null } }, orderBy: { frozenAt: "asc" }, select: { hash: true } });
  throw frozenFamilyError(frozen?.hash ?? null);
}
