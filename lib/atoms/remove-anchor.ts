import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { notFound } from "@/lib/errors/app-error";
import { anchorSelect } from "./anchor-select";
import { loadAtomForChange } from "./load-for-change";

export async function removeAnchor(actorId: string, familyId: string, atomId: string, anchorId: string) {
  return db().$transaction(async (tx) => {
    const atom = await loadAtomForChange(tx, familyId, atomId);
    const anchor = await tx.evidenceAnchor.findFirst({ where: { id: anchorId, atomId, familyId }, select: anchorSelect });
    if (!anchor) throw notFound("Evidence anchor", anchorId);
    await tx.evidenceAnchor.delete({ where: { id: anchorId } });
    await recordEvent(tx, { actorId, action: "anchor.delete", entity: "EvidenceAnchor", entityId: anchorId, familyId, before: { ...anchor, atomKey: atom.key } });
    return { ok: true };
  });
}
