import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit/record-event";
import { assertNotFrozen } from "@/lib/families/access";
import { staleVersion } from "@/lib/errors/app-error";
import type { TCondition } from "@/lib/contract";
import type { TSaveRevision } from "@/lib/schemas/histories";
import { assertKnownAtoms } from "./assert-known-atoms";
import { checkHistory } from "./check-history";
import { findRevision } from "./find-revision";
import { revisionSelect, toRevisionDto, turnRows } from "./history-select";
import { loadFamilyCatalog } from "./load-family-catalog";
import { loadLatestHistories } from "./load-latest-histories";
import { notDraft } from "./revision-errors";

/**
 * Saves a draft revision's turns made from `version`. A history that does not
 * replay to C* is saved all the same (it is a draft); the returned check and
 * the path gate say why it fails. A stale copy or a revision sent to review gets 409.
 */
export async function saveRevision(actorId: string, familyId: string, condition: TCondition, number: number, input: TSaveRevision) {
  return db().$transaction(async (tx) => {
    const family = await loadFamilyCatalog(tx, familyId);
    assertNotFrozen(family.stage);
    const before = await findRevision(tx, familyId, condition, number);
    const current = toRevisionDto(before);
    if (before.status !== "draft") throw notDraft(before, condition, current);
    assertKnownAtoms(family.catalog, input.turns);
    const { count } = await tx.historyRevision.updateMany({
      where: { id: before.id, version: input.version, status: "draft" },
      data: { version: { increment: 1 } },
    });
    if (count === 0) throw staleVersion(`Revision ${number} of ${condition}`, current);
    await tx.turn.deleteMany({ where: { revisionId: before.id } });
    await tx.turn.createMany({ data: turnRows(before.id, input.turns) });
    const after = toRevisionDto(await tx.historyRevision.findUniqueOrThrow({ where: { id: before.id }, select: revisionSelect }));
    await recordEvent(tx, {
      actorId, action: "history_revision.update", entity: "HistoryRevision", entityId: before.id, familyId,
      before: { condition, number, version: current.version, turns: current.turns },
      after: { condition, number, version: after.version, turns: after.turns },
    });
    const others = await loadLatestHistories(tx, familyId);
    const check = checkHistory({ condition, turns: after.turns }, {
      catalog: family.catalog, others, lint: { atomKeys: family.atomKeys, probeTestIds: family.probeTestIds },
    });
    return { revision: after, check };
  });
}
