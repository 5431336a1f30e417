import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { staleVersion } from "@/lib/errors/app-error";
import type { TCondition } from "@/lib/contract";
import type { TSaveRevision } from "@/lib/schemas/histories";
import { assertKnownAtoms } from "./assert-known-atoms";
import { checkHistory } from "./check-history";
import { revisionSelect, toRevisionDto, turnRows } from "./history-select";
import { loadLatestHistories } from "./load-latest-histories";
import { loadDraftForChange } from "./load-draft-for-change";

/**
 * Saves a draft revision's turns made from `version`. A history that does not
 * replay to C* is saved all the same (it is a draft); the returned check and
 * the path gate say why it fails. A stale copy or a revision sent to review gets 409.
 */
export async function saveRevision(actorId: string, familyId: string, condition: TCondition, number: number, input: TSaveRevision) {
  return db().$transaction(async (tx) => {
    const { family, before, current } = await loadDraftForChange(tx, familyId, condition, number);
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
