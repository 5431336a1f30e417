import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError, notFound, staleVersion } from "@/lib/errors/app-error";
import { assertNotFrozen } from "@/lib/family-guard/access";
import { lockFamilyHistories } from "@/lib/histories/find-revision";
import { turnRows } from "@/lib/histories/history-select";
import { requestCalibration } from "@/lib/runs/request-runs";
import { requestOracleAudit } from "./request-oracle-audit";

/**
 * The curator places an addendum (the studio's draft, possibly edited) once for a
 * dependency: it goes into every history the latest audit found lacking it (a finding
 * there) — never into a history that states it (no finding there). Which histories lack it
 * is the audit's word, not a search for the sentence, so its wording is free. A draft
 * revision gets it in its first turn; a revision that left draft gets a new revision with it.
 * The findings are marked resolved by addendum until the next audit reads the new text.
 */
export async function placeAddendum(actorId: string, familyId: string, findingId: string, input: { sentence: string; version: number }) {
  return db().$transaction(async (tx) => {
    await lockFamilyHistories(tx, familyId);
    const finding = await tx.oracleFinding.findFirst({ where: { id: findingId, familyId }, include: { family: { select: { frozen: true } } } });
    if (!finding) throw notFound("Finding", findingId);
    await assertNotFrozen(finding.family.frozen, familyId);
    const { family: _family, ...current } = finding;
    if (finding.version !== input.version) throw staleVersion("This finding", current);
    if (finding.category !== "hidden") throw new AppError("UNPROCESSABLE", "A test file the audit cannot read needs a waiver, not an addendum.");
    const latest = await tx.oracleAudit.findFirst({ where: { familyId }, orderBy: { createdAt: "desc" }, select: { id: true } });
    // A newer audit (say, after another addendum) is the word on where it is still lacking.
    const targets = await tx.oracleFinding.findMany({
      where: { auditId: latest?.id ?? finding.auditId, dependencyKey: finding.dependencyKey, resolution: null, category: "hidden", historyRevisionId: { not: null } },
      select: { id: true, historyRevisionId: true },
    });
    const revisionsOf = new Map((await tx.historyRevision.findMany({ where: { id: { in: targets.map((t) => t.historyRevisionId!) } }, select: { id: true, historyId: true } })).map((r) => [r.id, r.historyId]));
    const histories = await tx.history.findMany({
      where: { revisions: { some: { id: { in: targets.map((t) => t.historyRevisionId!) } } } },
      select: { condition: true, revisions: { orderBy: { number: "desc" }, take: 1, select: { id: true, number: true, status: true, historyId: true, turns: { orderBy: { index: "asc" } } } } },
    });
    const sentence = input.sentence.trim();
    const placed: { condition: string; number: number }[] = [];
    const skipped: { condition: string; reason: string }[] = [];
    const resolvedIds: string[] = [];
    for (const h of histories) {
      // The latest revision: an addendum placed for another dependency since the audit may have made it.
      const r = h.revisions[0];
      if (!r || r.turns.length === 0) {
        skipped.push({ condition: h.condition, reason: "the revision has no turn to add it to" });
        continue;
      }
      const turns = r.turns.map((t) => ({ text: t.text, activated: t.activated, deactivated: t.deactivated, restated: t.restated }));
      turns[0] = { ...turns[0]!, text: `${turns[0]!.text.trimEnd()}\n\n${sentence}` };
      if (r.status === "draft") {
        await tx.turn.update({ where: { revisionId_index: { revisionId: r.id, index: 0 } }, data: { text: turns[0].text } });
        await tx.historyRevision.update({ where: { id: r.id }, data: { version: { increment: 1 } } });
        placed.push({ condition: h.condition, number: r.number });
      } else {
        const created = await tx.historyRevision.create({ data: { historyId: r.historyId, number: r.number + 1, createdById: actorId }, select: { id: true } });
        await tx.turn.createMany({ data: turnRows(created.id, turns) });
        placed.push({ condition: h.condition, number: r.number + 1 });
      }
      resolvedIds.push(...targets.filter((t) => revisionsOf.get(t.historyRevisionId!) === r.historyId).map((t) => t.id));
    }
    if (placed.length === 0) throw new AppError("CONFLICT", `The addendum was placed nowhere: ${skipped.map((s) => `${s.condition} — ${s.reason}`).join("; ") || "no current history lacks it"}.`, { current });
    await tx.oracleFinding.updateMany({
      where: { id: { in: resolvedIds } },
      data: { resolved: true, resolution: "addendum", addendum: sentence, resolvedById: actorId, resolvedAt: new Date(), version: { increment: 1 } },
    });
    await recordEvent(tx, {
      actorId, action: "oracle_finding.addendum", entity: "OracleFinding", entityId: findingId, familyId,
      before: { resolution: null, dependencyKey: finding.dependencyKey }, after: { resolution: "addendum", sentence, revisions: placed, skipped },
    });
    return { placed, skipped, resolved: resolvedIds.length };
  });
}

/** Places the addendum, then re-runs replay (the new revisions) and the audit. */
export async function placeAddendumAndRerun(actorId: string, familyId: string, findingId: string, input: { sentence: string; version: number }) {
  const placed = await placeAddendum(actorId, familyId, findingId, input);
  // Replay needs a calibrated verifier; when it is not ready yet the audit still runs.
  await requestCalibration(actorId, familyId).catch((error: unknown) => {
    if (!(error instanceof AppError)) throw error;
  });
  await requestOracleAudit(actorId, familyId);
  return placed;
}
