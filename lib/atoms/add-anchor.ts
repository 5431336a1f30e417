import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import type { TCreateAnchor } from "@/lib/schemas/atoms";
import { anchorSelect } from "./anchor-select";
import { loadAtomForChange } from "./load-for-change";

/** Attaches an evidence anchor (a diff line range, or a quote) to an atom. */
export async function addAnchor(actorId: string, familyId: string, atomId: string, input: TCreateAnchor) {
  return db().$transaction(async (tx) => {
    const atom = await loadAtomForChange(tx, familyId, atomId);
    const anchor = await tx.evidenceAnchor.create({
      data: {
        familyId, atomId, source: input.source, createdById: actorId,
        filePath: input.source === "diff" ? input.filePath : null,
        lineStart: input.source === "diff" ? input.lineStart : null,
        lineEnd: input.source === "diff" ? (input.lineEnd ?? input.lineStart) : null,
        quote: input.quote ?? "",
      },
      select: anchorSelect,
    });
    await recordEvent(tx, { actorId, action: "anchor.create", entity: "EvidenceAnchor", entityId: anchor.id, familyId, after: { ...anchor, atomKey: atom.key } });
    return anchor;
  });
}
