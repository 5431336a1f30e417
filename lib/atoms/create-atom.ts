import "server-only";
import { db, type DbOrTx } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { assertNotFrozen } from "@/lib/family-guard/access";
import { AppError, notFound } from "@/lib/errors/app-error";
import type { TAtomOrigin, TCreateAtom } from "@/lib/schemas/atoms";
import { atomSelect } from "./atom-select";
import { nextAtomKey } from "./next-atom-key";
import { assertReplacedBy } from "./replaced-by";

/**
 * Adds an atom inside `tx`. A curator's own atom is accepted at once; a proposal
 * (heuristic or model) lands as `proposed` and waits for a person to accept it.
 */
export async function insertAtom(tx: DbOrTx, actorId: string, familyId: string, input: TCreateAtom, origin: TAtomOrigin = "curator") {
  const family = await tx.taskFamily.findUnique({ where: { id: familyId }, select: { frozen: true } });
  if (!family) throw notFound("Task family", familyId);
  await assertNotFrozen(family.frozen, familyId);
  // Serialise key allocation per family so two curators never get the same key.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${familyId}))`;
  const next = await nextAtomKey(tx, familyId);
  const { key: wanted, ...fields } = input;
  if (wanted && (await tx.atom.findUnique({ where: { familyId_key: { familyId, key: wanted } }, select: { id: true } }))) {
    throw new AppError("CONFLICT", `Atom key ${wanted} is already used in this family; keys are never reused.`, {
      fieldErrors: { key: [`${wanted} is already used`] },
    });
  }
  const key = wanted ?? next.key;
  await assertReplacedBy(tx, familyId, { key, role: fields.role ?? "final" }, fields.replacedBy ?? []);
  const atom = await tx.atom.create({
    data: { ...fields, familyId, key, position: next.position, origin, status: origin === "curator" ? "accepted" : "proposed" },
    select: atomSelect,
  });
  await recordEvent(tx, {
    actorId, action: origin === "curator" ? "atom.create" : "atom.propose", entity: "Atom", entityId: atom.id, familyId, after: atom,
  });
  return atom;
}

export async function createAtom(actorId: string, familyId: string, input: TCreateAtom, origin: TAtomOrigin = "curator") {
  return db().$transaction((tx) => insertAtom(tx, actorId, familyId, input, origin));
}
