import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError } from "@/lib/errors/app-error";
import type { TAcceptAtom } from "@/lib/schemas/atoms";
import { attachProposedProbes } from "./attach-proposed-probes";
import { loadAtomForChange, updateAtVersion } from "./load-for-change";

/**
 * A person accepts a proposed (or earlier rejected) atom into the catalog. This is the
 * only way a heuristic or model proposal becomes part of the contract. An execution
 * proposal's collected test becomes the atom's probe as it is accepted.
 */
export async function acceptAtom(actorId: string, familyId: string, atomId: string, input: TAcceptAtom) {
  return db().$transaction(async (tx) => {
    const before = await loadAtomForChange(tx, familyId, atomId);
    if (before.version === input.version && before.status === "accepted") {
      throw new AppError("CONFLICT", `${before.key} is already accepted.`, { current: before });
    }
    if (before.version === input.version && before.status === "merged") {
      throw new AppError("UNPROCESSABLE", `${before.key} was merged into another atom; edit that atom instead.`);
    }
    const after = await updateAtVersion(tx, before, input.version, { status: "accepted", reason: null });
    await recordEvent(tx, { actorId, action: "atom.accept", entity: "Atom", entityId: atomId, familyId, before, after });
    const { proposedTestIds } = await tx.atom.findUniqueOrThrow({ where: { id: atomId }, select: { proposedTestIds: true } });
    const probes = await attachProposedProbes(tx, actorId, familyId, { ...after, proposedTestIds });
    return { ...after, probesAdded: probes };
  });
}
