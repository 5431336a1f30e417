import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { assertNotFrozen } from "@/lib/family-guard/access";
import { notFound, staleVersion } from "@/lib/errors/app-error";
import type { TUpdateEvidenceText } from "@/lib/schemas/evidence";

const textSelect = { issueTitle: true, issueBody: true, prTitle: true, prBody: true, version: true } as const;

/**
 * The curator fills in text a source could not give (a local repository has no issue tracker:
 * "Fixes #12" names an issue whose text must be pasted). The diff itself is never edited.
 */
export async function updateEvidenceText(actorId: string, familyId: string, input: TUpdateEvidenceText) {
  const { version, ...fields } = input;
  return db().$transaction(async (tx) => {
    const row = await tx.evidence.findUnique({ where: { familyId }, select: { ...textSelect, family: { select: { frozen: true } } } });
    if (!row) throw notFound("Evidence of task family", familyId);
    const { family, ...before } = row;
    await assertNotFrozen(family.frozen, familyId);
    const { count } = await tx.evidence.updateMany({ where: { familyId, version }, data: { ...fields, version: { increment: 1 } } });
    if (count === 0) throw staleVersion("The evidence", before);
    const after = await tx.evidence.findUniqueOrThrow({ where: { familyId }, select: textSelect });
    await recordEvent(tx, { actorId, action: "evidence.update", entity: "Evidence", entityId: familyId, familyId, before, after });
    return after;
  });
}
