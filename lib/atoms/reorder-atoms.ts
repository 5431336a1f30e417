import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { assertNotFrozen } from "@/lib/family-guard/access";
import { AppError, notFound } from "@/lib/errors/app-error";
import type { TReorderAtoms } from "@/lib/schemas/atoms";
import { listAtoms } from "./list-atoms";

/**
 * Sets the catalog order. The list must name every atom of the family exactly once:
 * a list made before someone else added an atom is stale (409 with the current catalog).
 */
export async function reorderAtoms(actorId: string, familyId: string, input: TReorderAtoms) {
  return db().$transaction(async (tx) => {
    const family = await tx.taskFamily.findUnique({ where: { id: familyId }, select: { frozen: true } });
    if (!family) throw notFound("Task family", familyId);
    await assertNotFrozen(family.frozen, familyId);
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${familyId}))`;
    const atoms = await tx.atom.findMany({ where: { familyId }, select: { id: true, key: true, position: true }, orderBy: [{ position: "asc" }, { createdAt: "asc" }] });
    const ids = new Set(atoms.map((a) => a.id));
    const unique = new Set(input.order);
    if (unique.size !== input.order.length) throw new AppError("INVALID_INPUT", "The order lists an atom twice.", { fieldErrors: { order: ["lists an atom twice"] } });
    if (unique.size !== ids.size || input.order.some((id) => !ids.has(id))) {
      throw new AppError("CONFLICT", "The catalog changed since you loaded it; reload and reorder again.", { current: await listAtoms(familyId, tx) });
    }
    const before = atoms.map((a) => a.key);
    for (const [position, id] of input.order.entries()) {
      if (atoms.find((a) => a.id === id)?.position !== position) await tx.atom.update({ where: { id }, data: { position } });
    }
    const keyOf = new Map(atoms.map((a) => [a.id, a.key]));
    const after = input.order.map((id) => keyOf.get(id)!);
    await recordEvent(tx, { actorId, action: "atom.reorder", entity: "TaskFamily", entityId: familyId, familyId, before: { order: before }, after: { order: after } });
    return listAtoms(familyId, tx);
  });
}
