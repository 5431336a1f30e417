import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { assertNotFrozen } from "@/lib/family-guard/access";
import { AppError, notFound } from "@/lib/errors/app-error";
import type { TFileKind } from "@/lib/contract/types";
import { cutBehavioralSlice } from "@/lib/anchoring/evidence/behavioral-slice";
import { DiffSelectionError, parseDiff, type TDiff } from "@/lib/git/diff";
import { readHunkDecisions } from "./diff-file-select";
import { findDiffFile, loadParsedDiff } from "./parsed-diff";

const summary = (patch: string) => ({
  sha256: crypto.createHash("sha256").update(patch).digest("hex"),
  bytes: Buffer.byteLength(patch),
  files: patch ? parseDiff(patch).files.map((f) => f.newPath ?? f.oldPath) : [],
});

/** "Use slice as gold / hidden tests": the in-slice source changes become the gold patch, the in-slice tests the verifier's hidden test patch. */
export async function applySlice(actorId: string, familyId: string) {
  const parsed = await loadParsedDiff(familyId);
  if (!parsed || parsed.bytes === 0) throw new AppError("UNPROCESSABLE", "The raw diff of this pull request was not captured, so there is no slice to cut.");
  if (!parsed.diff) throw new AppError("UNPROCESSABLE", `The stored diff cannot be read (line ${parsed.error?.line}: ${parsed.error?.message}).`);
  const diff = parsed.diff;

  return db().$transaction(async (tx) => {
    const family = await tx.taskFamily.findUnique({
      where: { id: familyId },
      select: {
        frozen: true,
        diffFiles: { select: { path: true, oldPath: true, kind: true, inSlice: true, hunks: true, binary: true, position: true }, orderBy: { position: "asc" } },
        patches: { where: { kind: "gold" }, select: { id: true, diff: true }, take: 1 },
        verifier: { select: { id: true, hiddenTestPatch: true } },
      },
    });
    if (!family) throw notFound("Task family", familyId);
    await assertNotFrozen(family.frozen, familyId);
    for (const file of family.diffFiles) {
      if (file.inSlice && file.binary && !findDiffFile(diff, file)?.binaryPatch) {
        throw new AppError("UNPROCESSABLE", `${file.path} is a binary file in the slice; its content is not in the diff, so no patch can carry it. Take it out of the slice (with a reason).`);
      }
    }
    const slice = cut(diff, family.diffFiles);
    if (!slice.goldPatch.trim()) throw new AppError("UNPROCESSABLE", "No source change is in the slice: the gold patch would be empty.");
    if (!slice.testPatch.trim()) throw new AppError("UNPROCESSABLE", "No test change is in the slice: the hidden test patch would be empty.");

    const goldBefore = family.patches[0];
    const gold = goldBefore
      ? await tx.patch.update({ where: { id: goldBefore.id }, data: { diff: slice.goldPatch, version: { increment: 1 } }, select: { id: true, version: true } })
      : await tx.patch.create({ data: { familyId, kind: "gold", name: "gold", diff: slice.goldPatch }, select: { id: true, version: true } });
    const verifier = await tx.verifier.upsert({
      where: { familyId },
      create: { familyId, hiddenTestPatch: slice.testPatch },
      update: { hiddenTestPatch: slice.testPatch, version: { increment: 1 } },
      select: { id: true, version: true },
    });
    const after = { gold: { id: gold.id, ...summary(slice.goldPatch) }, hiddenTests: { verifierId: verifier.id, ...summary(slice.testPatch) } };
    await recordEvent(tx, {
      actorId, action: "slice.apply", entity: "TaskFamily", entityId: familyId, familyId,
      before: {
        gold: goldBefore ? { id: goldBefore.id, ...summary(goldBefore.diff) } : null,
        hiddenTests: family.verifier ? { verifierId: family.verifier.id, ...summary(family.verifier.hiddenTestPatch) } : null,
      },
      after,
    });
    return after;
  });
}

function cut(diff: TDiff, files: { path: string; kind: string; inSlice: boolean; hunks: unknown }[]) {
  try {
    return cutBehavioralSlice(diff, files.map((f) => ({
      path: f.path,
      kind: f.kind as TFileKind,
      inSlice: f.inSlice,
      hunks: readHunkDecisions(f.hunks),
    })));
  } catch (error) {
    if (error instanceof DiffSelectionError) throw new AppError("UNPROCESSABLE", `The slice cannot be cut: ${error.message}`);
    throw error;
  }
}
