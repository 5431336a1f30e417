import "server-only";
import type { DbOrTx } from "@/lib/db";
import type { TCondition } from "@/lib/contract";
import { notFound } from "@/lib/errors/app-error";
import { revisionSelect } from "./history-select";

/** One revision of a family's history, with its turns, or 404. */
export async function findRevision(tx: DbOrTx, familyId: string, condition: TCondition, number: number) {
  const revision = await tx.historyRevision.findFirst({ where: { number, history: { familyId, condition } }, select: revisionSelect });
  if (!revision) throw notFound(`Revision ${number} of the ${condition} history of family`, familyId);
  return revision;
}

/** Serialises revision numbering and scaffolding per family, so two curators never race to the same number. */
export async function lockFamilyHistories(tx: DbOrTx, familyId: string) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`histories:${familyId}`}))`;
}
