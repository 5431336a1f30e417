import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { assertNotFrozen } from "@/lib/family-guard/access";
import { AppError, notFound } from "@/lib/errors/app-error";
import type { TCondition } from "@/lib/contract";
import type { TWaiveLeak } from "@/lib/schemas/histories";
import { findRevision } from "./find-revision";
import { toRevisionDto } from "./history-select";
import { lintHistoryText } from "./leak-lint";

/**
 * Records that one leak-lint hit of one revision is not a leak (e.g. "A4" as a paper
 * size), with the curator's reason; the path gate then accepts that hit, and only
 * that one. The hit must be one the lint reports now, as the path gate lints
 * (every atom key of the family, every probe name). Waiving changes no text, so
 * it is allowed on revisions already in review.
 */
export async function waiveLeakHit(actorId: string, familyId: string, condition: TCondition, number: number, input: TWaiveLeak) {
  return db().$transaction(async (tx) => {
    const family = await tx.taskFamily.findUnique({
      where: { id: familyId },
      select: { frozen: true, atoms: { select: { key: true } }, probes: { select: { testId: true } } },
    });
    if (!family) throw notFound("Task family", familyId);
    await assertNotFrozen(family.frozen, familyId);
    const revision = await findRevision(tx, familyId, condition, number);
    const hits = lintHistoryText(revision.turns, { atomKeys: family.atoms.map((a) => a.key), probeTestIds: family.probes.map((p) => p.testId) });
    const hit = hits.find((h) => h.turn === input.turn && h.kind === input.kind && h.match === input.match);
    if (!hit) {
      throw new AppError("UNPROCESSABLE", `Turn ${input.turn} of ${condition} revision ${number} has no ${input.kind} hit "${input.match}" to waive.`, {
        fieldErrors: { match: ["not a current leak-lint hit of this turn"] },
      });
    }
    const key = { revisionId_turn_kind_match: { revisionId: revision.id, turn: input.turn, kind: input.kind, match: input.match } };
    const before = await tx.leakWaiver.findUnique({ where: key, select: { reason: true } });
    await tx.leakWaiver.upsert({
      where: key,
      create: { revisionId: revision.id, turn: input.turn, kind: input.kind, match: input.match, reason: input.reason, createdById: actorId },
      update: { reason: input.reason, createdById: actorId },
    });
    await recordEvent(tx, {
      actorId, action: "leak_waiver.set", entity: "HistoryRevision", entityId: revision.id, familyId,
      before: before ? { turn: input.turn, kind: input.kind, match: input.match, reason: before.reason } : null,
      after: { condition, number, turn: input.turn, kind: input.kind, match: input.match, reason: input.reason, message: hit.message },
    });
    return toRevisionDto(await findRevision(tx, familyId, condition, number));
  });
}
