import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { assertNotFrozen } from "@/lib/family-guard/access";
import { notFound } from "@/lib/errors/app-error";
import type { TCreateAnchor } from "@/lib/schemas/evidence";
import { anchorSelect } from "./anchor-select";
import { checkAnchorPlace } from "./check-anchor-place";

/**
 * The one way an evidence anchor is made, from the evidence tab (a selection, maybe for an
 * atom) and from the atoms tab (typed, or picked from the anchors saved on the evidence tab):
 * its place is checked first (file in the diff, lines that exist), then it is saved and audited.
 */
export async function createAnchor(actorId: string, familyId: string, input: TCreateAnchor) {
  await checkAnchorPlace(familyId, input);
  return db().$transaction(async (tx) => {
    const family = await tx.taskFamily.findUnique({ where: { id: familyId }, select: { frozen: true } });
    if (!family) throw notFound("Task family", familyId);
    await assertNotFrozen(family.frozen, familyId);
    // The family is open (checked above), so the atom it cites is only looked up.
    const atom = input.atomId ? await tx.atom.findFirst({ where: { id: input.atomId, familyId }, select: { id: true, key: true } }) : null;
    if (input.atomId && !atom) throw notFound("Atom", input.atomId);
    const diff = input.source === "diff";
    const anchor = await tx.evidenceAnchor.create({
      data: {
        familyId, source: input.source, atomId: atom?.id ?? null, createdById: actorId,
        filePath: diff ? (input.filePath ?? null) : null,
        lineStart: diff ? (input.lineStart ?? null) : null,
        lineEnd: diff ? (input.lineEnd ?? input.lineStart ?? null) : null,
        quote: input.quote ?? "",
      },
      select: anchorSelect,
    });
    await recordEvent(tx, { actorId, action: "evidence_anchor.create", entity: "EvidenceAnchor", entityId: anchor.id, familyId, after: atom ? { ...anchor, atomKey: atom.key } : anchor });
    return anchor;
  });
}
