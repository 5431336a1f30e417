import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { assertNotFrozen } from "@/lib/family-guard/access";
import { notFound, staleVersion } from "@/lib/errors/app-error";
import { summary } from "./create-patch";
import { toPatchDto } from "./list-patches";
import { patchSelect } from "./patch-select";

/** Removes a patch deleted from `version`; the audit event keeps its diff. */
export async function deletePatch(actorId: string, familyId: string, patchId: string, version: number) {
  return db().$transaction(async (tx) => {
    const found = await tx.patch.findFirst({ where: { id: patchId, familyId, kind: { not: "hidden_tests" } }, select: { ...patchSelect, family: { select: { frozen: true } } } });
    if (!found) throw notFound("Patch", patchId);
    const { family, ...before } = found;
    await assertNotFrozen(family.frozen, familyId);
    const { count } = await tx.patch.deleteMany({ where: { id: patchId, version } });
    if (count === 0) throw staleVersion(`Patch ${before.name}`, toPatchDto(before));
    await recordEvent(tx, { actorId, action: "patch.delete", entity: "Patch", entityId: patchId, familyId, before: summary(toPatchDto(before)) });
    return { ok: true };
  });
}
