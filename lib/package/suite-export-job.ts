import "server-only";
// The worker's side of a suite export job (ExportJob): claim one attempt, write progress, finish.
// Every write after the claim is guarded by (worker, attempt), so an attempt presumed dead (its
// worker stopped beating and the reaper handed the export on) cannot overwrite the next one.
import path from "node:path";
import { db } from "@/lib/db";
import { studioDataDir } from "@/lib/runner/mirror";

export type TExportClaim = { id: string; suiteId: string; attempt: number; workerId: string };

/** Takes a queued export for `workerId` (a guarded UPDATE: one attempt runs once); null when it is not queued. */
export async function claimSuiteExport(exportJobId: string, workerId: string): Promise<TExportClaim | null> {
  const rows = await db().$queryRaw<{ id: string; suiteId: string; attempt: number }[]>`
    UPDATE "ExportJob" SET status = 'running', "workerId" = ${workerId}, "heartbeatAt" = now(), attempt = attempt + 1,
      progress = 0, "updatedAt" = now()
    WHERE id = ${exportJobId} AND status = 'queued'
    RETURNING id, "suiteId", attempt`;
  const row = rows[0];
  return row ? { ...row, workerId } : null;
}

/** Writes what the claim's attempt did; false when the export is no longer this attempt's. */
export async function updateSuiteExport(claim: TExportClaim, data: { status?: "done" | "failed"; progress?: number; total?: number; message?: string; file?: string }): Promise<boolean> {
  const { count } = await db().exportJob.updateMany({ where: { id: claim.id, workerId: claim.workerId, attempt: claim.attempt, status: "running" }, data });
  return count === 1;
}

/** Where a suite's archive is written: the data folder's exports/ (the web server downloads it from there). */
export function suiteExportFile(suiteName: string, exportJobId: string): string {
  return path.join(studioDataDir(), "exports", `${suiteName.replace(/[^A-Za-z0-9._-]+/g, "_")}-${exportJobId}.tar.gz`);
}
