import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { assertNotFrozen } from "@/lib/families/access";
import { AppError, notFound } from "@/lib/errors/app-error";
import type { TCreateAnchor } from "@/lib/schemas/evidence";
import { anchorSelect } from "./anchor-select";

/** Saves a selection from the diff or the evidence text, for atoms to cite. */
export async function createAnchor(actorId: string, familyId: string, input: TCreateAnchor) {
  return db().$transaction(async (tx) => {
    const family = await tx.taskFamily.findUnique({ where: { id: familyId }, select: { stage: true } });
    if (!family) throw notFound("Task family", familyId);
    await assertNotFrozen(family.stage, familyId);
    if (input.source === "diff" && input.filePath) {
      const file = await tx.diffFile.findFirst({ where: { familyId, path: input.filePath }, select: { id: true } });
      if (!file) throw new AppError("INVALID_INPUT", `Invalid request body — filePath: ${input.filePath} is not a file of this diff`, { fieldErrors: { filePath: ["is not a file of this diff"] } });
    }
    if (input.atomId) {
      const atom = await tx.atom.findFirst({ where: { id: input.atomId, familyId }, select: { id: true } });
      if (!atom) throw new AppError("INVALID_INPUT", "Invalid request body — atomId: no such atom in this family", { fieldErrors: { atomId: ["no such atom in this family"] } });
    }
    const anchor = await tx.evidenceAnchor.create({
      data: {
        familyId, source: input.source, filePath: input.filePath ?? null, lineStart: input.lineStart ?? null,
        lineEnd: input.lineEnd ?? input.lineStart ?? null, quote: input.quote, atomId: input.atomId ?? null, createdById: actorId,
      },
      select: anchorSelect,
    });
    await recordEvent(tx, { actorId, action: "evidence_anchor.create", entity: "EvidenceAnchor", entityId: anchor.id, familyId, after: anchor });
    return anchor;
  });
}
