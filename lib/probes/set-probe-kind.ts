import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { assertNotFrozen } from "@/lib/family-guard/access";
import { AppError, notFound, staleVersion } from "@/lib/errors/app-error";
import type { TSetProbeKind } from "@/lib/schemas/probes";
import { probeSelect, toProbeDto } from "./list-probes";

/**
 * Makes a verifier test a probe (covers atoms, FAIL_TO_PASS-style) or a guard
 * (PASS_TO_PASS: covers no atom, must pass on gold and every alternative). A probe
 * that still covers atoms cannot become a guard: uncover them first, so no
 * coverage disappears silently.
 */
export async function setProbeKind(actorId: string, familyId: string, probeId: string, input: TSetProbeKind) {
  return db().$transaction(async (tx) => {
    const probe = await tx.probe.findFirst({ where: { id: probeId, familyId }, select: { ...probeSelect, family: { select: { frozen: true } } } });
    if (!probe) throw notFound("Probe", probeId);
    await assertNotFrozen(probe.family.frozen, familyId);
    if (probe.version !== input.version) throw staleVersion(`Probe ${probe.testId}`, toProbeDto(probe));
    if (probe.kind === input.kind) return toProbeDto(probe);
    if (input.kind === "guard" && probe.atoms.length > 0) {
      throw new AppError("UNPROCESSABLE", `${probe.testId} still covers ${probe.atoms.length} atom(s); a guard test covers none. Uncover them first.`, {
        fieldErrors: { kind: ["a guard test covers no atom"] },
      });
    }
    const { count } = await tx.probe.updateMany({ where: { id: probeId, version: input.version }, data: { kind: input.kind, version: { increment: 1 } } });
    if (count === 0) throw staleVersion(`Probe ${probe.testId}`, toProbeDto(probe));
    const after = await tx.probe.findUniqueOrThrow({ where: { id: probeId }, select: probeSelect });
    await recordEvent(tx, {
      actorId, action: "probe.set_kind", entity: "Probe", entityId: probeId, familyId,
      before: { testId: probe.testId, kind: probe.kind, version: probe.version }, after: { testId: after.testId, kind: after.kind, version: after.version },
    });
    return toProbeDto(after);
  });
}
