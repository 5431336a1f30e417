import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError, notFound, staleVersion } from "@/lib/errors/app-error";
import { assertNotFrozen } from "@/lib/families/access";
import { lockFamilyHistories } from "@/lib/histories/find-revision";
import { turnRows } from "@/lib/histories/history-select";
import { requestCalibration } from "@/lib/runs/request-runs";
import { requestOracleAudit } from "./request-oracle-audit";

/**
 * The curator places an addendum (the studio's draft, possibly edited) into every
 * current history where the dependency is hidden: a draft revision gets it in its
 * first turn; a revision that left draft gets a new revision with it. The findings are
 * marked resolved by addendum until the next audit reads the new text.
 */
export async function placeAddendum(actorId: string, familyId: string, findingId: string, input: { sentence: string; version: number }) {
  return db().$transaction(async (tx) => {
    await lockFamilyHistories(tx, familyId);
    const finding = await tx.oracleFinding.findFirst({ where: { id: findingId, familyId }, include: { family: { select: { stage: true } } } });
    if (!finding) throw notFound("Finding", findingId);
    await assertNotFrozen(finding.family.stage, familyId);
    const { family: _family, ...current } = finding;
    if (finding.version !== input.version) throw staleVersion("This finding", current);
    if (finding.category !== "hidden") throw new AppError("UNPROCESSABLE", "A test file the audit cannot read needs a waiver, not an addendum.");
    const targets = await tx.oracleFinding.findMany({
      where: { auditId: finding.auditId, dependencyKey: finding.dependencyKey, resolution: null, category: "hidden" },
      select: { id: true, historyRevisionId: true },
    });
    const revisionIds = [...new Set(targets.map((t) => t.historyRevisionId).filter((id): id is string => id !== null))];
    // Each history where it is hidden gets the sentence in its latest revision (an earlier addendum may have made one).
    const histories = await tx.history.findMany({
      where: { revisions: { some: { id: { in: revisionIds } } } },
      select: { condition: true, revisions: { orderBy: { number: "desc" }, take: 1, select: { id: true, number: true, status: true, historyId: true, turns: { orderBy: { index: "asc" } } } } },
    });
    const placed: { condition: string; number: number }[] = [];
    for (const h of histories) {
      const r = h.revisions[0];
      if (!r || r.turns.length === 0) continue;
      const turns = r.turns.map((t) => ({ text: t.text, activated: t.activated, deactivated: t.deactivated, restated: t.restated }));
      if (turns[0]!.text.includes(input.sentence.trim())) continue;
      turns[0] = { ...turns[0]!, text: `${turns[0]!.text.trimEnd()}\n\n${input.sentence.trim()}` };
      if (r.status === "draft") {
        await tx.turn.update({ where: { revisionId_index: { revisionId: r.id, index: 0 } }, data: { text: turns[0].text } });
        await tx.historyRevision.update({ where: { id: r.id }, data: { version: { increment: 1 } } });
        placed.push({ condition: h.condition, number: r.number });
      } else {
        const created = await tx.historyRevision.create({ data: { historyId: r.historyId, number: r.number + 1, createdById: actorId }, select: { id: true } });
        await tx.turn.createMany({ data: turnRows(created.id, turns) });
        placed.push({ condition: h.condition, number: r.number + 1 });
      }
    }
    await tx.oracleFinding.updateMany({
      where: { id: { in: targets.map((t) => t.id) } },
      data: { resolved: true, resolution: "addendum", addendum: input.sentence.trim(), resolvedById: actorId, resolvedAt: new Date(), version: { increment: 1 } },
    });
    await recordEvent(tx, {
      actorId, action: "oracle_finding.addendum", entity: "OracleFinding", entityId: findingId, familyId,
      before: { resolution: null, dependencyKey: finding.dependencyKey }, after: { resolution: "addendum", sentence: input.sentence.trim(), revisions: placed },
    });
    return { placed, resolved: targets.length };
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
