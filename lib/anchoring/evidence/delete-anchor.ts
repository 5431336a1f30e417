import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { assertNotFrozen } from "@/lib/family-guard/access";
import { notFound } from "@/lib/errors/app-error";
import { anchorSelect } from "./anchor-select";

export async function deleteAnchor(actorId: string, familyId: string, anchorId: string) {
  return db().$transaction(async (tx) => {
    const anchor = await tx.evidenceAnchor.findFirst({ where: { id: anchorId, familyId }, select: { ...anchorSelect, family: { select: { frozen: true } } } });
    if (!anchor) throw notFound("Evidence anchor", anchorId);
    const { family, ...before } = anchor;
    await assertNotFrozen(family.frozen, familyId);
    await tx.evidenceAnchor.delete({ where: { id: anchorId } });
    await recordEvent(tx, { actorId, action: "evidence_anchor.delete", entity: "EvidenceAnchor", entityId: anchorId, familyId, before });
    return { deleted: anchorId };
  });
}
