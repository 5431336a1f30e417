import "server-only";
import type { DbOrTx } from "@/lib/db";
import type { TCondition, THistory } from "@/lib/contract";

/** The latest revision of each history of a family, as the contract engine reads histories. */
export async function loadLatestHistories(tx: DbOrTx, familyId: string): Promise<THistory[]> {
  const histories = await tx.history.findMany({
    where: { familyId },
    select: {
      condition: true,
      revisions: {
        orderBy: { number: "desc" },
        take: 1,
        select: { turns: { select: { text: true, activated: true, deactivated: true, restated: true }, orderBy: { index: "asc" } } },
      },
    },
  });
  return histories.flatMap((h) => (h.revisions[0] ? [{ condition: h.condition as TCondition, turns: h.revisions[0].turns }] : []));
}
