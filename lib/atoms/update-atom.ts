import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit/record-event";
import { assertNotFrozen } from "@/lib/families/access";
import { notFound, staleVersion } from "@/lib/errors/app-error";
import type { TUpdateAtom } from "@/lib/schemas/atoms";
import { atomSelect } from "./atom-select";

/** Saves an atom edit made from `version`; a stale copy gets 409 with the current atom. */
export async function updateAtom(actorId: string, familyId: string, atomId: string, input: TUpdateAtom) {
  const { version, ...fields } = input;
  return db().$transaction(async (tx) => {
    const before = await tx.atom.findFirst({
      where: { id: atomId, familyId },
      select: { ...atomSelect, family: { select: { stage: true } } },
    });
    if (!before) throw notFound("Atom", atomId);
    assertNotFrozen(before.family.stage);
    const { count } = await tx.atom.updateMany({
      where: { id: atomId, version },
      data: { ...fields, version: { increment: 1 } },
    });
    const { family: _family, ...current } = before;
    if (count === 0) throw staleVersion(`Atom ${before.key}`, current);
    const after = await tx.atom.findUniqueOrThrow({ where: { id: atomId }, select: atomSelect });
    await recordEvent(tx, { actorId, action: "atom.update", entity: "Atom", entityId: atomId, familyId, before: current, after });
    return after;
  });
}
