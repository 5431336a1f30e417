import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import type { TUpdateAtom } from "@/lib/schemas/atoms";
import { loadAtomForChange, updateAtVersion } from "./load-for-change";
import { assertReplacedBy } from "./replaced-by";

/**
 * Saves an atom edit made from `version`; a stale copy gets 409 with the current atom.
 * The key and the status never change here: acceptance, rejection and merging are their own actions.
 */
export async function updateAtom(actorId: string, familyId: string, atomId: string, input: TUpdateAtom) {
  const { version, ...fields } = input;
  return db().$transaction(async (tx) => {
    const before = await loadAtomForChange(tx, familyId, atomId);
    const role = fields.role ?? before.role;
    // Turning a temporary atom into a final or fixed one drops its replacements.
    const replacedBy = fields.replacedBy ?? (role === "temporary" ? before.replacedBy : []);
    if (before.version === version) await assertReplacedBy(tx, familyId, { key: before.key, role }, replacedBy);
    const after = await updateAtVersion(tx, before, version, { ...fields, replacedBy });
    await recordEvent(tx, { actorId, action: "atom.update", entity: "Atom", entityId: atomId, familyId, before, after });
    return after;
  });
}
