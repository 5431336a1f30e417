import "server-only";
import type { DbOrTx } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { TNegativeMode, TPatchKind } from "@/lib/schemas/patches";

const invalid = (field: string, message: string) => new AppError("INVALID_INPUT", message, { fieldErrors: { [field]: [message] } });

/**
 * A negative targets one accepted final atom and says how it breaks it (remove | reverse);
 * gold and alternatives target nothing.
 */
export async function resolvePatchTarget(
  tx: DbOrTx,
  familyId: string,
  kind: TPatchKind,
  targetAtomId: string | null | undefined,
  mode: TNegativeMode | null | undefined,
): Promise<{ targetAtomId: string | null; mode: TNegativeMode | null; targetKey: string | null }> {
  if (kind !== "negative") {
    if (targetAtomId || mode) throw invalid(targetAtomId ? "targetAtomId" : "mode", `Only a negative patch has a target atom and a mode; a ${kind} patch satisfies the whole contract.`);
    return { targetAtomId: null, mode: null, targetKey: null };
  }
  if (!targetAtomId) throw invalid("targetAtomId", "A negative needs a target atom: the final atom it removes or reverses.");
  if (!mode) throw invalid("mode", "A negative needs a mode: remove (the behavior is gone) or reverse (the opposite happens).");
  const atom = await tx.atom.findFirst({ where: { id: targetAtomId, familyId }, select: { key: true, role: true, status: true } });
  if (!atom) throw invalid("targetAtomId", `No atom ${targetAtomId} in this family.`);
  if (atom.status !== "accepted" || atom.role !== "final") {
    throw new AppError("UNPROCESSABLE", `A negative targets an accepted final atom; ${atom.key} is ${atom.status === "accepted" ? atom.role : atom.status}.`, {
      fieldErrors: { targetAtomId: [`${atom.key} is not an accepted final atom`] },
    });
  }
  return { targetAtomId, mode, targetKey: atom.key };
}
