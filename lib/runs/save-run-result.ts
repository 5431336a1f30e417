import "server-only";
import { db, Prisma } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { type TRunOutcome } from "@/lib/contract/types";

export type TRunOutcomeStatus = TRunOutcome;

export type TRunResultInput = {
  status: TRunOutcomeStatus;
  signature: number[];
  probes: unknown;
  stdout: string;
  stderr: string;
  message: string | null;
  sandbox: string;
  warnings: string[];
  timings: Record<string, number>;
  collected?: string[];
  /** Collected ids that several executed tests share (collect runs). */
  shared?: string[];
  /** Probe row ids the signature's bits refer to, in order. */
  probeIds?: string[];
  /** The content this attempt actually ran (lib/runs/content-hash.ts). */
  contentHash?: string;
};

/**
 * Records the result of one attempt, only if this attempt still holds the run:
 * a worker that was presumed dead (killed, or just slow) and finishes after its
 * run went back to the queue writes nothing, so neither the run's outcome nor
 * its results get a second entry. The RunResult is an upsert keyed by
 * (run, attempt), written in the same transaction as the guarded update.
 */
export async function saveRunResult(runId: string, attempt: number, workerId: string, result: TRunResultInput): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const data = {
      workerId, status: result.status, signature: result.signature, probes: result.probes as Prisma.InputJsonValue,
      stdout: result.stdout, stderr: result.stderr, message: result.message, sandbox: result.sandbox,
      warnings: result.warnings, timings: result.timings,
    };
    const [run] = await tx.run.updateManyAndReturn({
      where: { id: runId, attempt, status: "running" },
      data: {
        status: result.status, signature: result.signature, message: result.message, warnings: result.warnings,
        ...(result.probeIds ? { probeIds: result.probeIds } : {}),
        ...(result.contentHash ? { contentHash: result.contentHash } : {}),
        finishedAt: new Date(), version: { increment: 1 },
      },
      select: { familyId: true, kind: true },
    });
    if (!run) return false;
    await tx.runResult.upsert({ where: { runId_attempt: { runId, attempt } }, create: { runId, attempt, ...data }, update: data });
    if (run.kind === "collect" && result.collected) await recordCollection(tx, run.familyId, result.collected, result.shared ?? []);
    await recordEvent(tx, {
      actorId: null, action: "run.finish", entity: "Run", entityId: runId, familyId: run.familyId,
      after: { attempt, status: result.status, signature: result.signature, workerId },
    });
    return true;
  });
}

// A probe whose test is no longer collected is stale: the reconciliation gate fails on it.
async function recordCollection(tx: Prisma.TransactionClient, familyId: string, collected: string[], shared: string[]) {
  await tx.verifier.updateMany({ where: { familyId }, data: { collectedTests: collected, sharedTestIds: shared } });
  await tx.probe.updateMany({ where: { familyId, testId: { notIn: collected } }, data: { stale: true } });
  await tx.probe.updateMany({ where: { familyId, testId: { in: collected } }, data: { stale: false } });
}
