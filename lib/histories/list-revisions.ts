import "server-only";
import { db } from "@/lib/db";
import type { TCondition } from "@/lib/contract";
import { notFound } from "@/lib/errors/app-error";
import { revisionSummarySelect, toRevisionSummaryDto } from "./history-select";

/** Every revision of one history, newest first; the family keeps them all. */
export async function listRevisions(familyId: string, condition: TCondition) {
  const history = await db().history.findUnique({
    where: { familyId_condition: { familyId, condition } },
    select: { revisions: { select: revisionSummarySelect, orderBy: { number: "desc" } } },
  });
  if (!history) throw notFound(`The ${condition} history of family`, familyId);
  return history.revisions.map(toRevisionSummaryDto);
}
