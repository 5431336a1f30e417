import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError } from "@/lib/errors/app-error";
import type { TRejectAtom } from "@/lib/schemas/atoms";
import { loadAtomForChange, updateAtVersion } from "./load-for-change";

/**
 * Rejects a candidate with a reason. A rejected atom leaves the contract, so the probes that
 * covered it stop covering it (the links are kept in the audit event's `before`).
 */
export async function rejectAtom(actorId: string, familyId: string, atomId: string, input: TRejectAtom) {
  return db().$transaction(async (tx) => {
    const before = await loadAtomForChange(tx, familyId, atomId);
    if (before.version === input.version && before.status === "merged") {
      throw new AppError("UNPROCESSABLE", `${before.key} was merged into another atom; it cannot be rejected as well.`);
    }
    const links = await tx.probeAtom.findMany({ where: { atomId }, select: { probe: { select: { testId: true } } } });
    const after = await updateAtVersion(tx, before, input.version, { status: "rejected", reason: input.reason, mergedIntoId: null });
    await tx.probeAtom.deleteMany({ where: { atomId } });
    await recordEvent(tx, {
      actorId, action: "atom.reject", entity: "Atom", entityId: atomId, familyId,
      before: { ...before, probes: links.map((l) => l.probe.testId) }, after,
    });
    return after;
  });
}
