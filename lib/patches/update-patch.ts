import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { assertNotFrozen } from "@/lib/family-guard/access";
import { AppError, notFound, staleVersion } from "@/lib/errors/app-error";
import type { TUpdatePatch } from "@/lib/schemas/patches";
import { isUniqueViolation, summary } from "./create-patch";
import { toPatchDto } from "./list-patches";
import { resolvePatchTarget } from "./patch-target";
import { patchSelect } from "./patch-select";
import { validatePatch } from "./validate-patch";
import { type TPatchKind } from "@/lib/contract/types";

/** Saves a patch edit made from `version` (409 with the current patch when stale); a changed diff is validated again. */
export async function updatePatch(actorId: string, familyId: string, patchId: string, input: TUpdatePatch) {
  const load = () => db().patch.findFirst({ where: { id: patchId, familyId, kind: { not: "hidden_tests" } }, select: { ...patchSelect, family: { select: { frozen: true, repo: true, baseCommit: true } } } });
  const found = await load();
  if (!found) throw notFound("Patch", patchId);
  const { family, ...before } = found;
  await assertNotFrozen(family.frozen, familyId);
  if (before.version !== input.version) throw staleVersion(`Patch ${before.name}`, toPatchDto(before));
  const kind = before.kind as TPatchKind;
  const target = await resolvePatchTarget(
    db(), familyId, kind,
    input.targetAtomId === undefined ? before.targetAtomId : input.targetAtomId,
    input.mode === undefined ? (before.mode as "remove" | "reverse" | null) : input.mode,
  );
  const diff = input.diff ?? before.diff;
  const gold = kind === "negative" ? ((await db().patch.findFirst({ where: { familyId, kind: "gold" }, select: { diff: true } }))?.diff ?? null) : null;
  if (input.diff !== undefined) await validatePatch({ text: diff, family, gold });
  else if (gold !== null) await validatePatch({ text: diff, family, gold }); // a retargeted negative must still differ from gold

  return db().$transaction(async (tx) => {
    const { count } = await tx.patch.updateMany({
      where: { id: patchId, version: input.version },
      data: { name: input.name ?? before.name, diff, targetAtomId: target.targetAtomId, mode: target.mode, version: { increment: 1 } },
    });
    if (count === 0) {
      const current = await tx.patch.findUnique({ where: { id: patchId }, select: patchSelect });
      if (!current) throw notFound("Patch", patchId);
      throw staleVersion(`Patch ${before.name}`, toPatchDto(current));
    }
    const after = toPatchDto(await tx.patch.findUniqueOrThrow({ where: { id: patchId }, select: patchSelect }));
    await recordEvent(tx, { actorId, action: "patch.update", entity: "Patch", entityId: patchId, familyId, before: summary(toPatchDto(before)), after: summary(after) });
    return after;
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", `A patch named “${input.name}” already exists in this family.`, { fieldErrors: { name: ["already exists"] } });
    throw error;
  });
}
