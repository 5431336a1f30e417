import "server-only";
import { db, type Prisma } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { assertNotFrozen } from "@/lib/family-guard/access";
import { AppError, notFound, staleVersion, type FieldErrors } from "@/lib/errors/app-error";
import type { TSliceHunk } from "@/lib/anchoring/evidence/behavioral-slice";
import type { TUpdateDiffFile } from "@/lib/schemas/evidence";
import { diffFileSelect, toDiffFileDto } from "./diff-file-select";
import { findDiffFile, loadParsedDiff } from "./parsed-diff";

const blank = (text: string | null | undefined) => !text || text.trim() === "";

/**
 * A curator's classification and slice decision for one file. Every file or hunk left out of
 * the slice must say why (400 naming the field); a stale copy gets 409 with the current file.
 */
export async function updateDiffFile(actorId: string, familyId: string, fileId: string, input: TUpdateDiffFile) {
  const parsed = await loadParsedDiff(familyId);
  return db().$transaction(async (tx) => {
    const row = await tx.diffFile.findFirst({
      where: { id: fileId, familyId },
      select: { ...diffFileSelect, family: { select: { frozen: true } } },
    });
    if (!row) throw notFound("Diff file", fileId);
    const { family, ...stored } = row;
    await assertNotFrozen(family.frozen, familyId);
    const before = toDiffFileDto(stored);
    if (input.version !== before.version) throw staleVersion(`The file ${before.path}`, before);

    const inSlice = input.inSlice ?? before.inSlice;
    const reason = inSlice ? null : (input.reason !== undefined ? input.reason : before.reason)?.trim() || null;
    const hunks = mergeHunks(before.hunks, input.hunks ?? []);
    const errors: FieldErrors = {};
    if (!inSlice && blank(reason)) errors.reason = ["is required: say why this file is out of the behavioral slice"];
    for (const [i, decision] of (input.hunks ?? []).entries()) {
      if (!before.hunks.some((h) => h.index === decision.index)) {
        errors[`hunks.${i}.index`] = [`hunk ${decision.index} does not exist (the file has ${before.hunks.length})`];
      }
    }
    for (const hunk of hunks) {
      if (!hunk.inSlice && blank(hunk.reason)) {
        errors[`hunks.${hunk.index}.reason`] = [`is required: say why hunk ${hunk.index + 1} is out of the behavioral slice`];
      }
    }
    const out = hunks.filter((h) => !h.inSlice).length;
    const diffFile = parsed?.diff ? findDiffFile(parsed.diff, stored) : null;
    if (out > 0 && out < hunks.length && diffFile && (diffFile.binary || diffFile.status === "added" || diffFile.status === "deleted")) {
      errors.hunks = [`an ${diffFile.binary ? "binary" : diffFile.status} file can only be sliced whole: take the whole file out instead`];
    }
    if (Object.keys(errors).length > 0) {
      const first = Object.entries(errors)[0]!;
      throw new AppError("INVALID_INPUT", `Invalid request body — ${first[0]}: ${first[1][0]}`, { fieldErrors: errors });
    }

    const data = { kind: input.kind ?? before.kind, inSlice, reason, hunks: hunks as Prisma.InputJsonValue };
    const { count } = await tx.diffFile.updateMany({ where: { id: fileId, version: input.version }, data: { ...data, version: { increment: 1 } } });
    if (count === 0) throw staleVersion(`The file ${before.path}`, before);
    const after = toDiffFileDto(await tx.diffFile.findUniqueOrThrow({ where: { id: fileId }, select: diffFileSelect }));
    await recordEvent(tx, {
      actorId, action: "diff_file.update", entity: "DiffFile", entityId: fileId, familyId,
      before: pick(before), after: pick(after),
    });
    return after;
  });
}

function mergeHunks(stored: TSliceHunk[], changes: { index: number; inSlice: boolean; reason?: string | null }[]): TSliceHunk[] {
  return stored.map((hunk) => {
    const change = changes.findLast((c) => c.index === hunk.index);
    if (!change) return hunk;
    const reason = change.inSlice ? null : (change.reason !== undefined ? change.reason : hunk.reason)?.trim() || null;
    return { index: hunk.index, inSlice: change.inSlice, reason };
  });
}

const pick = (f: ReturnType<typeof toDiffFileDto>) => ({ path: f.path, kind: f.kind, inSlice: f.inSlice, reason: f.reason, hunks: f.hunks, version: f.version });
