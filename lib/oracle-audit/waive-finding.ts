import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError, notFound, staleVersion } from "@/lib/errors/app-error";
import { assertNotFrozen } from "@/lib/family-guard/access";
import type { TOracleWaiver } from "@/lib/schemas/oracle-audit";

/**
 * A lead accepts a hidden dependency (or an unread test file) with a rationale, once: for
 * every history of the family (the default), or for the finding's history alone. Every
 * finding of the latest audit it covers is resolved now, and later audits — of edited
 * text, of new revisions — keep the waiver (lib/oracle-audit/save-oracle-audit.ts).
 */
export async function waiveFinding(actorId: string, familyId: string, findingId: string, input: TOracleWaiver) {
  return db().$transaction(async (tx) => {
    const before = await tx.oracleFinding.findFirst({ where: { id: findingId, familyId }, include: { family: { select: { frozen: true } } } });
    if (!before) throw notFound("Finding", findingId);
    await assertNotFrozen(before.family.frozen, familyId);
    const { family: _family, ...current } = before;
    if (before.version !== input.version) throw staleVersion("This finding", current);
    if (before.resolution) throw new AppError("CONFLICT", `This finding is already resolved (${before.resolution}).`, { current });
    const historyId = input.scope === "history" && before.historyRevisionId
      ? (await tx.historyRevision.findUniqueOrThrow({ where: { id: before.historyRevisionId }, select: { historyId: true } })).historyId
      : "";
    const existing = await tx.oracleWaiver.findUnique({ where: { familyId_dependencyKey_historyId: { familyId, dependencyKey: before.dependencyKey, historyId } } });
    if (existing) throw new AppError("CONFLICT", "This dependency is already waived; run the audit to apply the waiver to its findings.", { current });
    const waiver = await tx.oracleWaiver.create({
      data: { familyId, dependencyKey: before.dependencyKey, historyId, name: before.name, rationale: input.rationale, createdById: actorId },
    });
    // Every unresolved finding of this audit the waiver covers: all histories, or the revisions of this one.
    const revisionIds = historyId
      ? (await tx.historyRevision.findMany({ where: { historyId }, select: { id: true } })).map((r) => r.id)
      : null;
    const covered = await tx.oracleFinding.findMany({
      where: { auditId: before.auditId, dependencyKey: before.dependencyKey, resolution: null, ...(revisionIds ? { historyRevisionId: { in: revisionIds } } : {}) },
      select: { id: true, historyRevisionId: true },
    });
    const { count } = await tx.oracleFinding.updateMany({
      where: { id: { in: covered.map((c) => c.id) }, resolution: null },
      data: { resolved: true, resolution: "waived", rationale: input.rationale, resolvedById: actorId, resolvedAt: waiver.createdAt, version: { increment: 1 } },
    });
    if (count !== covered.length) throw staleVersion("This finding", current);
    const after = await tx.oracleFinding.findUniqueOrThrow({ where: { id: findingId } });
    await recordEvent(tx, {
      actorId, action: "oracle_finding.waive", entity: "OracleFinding", entityId: findingId, familyId,
      before: { resolution: null, name: before.name, dependencyKey: before.dependencyKey, historyRevisionId: before.historyRevisionId },
      after: { resolution: "waived", rationale: input.rationale, waiverId: waiver.id, scope: historyId ? "history" : "family", findings: covered.length },
    });
    return { ...after, waived: covered.length, scope: historyId ? "history" : "family" };
  });
}
