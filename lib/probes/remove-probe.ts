import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { assertNotFrozen } from "@/lib/family-guard/access";
import { notFound } from "@/lib/errors/app-error";

/** Removes a probe (a stale one, typically); the audit event keeps which atoms it covered. */
export async function removeProbe(actorId: string, familyId: string, probeId: string) {
  return db().$transaction(async (tx) => {
    const probe = await tx.probe.findFirst({
      where: { id: probeId, familyId },
      select: { testId: true, stale: true, family: { select: { frozen: true } }, atoms: { select: { atom: { select: { key: true } } } } },
    });
    if (!probe) throw notFound("Probe", probeId);
    await assertNotFrozen(probe.family.frozen, familyId);
    await tx.probe.delete({ where: { id: probeId } });
    await recordEvent(tx, {
      actorId, action: "probe.delete", entity: "Probe", entityId: probeId, familyId,
      before: { testId: probe.testId, stale: probe.stale, atoms: probe.atoms.map((a) => a.atom.key) },
    });
    return { ok: true };
  });
}
