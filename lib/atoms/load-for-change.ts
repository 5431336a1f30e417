import "server-only";
import type { DbOrTx } from "@/lib/db";
import { assertNotFrozen } from "@/lib/family-guard/access";
import { notFound, staleVersion } from "@/lib/errors/app-error";
import { atomSelect } from "./atom-select";

/** The atom as it is now, for a change inside `tx`; refuses unknown atoms and frozen families. */
export async function loadAtomForChange(tx: DbOrTx, familyId: string, atomId: string) {
  const found = await tx.atom.findFirst({
    where: { id: atomId, familyId },
    select: { ...atomSelect, family: { select: { frozen: true } } },
  });
  if (!found) throw notFound("Atom", atomId);
  await assertNotFrozen(found.family.frozen, familyId);
  const { family: _family, ...atom } = found;
  return atom;
}

export type TAtomRow = Awaited<ReturnType<typeof loadAtomForChange>>;

/**
 * The optimistic write: changes the atom only if it is still at `version`,
 * else 409 with the current atom so the editor can show what changed.
 */
export async function updateAtVersion(tx: DbOrTx, before: TAtomRow, version: number, data: Record<string, unknown>) {
  const { count } = await tx.atom.updateMany({ where: { id: before.id, version }, data: { ...data, version: { increment: 1 } } });
  if (count === 0) throw staleVersion(`Atom ${before.key}`, before);
  return tx.atom.findUniqueOrThrow({ where: { id: before.id }, select: atomSelect });
}
