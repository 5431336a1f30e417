import "server-only";
import type { DbOrTx } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";

/**
 * An execution proposal knows the collected test it came from. When a person accepts it as a
 * final or fixed atom, that test becomes its probe (added if it is not one yet, never a guard
 * turned into a probe) and covers it, in the same transaction: the curator does not pick the
 * test again and tick its coverage by hand. Ids collection no longer reports are left alone.
 */
export async function attachProposedProbes(
  tx: DbOrTx, actorId: string, familyId: string,
  atom: { id: string; key: string; role: string; proposedTestIds: readonly string[] },
): Promise<string[]> {
  if (atom.role === "temporary" || atom.proposedTestIds.length === 0) return [];
  const verifier = await tx.verifier.findUnique({ where: { familyId }, select: { collectedTests: true } });
  const collected = new Set(verifier?.collectedTests ?? []);
  const wanted = [...new Set(atom.proposedTestIds)].filter((id) => collected.has(id));
  if (wanted.length === 0) return [];
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`probes:${familyId}`}))`;
  const existing = await tx.probe.findMany({ where: { familyId }, select: { id: true, testId: true, kind: true, position: true, atoms: { select: { atomId: true } } } });
  let position = existing.reduce((max, p) => Math.max(max, p.position), -1);
  const covered: string[] = [];
  for (const testId of wanted) {
    let probe = existing.find((p) => p.testId === testId);
    if (probe?.kind === "guard") continue;
    if (!probe) {
      const created = await tx.probe.create({ data: { familyId, testId, kind: "probe", position: ++position }, select: { id: true, testId: true, kind: true, position: true } });
      probe = { ...created, atoms: [] };
      await recordEvent(tx, { actorId, action: "probe.create", entity: "Probe", entityId: probe.id, familyId, after: { testId, kind: "probe", position: probe.position, fromProposal: atom.key } });
    }
    if (probe.atoms.some((a) => a.atomId === atom.id)) continue;
    await tx.probeAtom.create({ data: { probeId: probe.id, atomId: atom.id } });
    await tx.probe.update({ where: { id: probe.id }, data: { version: { increment: 1 } } });
    await recordEvent(tx, { actorId, action: "probe.cover", entity: "Probe", entityId: probe.id, familyId, before: { testId, covered: false, atomKey: atom.key }, after: { testId, covered: true, atomKey: atom.key, fromProposal: true } });
    covered.push(testId);
  }
  return covered;
}
