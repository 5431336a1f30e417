import "server-only";
import type { DbOrTx } from "@/lib/db";

/** Keys are stable and never reused: the next key follows every key ever issued, rejected ones too. */
export async function nextAtomKey(tx: DbOrTx, familyId: string): Promise<{ key: string; position: number }> {
  const atoms = await tx.atom.findMany({ where: { familyId }, select: { key: true, position: true } });
  const highest = atoms.reduce((max, atom) => Math.max(max, Number(atom.key.replace(/^A/, "")) || 0), 0);
  const position = atoms.reduce((max, atom) => Math.max(max, atom.position), -1) + 1;
  return { key: `A${highest + 1}`, position };
}
