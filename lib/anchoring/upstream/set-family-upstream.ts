import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { assertNotFrozen } from "@/lib/family-guard/access";
import { notFound, staleVersion } from "@/lib/errors/app-error";
import type { TSetUpstream } from "@/lib/schemas/upstream";

const upstreamSelect = { upstreamRepo: true, prNumber: true, mergedAt: true, version: true } as const;

/** A curator sets (or corrects) the upstream `owner/name` and PR number the exports name. */
export async function setFamilyUpstream(actorId: string, familyId: string, input: TSetUpstream) {
  return db().$transaction(async (tx) => {
    const row = await tx.taskFamily.findUnique({ where: { id: familyId }, select: { ...upstreamSelect, frozen: true } });
    if (!row) throw notFound("Task family", familyId);
    const { frozen, ...before } = row;
    await assertNotFrozen(frozen, familyId);
    const { count } = await tx.taskFamily.updateMany({
      where: { id: familyId, version: input.version },
      data: { upstreamRepo: input.upstreamRepo, ...(input.prNumber !== undefined ? { prNumber: input.prNumber } : {}), version: { increment: 1 } },
    });
    if (count === 0) throw staleVersion("The task family", before);
    const after = await tx.taskFamily.findUniqueOrThrow({ where: { id: familyId }, select: upstreamSelect });
    await recordEvent(tx, { actorId, action: "family.set_upstream", entity: "TaskFamily", entityId: familyId, familyId, before, after });
    return after;
  });
}
