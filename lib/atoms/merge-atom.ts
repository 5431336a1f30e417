import "server-only";
import { db, type DbOrTx } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError, notFound } from "@/lib/errors/app-error";
import type { TMergeAtom } from "@/lib/schemas/atoms";
import { loadAtomForChange, updateAtVersion } from "./load-for-change";

/**
 * Merges a candidate into an accepted atom of the same family, with a reason. The merged
 * atom keeps its key and a link to its target; whatever pointed at it (probe coverage,
 * negatives, replacements, atoms merged into it earlier) now points at the target.
 */
export async function mergeAtom(actorId: string, familyId: string, atomId: string, input: TMergeAtom) {
  return db().$transaction(async (tx) => {
    const before = await loadAtomForChange(tx, familyId, atomId);
    if (input.intoAtomId === atomId) throw invalidTarget("An atom cannot be merged into itself.");
    const target = await tx.atom.findFirst({ where: { id: input.intoAtomId, familyId }, select: { id: true, key: true, status: true } });
    if (!target) throw notFound("Atom", input.intoAtomId);
    if (target.status !== "accepted") throw invalidTarget(`${target.key} is ${target.status}; merge only into an accepted atom.`);
    if (before.version === input.version && before.status === "merged") {
      throw new AppError("CONFLICT", `${before.key} is already merged.`, { current: before });
    }
    const moved = await repoint(tx, familyId, before, target);
    const after = await updateAtVersion(tx, before, input.version, { status: "merged", reason: input.reason, mergedIntoId: target.id });
    await recordEvent(tx, {
      actorId, action: "atom.merge", entity: "Atom", entityId: atomId, familyId,
      before, after: { ...after, mergedIntoKey: target.key, moved },
    });
    return after;
  });
}

const invalidTarget = (message: string) => new AppError("INVALID_INPUT", message, { fieldErrors: { intoAtomId: [message] } });

async function repoint(tx: DbOrTx, familyId: string, from: { id: string; key: string }, to: { id: string; key: string }) {
  const links = await tx.probeAtom.findMany({ where: { atomId: from.id }, select: { probeId: true, probe: { select: { testId: true } } } });
  await tx.probeAtom.createMany({ data: links.map((l) => ({ probeId: l.probeId, atomId: to.id })), skipDuplicates: true });
  await tx.probeAtom.deleteMany({ where: { atomId: from.id } });
  const negatives = await tx.patch.updateMany({ where: { familyId, targetAtomId: from.id }, data: { targetAtomId: to.id, version: { increment: 1 } } });
  await tx.atom.updateMany({ where: { familyId, mergedIntoId: from.id }, data: { mergedIntoId: to.id } });
  const replacing = await tx.atom.findMany({ where: { familyId, replacedBy: { has: from.key } }, select: { id: true, replacedBy: true } });
  for (const atom of replacing) {
    const replacedBy = [...new Set(atom.replacedBy.map((k) => (k === from.key ? to.key : k)))];
    await tx.atom.update({ where: { id: atom.id }, data: { replacedBy, version: { increment: 1 } } });
  }
  return { probes: links.map((l) => l.probe.testId), negatives: negatives.count, replacements: replacing.length };
}
