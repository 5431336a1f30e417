import "server-only";
import { db } from "@/lib/db";
import { heldBy, type TImportClaim } from "./import-claim";

type TProgress = { status?: "running" | "waiting"; progress?: number; total?: number; message?: string };

/**
 * Writes an import's progress at most every `intervalMs` (the page polls it), always keeping
 * the latest values; `flush` writes whatever is pending. Only the claim's own attempt is updated.
 */
export function progressWriter(claim: TImportClaim, intervalMs = 300) {
  let pending: TProgress | null = null;
  let lastWrite = 0;
  let chain: Promise<unknown> = Promise.resolve();

  const write = () => {
    if (!pending) return chain;
    const data = pending;
    pending = null;
    lastWrite = Date.now();
    chain = chain.then(() =>
      db().importJob.updateMany({ where: heldBy(claim), data }).catch((error: unknown) => {
        console.error(`[imports] progress of ${claim.id} not saved`, error);
      }),
    );
    return chain;
  };

  return {
    update(progress: TProgress, force = false) {
      pending = { ...pending, ...progress };
      if (force || Date.now() - lastWrite >= intervalMs) void write();
    },
    flush: () => write(),
  };
}
export type TProgressWriter = ReturnType<typeof progressWriter>;
