import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { assertNotFrozen } from "@/lib/family-guard/access";
import { AppError, notFound } from "@/lib/errors/app-error";
import type { TCreatePatch } from "@/lib/schemas/patches";
import { toPatchDto } from "./list-patches";
import { resolvePatchTarget } from "./patch-target";
import { patchSelect } from "./patch-select";
import { validatePatch } from "./validate-patch";

/**
 * Adds a gold, negative or alternative patch after validating it against the base.
 * git runs outside the transaction; the transaction re-reads gold so a negative is
 * never saved against a gold patch that changed meanwhile.
 */
export async function createPatch(actorId: string, familyId: string, input: TCreatePatch) {
  const family = await db().taskFamily.findUnique({ where: { id: familyId }, select: { frozen: true, repo: true, baseCommit: true } });
  if (!family) throw notFound("Task family", familyId);
  await assertNotFrozen(family.frozen, familyId);
  const target = await resolvePatchTarget(db(), familyId, input.kind, input.targetAtomId, input.mode);
  const gold = await db().patch.findFirst({ where: { familyId, kind: "gold" }, select: patchSelect });
  if (input.kind === "gold" && gold) {
    throw new AppError("CONFLICT", `The family already has a gold patch (“${gold.name}”); edit it instead of adding another.`, { current: toPatchDto(gold) });
  }
  await validatePatch({ text: input.diff, family, gold: input.kind === "negative" ? (gold?.diff ?? null) : null });

  return db().$transaction(async (tx) => {
    const goldNow = await tx.patch.findFirst({ where: { familyId, kind: "gold" }, select: { diff: true } });
    if ((goldNow?.diff ?? null) !== (gold?.diff ?? null)) {
      throw new AppError("CONFLICT", "The gold patch changed while this patch was being checked; save again.");
    }
    const created = await tx.patch.create({
      data: { familyId, kind: input.kind, name: input.name, diff: input.diff, targetAtomId: target.targetAtomId, mode: target.mode },
      select: patchSelect,
    });
    const dto = toPatchDto(created);
    await recordEvent(tx, { actorId, action: "patch.create", entity: "Patch", entityId: created.id, familyId, after: summary(dto) });
    return dto;
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", `A patch named “${input.name}” already exists in this family.`, { fieldErrors: { name: ["already exists"] } });
    throw error;
  });
}

/** The audit keeps the whole diff: patches are evidence a lead may need to compare later. */
export const summary = (dto: ReturnType<typeof toPatchDto>) => ({
  kind: dto.kind, name: dto.name, targetAtomKey: dto.targetAtomKey, mode: dto.mode, version: dto.version, stats: dto.stats, diff: dto.diff,
});

export const isUniqueViolation = (error: unknown) => typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
