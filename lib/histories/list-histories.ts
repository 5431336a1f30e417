import "server-only";
import { db } from "@/lib/db";
import { CONDITIONS, type TCondition } from "@/lib/contract";
import type { THistoriesDto } from "@/lib/schemas/histories";
import { revisionSelect, revisionSummarySelect, toRevisionDto, toRevisionSummaryDto } from "./history-select";
import { loadFamilyCatalog } from "./load-family-catalog";

/** Every history of a family with its latest revision and turns, plus the catalog the editor picks events from. */
export async function listHistories(familyId: string): Promise<THistoriesDto> {
  const context = await loadFamilyCatalog(db(), familyId);
  const histories = await db().history.findMany({
    where: { familyId },
    select: {
      id: true,
      condition: true,
      revisions: { select: revisionSummarySelect, orderBy: { number: "desc" } },
    },
  });
  const latestIds = histories.flatMap((h) => (h.revisions[0] ? [h.revisions[0].id] : []));
  const latest = await db().historyRevision.findMany({ where: { id: { in: latestIds } }, select: revisionSelect });
  const byId = new Map(latest.map((r) => [r.id, toRevisionDto(r)]));
  const order = (c: TCondition) => CONDITIONS.indexOf(c);
  return {
    familyId,
    frozen: context.frozen,
    catalog: context.catalog,
    atomKeys: context.atomKeys,
    probeTestIds: context.probeTestIds,
    overrides: context.overrides,
    protocol: context.protocol,
    histories: histories
      .filter((h) => h.revisions[0])
      .map((h) => ({
        id: h.id,
        condition: h.condition as TCondition,
        revision: byId.get(h.revisions[0]!.id)!,
        revisions: h.revisions.map(toRevisionSummaryDto),
      }))
      .sort((a, b) => order(a.condition) - order(b.condition)),
  };
}
