import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { assertNotFrozen } from "@/lib/family-guard/access";
import { AppError, notFound, staleVersion } from "@/lib/errors/app-error";
import type { TDecideCandidate } from "@/lib/schemas/mining";
import { createPatch } from "../create-patch";

const MODE_OF: Record<string, "remove" | "reverse"> = { negate_comparison: "reverse" };

/**
 * The curator's decision on a mined candidate. Accepting (as mined or edited) makes it
 * an ordinary negative patch through the same validation as a hand-written one; the
 * candidate then records which patch it became. Rejecting keeps it out of the proposals.
 */
export async function decideCandidate(actorId: string, familyId: string, candidateId: string, input: TDecideCandidate) {
  const candidate = await db().negativeCandidate.findFirst({
    where: { id: candidateId, familyId },
    select: { id: true, version: true, decision: true, diff: true, operator: true, description: true, family: { select: { frozen: true } } },
  });
  if (!candidate) throw notFound("Negative candidate", candidateId);
  await assertNotFrozen(candidate.family.frozen, familyId);
  const current = { id: candidate.id, version: candidate.version, decision: candidate.decision };
  if (candidate.version !== input.version) throw staleVersion("Negative candidate", current);
  if (candidate.decision !== "proposed") throw new AppError("CONFLICT", `This candidate was already ${candidate.decision}.`, { current });

  let patchId: string | null = null;
  if (input.decision === "accept") {
    const atom = await db().atom.findFirst({ where: { id: input.targetAtomId, familyId }, select: { key: true } });
    if (!atom) throw notFound("Atom", input.targetAtomId);
    const edited = input.diff !== undefined && input.diff !== candidate.diff;
    const patch = await createPatch(actorId, familyId, {
      kind: "negative", name: input.name ?? `mined ${atom.key} ${candidate.operator.replace(/_/g, " ")} ${candidate.id.slice(-4)}`,
      diff: input.diff ?? candidate.diff, targetAtomId: input.targetAtomId, mode: MODE_OF[candidate.operator] ?? "remove",
    });
    patchId = patch.id;
    if (edited) await db().$transaction((tx) => recordEvent(tx, { actorId, action: "negative_candidate.edit", entity: "NegativeCandidate", entityId: candidateId, familyId, before: { diff: candidate.diff }, after: { diff: input.diff } }));
  }
  return db().$transaction(async (tx) => {
    const { count } = await tx.negativeCandidate.updateMany({
      where: { id: candidateId, version: input.version, decision: "proposed" },
      data: { decision: input.decision === "accept" ? "accepted" : "rejected", patchId, version: { increment: 1 } },
    });
    if (count === 0) throw staleVersion("Negative candidate", current);
    await recordEvent(tx, {
      actorId, action: input.decision === "accept" ? "negative_candidate.accept" : "negative_candidate.reject", entity: "NegativeCandidate", entityId: candidateId, familyId,
      before: { decision: "proposed" }, after: { decision: input.decision === "accept" ? "accepted" : "rejected", patchId, operator: candidate.operator, description: candidate.description },
    });
    return { id: candidateId, decision: input.decision === "accept" ? "accepted" : "rejected", patchId };
  });
}
