import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit/record-event";
import { assertNotFrozen } from "@/lib/families/access";
import { notFound } from "@/lib/errors/app-error";
import type { TCreateAtom } from "@/lib/schemas/atoms";
import { atomSelect } from "./atom-select";
import { nextAtomKey } from "./next-atom-key";

export async function createAtom(actorId: string, familyId: string, input: TCreateAtom, origin: "curator" | "heuristic" | "model" = "curator") {
  return db().$transaction(async (tx) => {
    const family = await tx.taskFamily.findUnique({ where: { id: familyId }, select: { stage: true } });
    if (!family) throw notFound("Task family", familyId);
    assertNotFrozen(family.stage);
    // Serialise key allocation per family so two curators never get the same key.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${familyId}))`;
    const { key, position } = await nextAtomKey(tx, familyId);
    const atom = await tx.atom.create({
      data: { ...input, familyId, key, position, origin, status: origin === "curator" ? "accepted" : "proposed" },
      select: atomSelect,
    });
    await recordEvent(tx, { actorId, action: "atom.create", entity: "Atom", entityId: atom.id, familyId, after: atom });
    return atom;
  });
}
