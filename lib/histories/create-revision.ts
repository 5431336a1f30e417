import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { assertNotFrozen } from "@/lib/family-guard/access";
import { AppError } from "@/lib/errors/app-error";
import type { TCondition } from "@/lib/contract";
import type { TCreateRevision } from "@/lib/schemas/histories";
import { assertKnownAtoms } from "./assert-known-atoms";
import { lockFamilyHistories } from "./find-revision";
import { revisionSelect, toRevisionDto, turnRows } from "./history-select";
import { loadFamilyCatalog } from "./load-family-catalog";
import { emptyTurn } from "./turn-ops";

/**
 * Starts a history (revision 1, with the given turns or one empty turn), or
 * opens the next revision of a history whose latest revision left draft: a
 * copy of its turns, numbered one higher. The earlier revision stays as it was.
 */
export async function createRevision(actorId: string, familyId: string, condition: TCondition, input: TCreateRevision = {}) {
  return db().$transaction(async (tx) => {
    await lockFamilyHistories(tx, familyId);
    const family = await loadFamilyCatalog(tx, familyId);
    await assertNotFrozen(family.frozen, familyId);
    const history = await tx.history.findUnique({
      where: { familyId_condition: { familyId, condition } },
      select: { id: true, revisions: { orderBy: { number: "desc" }, take: 1, select: revisionSelect } },
    });
    const latest = history?.revisions[0];
    if (latest && latest.status === "draft") {
      throw new AppError("CONFLICT", `Revision ${latest.number} of ${condition} is still a draft; edit it instead of starting another.`, { current: toRevisionDto(latest) });
    }
    if (latest && input.turns) {
      throw new AppError("INVALID_INPUT", "A new revision starts as a copy of the latest one; save its turns once it exists.", { fieldErrors: { turns: ["only for the first revision"] } });
    }
    const turns = latest ? latest.turns : (input.turns ?? [emptyTurn()]);
    assertKnownAtoms(family.catalog, turns);
    const historyId = history?.id ?? (await tx.history.create({ data: { familyId, condition }, select: { id: true } })).id;
    const created = await tx.historyRevision.create({
      data: { historyId, number: (latest?.number ?? 0) + 1, createdById: actorId },
      select: { id: true },
    });
    await tx.turn.createMany({ data: turnRows(created.id, turns) });
    // The copy has the same text, so the curator's leak-lint waivers (with their reasons) carry over.
    if (latest && latest.leakWaivers.length > 0) {
      await tx.leakWaiver.createMany({ data: latest.leakWaivers.map((w) => ({ revisionId: created.id, turn: w.turn, kind: w.kind, match: w.match, reason: w.reason, createdById: actorId })) });
    }
    const revision = toRevisionDto(await tx.historyRevision.findUniqueOrThrow({ where: { id: created.id }, select: revisionSelect }));
    await recordEvent(tx, {
      actorId, action: "history_revision.create", entity: "HistoryRevision", entityId: created.id, familyId,
      before: latest ? { condition, number: latest.number, status: latest.status } : undefined,
      after: { condition, number: revision.number, copiedFrom: latest?.number ?? null, turns: revision.turns },
    });
    return revision;
  });
}
