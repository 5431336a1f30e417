import "server-only";
import type { DbOrTx } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";

const invalid = (message: string) => new AppError("INVALID_INPUT", message, { fieldErrors: { replacedBy: [message] } });

/**
 * `replacedBy` names the final atom(s) that replace a temporary atom on an override path.
 * Only temporary atoms carry it; each key must be another final or fixed atom of the family
 * that is still a candidate (not rejected or merged).
 */
export async function assertReplacedBy(tx: DbOrTx, familyId: string, self: { key: string | null; role: string }, replacedBy: readonly string[]) {
  if (replacedBy.length === 0) return;
  if (self.role !== "temporary") throw invalid("Only a temporary atom is replaced by other atoms; clear “replaced by” or make the atom temporary.");
  if (self.key !== null && replacedBy.includes(self.key)) throw invalid(`${self.key} cannot replace itself.`);
  const found = await tx.atom.findMany({ where: { familyId, key: { in: [...replacedBy] } }, select: { key: true, role: true, status: true } });
  const byKey = new Map(found.map((a) => [a.key, a]));
  const unknown = replacedBy.filter((k) => !byKey.has(k));
  if (unknown.length > 0) throw invalid(`No atom ${unknown.join(", ")} in this family.`);
  const unusable = found.filter((a) => a.role === "temporary" || a.status === "rejected" || a.status === "merged");
  if (unusable.length > 0) {
    throw invalid(`A temporary atom is replaced by final or fixed atoms that are still candidates; ${unusable.map((a) => `${a.key} is ${a.role === "temporary" ? "temporary" : a.status}`).join(", ")}.`);
  }
}
