import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { assertNotFrozen } from "@/lib/family-guard/access";
import { AppError, notFound, staleVersion } from "@/lib/errors/app-error";
import { validatePatch } from "@/lib/patches/validate-patch";
import type { TSaveVerifier } from "@/lib/schemas/verifier";
import { getVerifier, toVerifierDto, verifierSelect } from "./get-verifier";
import { sliceDefaults } from "@/lib/patches/slice-defaults";
import { assertImageRunnable } from "./image-runtime";

/**
 * Creates or updates the family's verifier and execution protocol. The hidden test patch,
 * when given, is validated like any patch (a unified diff that `git apply --check` accepts on the base).
 * A new or changed `image` needs a live worker with a container runtime, else every run would fail.
 */
export async function saveVerifier(actorId: string, familyId: string, input: TSaveVerifier) {
  const family = await db().taskFamily.findUnique({ where: { id: familyId }, select: { frozen: true, repo: true, baseCommit: true } });
  if (!family) throw notFound("Task family", familyId);
  await assertNotFrozen(family.frozen, familyId);
  const existing = await db().verifier.findUnique({ where: { familyId }, select: { version: true, hiddenTestPatch: true, image: true } });
  if (existing && input.version !== existing.version) throw staleVersion("The verifier", await getVerifier(familyId));
  if (input.image?.trim() && input.image.trim() !== (existing?.image ?? "")) await assertImageRunnable(input.image.trim());
  if (input.hiddenTestPatch.trim() && input.hiddenTestPatch !== existing?.hiddenTestPatch) {
    await validatePatch({ text: input.hiddenTestPatch, family, field: "hiddenTestPatch" });
  }
  const data = {
    setupCommand: input.setupCommand || null,
    testCommand: input.testCommand,
    resultFormat: input.resultFormat,
    timeoutSec: input.timeoutSec,
    image: input.image || null,
    protocol: input.protocol,
    hiddenTestPatch: input.hiddenTestPatch,
  };
  return db().$transaction(async (tx) => {
    const before = await tx.verifier.findUnique({ where: { familyId }, select: verifierSelect });
    let after;
    if (!before) {
      if (existing) throw staleVersion("The verifier", await getVerifier(familyId, tx));
      after = await tx.verifier.create({ data: { familyId, ...data }, select: verifierSelect }).catch((error: unknown) => {
        if ((error as { code?: string }).code === "P2002") throw new AppError("CONFLICT", "Someone else created the verifier meanwhile; reload to see it.");
        throw error;
      });
    } else {
      const { count } = await tx.verifier.updateMany({ where: { familyId, version: input.version ?? -1 }, data: { ...data, version: { increment: 1 } } });
      if (count === 0) throw staleVersion("The verifier", await getVerifier(familyId, tx));
      after = await tx.verifier.findUniqueOrThrow({ where: { familyId }, select: verifierSelect });
    }
    await recordEvent(tx, {
      actorId, action: before ? "verifier.update" : "verifier.create", entity: "Verifier", entityId: after.id, familyId,
      before: before ?? undefined, after,
    });
    return toVerifierDto(after, (await sliceDefaults(tx, familyId)).hiddenTests);
  });
}
