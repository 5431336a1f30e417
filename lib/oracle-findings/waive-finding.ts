import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError, notFound, staleVersion } from "@/lib/errors/app-error";
import { assertNotFrozen } from "@/lib/families/access";

/** A lead accepts a hidden dependency (or an unread test file) with a rationale; later audits keep the waiver. */
export async function waiveFinding(actorId: string, familyId: string, findingId: string, input: { rationale: string; version: number }) {
  return db().$transaction(async (tx) => {
    const before = await tx.oracleFinding.findFirst({ where: { id: findingId, familyId }, include: { family: { select: { stage: true } } } });
    if (!before) throw notFound("Finding", findingId);
    await assertNotFrozen(before.family.stage, familyId);
    const { family: _family, ...current } = before;
    if (before.version !== input.version) throw staleVersion("This finding", current);
    if (before.resolution) throw new AppError("CONFLICT", `This finding is already resolved (${before.resolution}).`, { current });
    const { count } = await tx.oracleFinding.updateMany({
      where: { id: findingId, version: input.version },
      data: { resolved: true, resolution: "waived", rationale: input.rationale, resolvedById: actorId, resolvedAt: new Date(), version: { increment: 1 } },
    });
    if (count === 0) throw staleVersion("This finding", current);
    const after = await tx.oracleFinding.findUniqueOrThrow({ where: { id: findingId } });
    await recordEvent(tx, {
      actorId, action: "oracle_finding.waive", entity: "OracleFinding", entityId: findingId, familyId,
      before: { resolution: null, name: before.name, historyRevisionId: before.historyRevisionId }, after: { resolution: "waived", rationale: input.rationale },
    });
    return after;
  });
}
