import "server-only";
import { db } from "@/lib/db";
import { collectedOutcomes, type TCollectedOutcome } from "./outcomes";

/** Each collected id's outcome on gold and base, from the latest collect run that collected. */
export async function loadCollectedOutcomes(familyId: string): Promise<Record<string, TCollectedOutcome>> {
  const run = await db().run.findFirst({
    where: { familyId, kind: "collect", status: "passed" },
    orderBy: { createdAt: "desc" },
    select: { results: { orderBy: { attempt: "desc" }, take: 1, select: { probes: true } } },
  });
  return collectedOutcomes(run?.results[0]?.probes);
}

