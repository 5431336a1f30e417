import "server-only";
// The worker's side of an import job (ImportJob): claim one attempt, then write progress,
// candidates and the outcome. Every write after the claim is guarded by (worker, attempt), so an
// attempt presumed dead (its worker stopped beating and the reaper handed the import on) cannot
// overwrite the next one.
import { db, type DbOrTx, type Prisma } from "@/lib/db";

export type TImportClaim = { id: string; attempt: number; workerId: string };

/** An import's statuses while a worker holds it. */
export const HELD_STATUSES = ["running", "waiting"] as const;

/** Takes a queued import for `workerId` (a guarded UPDATE: one attempt runs once); null when it is not queued. */
export async function claimImport(importJobId: string, workerId: string): Promise<TImportClaim | null> {
  const rows = await db().$queryRaw<{ id: string; attempt: number }[]>`
    UPDATE "ImportJob" SET status = 'running', "workerId" = ${workerId}, "heartbeatAt" = now(), attempt = attempt + 1, "updatedAt" = now()
    WHERE id = ${importJobId} AND status = 'queued'
    RETURNING id, attempt`;
  const row = rows[0];
  return row ? { ...row, workerId } : null;
}

/** The rows the claim's attempt may still write: its own, while it holds it. */
export const heldBy = (claim: TImportClaim) =>
  ({ id: claim.id, workerId: claim.workerId, attempt: claim.attempt, status: { in: [...HELD_STATUSES] } }) satisfies Prisma.ImportJobWhereInput;

/** The import is no longer this attempt's (the reaper handed it on): whatever it was writing is rolled back. */
export class ImportClaimLostError extends Error {
  constructor(claim: TImportClaim) {
    super(`import ${claim.id}: attempt ${claim.attempt} no longer holds it`);
  }
}

/** Writes what the claim's attempt did (inside `tx` when given); throws ImportClaimLostError when the import is no longer its own. */
export async function updateImport(claim: TImportClaim, data: Prisma.ImportJobUpdateManyMutationInput, tx: DbOrTx = db()): Promise<void> {
  const { count } = await tx.importJob.updateMany({ where: heldBy(claim), data });
  if (count !== 1) throw new ImportClaimLostError(claim);
}
