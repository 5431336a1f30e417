import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { assertNotFrozen } from "@/lib/family-guard/access";
import { AppError, notFound } from "@/lib/errors/app-error";
import type { TSetCoverage } from "@/lib/schemas/probes";
import { probeSelect, toProbeDto } from "./list-probes";

/**
 * Sets one cell of the coverage matrix. The verifier holds final-contract probes only,
 * so a probe covers accepted final and fixed atoms, never temporary or rejected ones.
 */
export async function setCoverage(actorId: string, familyId: string, probeId: string, input: TSetCoverage) {
  return db().$transaction(async (tx) => {
    const probe = await tx.probe.findFirst({ where: { id: probeId, familyId }, select: { ...probeSelect, family: { select: { frozen: true } } } });
    if (!probe) throw notFound("Probe", probeId);
    await assertNotFrozen(probe.family.frozen, familyId);
    const atom = await tx.atom.findFirst({ where: { id: input.atomId, familyId }, select: { id: true, key: true, role: true, status: true } });
    if (!atom) throw notFound("Atom", input.atomId);
    if (input.covered && (atom.status !== "accepted" || atom.role === "temporary")) {
      throw new AppError("UNPROCESSABLE", `A probe covers accepted final or fixed atoms only; ${atom.key} is ${atom.status === "accepted" ? atom.role : atom.status}.`, {
        fieldErrors: { atomId: [`${atom.key} is not in the final contract`] },
      });
    }
    if (input.covered && probe.kind === "guard") {
      throw new AppError("UNPROCESSABLE", `${probe.testId} is a guard test (pass-to-pass); a guard covers no atom. Make it a probe first.`, {
        fieldErrors: { atomId: ["a guard test covers no atom"] },
      });
    }
    const had = probe.atoms.some((a) => a.atomId === atom.id);
    if (had === input.covered) return toProbeDto(probe);
    if (input.covered) await tx.probeAtom.create({ data: { probeId, atomId: atom.id } });
    else await tx.probeAtom.delete({ where: { probeId_atomId: { probeId, atomId: atom.id } } });
    const after = await tx.probe.update({ where: { id: probeId }, data: { version: { increment: 1 } }, select: probeSelect });
    await recordEvent(tx, {
      actorId, action: input.covered ? "probe.cover" : "probe.uncover", entity: "Probe", entityId: probeId, familyId,
      before: { testId: probe.testId, covered: had, atomKey: atom.key }, after: { testId: probe.testId, covered: input.covered, atomKey: atom.key },
    });
    return toProbeDto(after);
  });
}
