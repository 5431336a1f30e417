import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError, notFound } from "@/lib/errors/app-error";
import { enqueueRuns } from "@/lib/jobs/enqueue-runs";
import { assertFamilyOpen } from "@/lib/family-guard/assert-open";
import { loadMatrixInput } from "./load-current-content";
import { calibrationMatrix, currentContent, type TRunRequest } from "./matrix";

/**
 * Writes the run rows first, then enqueues the new ones; existing identical runs are reused.
 * Requests for one family are serialized (a transaction lock), so parallel requests see each
 * other's runs: with `reuseInFlight`, a run of that kind still queued or running is the answer
 * instead of a new one (twenty parallel "collect" clicks make one run). A frozen family: 409.
 */
export async function requestRuns(
  actorId: string | null, familyId: string, requests: (TRunRequest | SingleRun | GradeRun)[],
  options: { reuseInFlight?: SingleRun["kind"]; timeoutSec?: number } = {},
) {
  const batchId = crypto.randomUUID();
  const { created, requeued, inFlight } = await db().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`runs:${familyId}`}))::text`;
    // Grade runs are the only runs a frozen family takes (they change nothing of it; the freeze triggers allow them).
    if (!requests.every((r) => r.kind === "grade")) await assertFamilyOpen(tx, familyId);
    if (options.reuseInFlight) {
      const pending = await tx.run.findFirst({
        where: { familyId, kind: options.reuseInFlight, status: { in: [...IN_FLIGHT] as ("queued" | "running")[] }, requestKey: { startsWith: `${familyId}:${options.reuseInFlight}:` } },
        select: { id: true },
      });
      if (pending) return { created: [], requeued: 0, inFlight: pending.id };
    }
    const existing = await tx.run.findMany({
      where: { requestKey: { in: requests.map((r) => r.requestKey) } },
      select: { id: true, requestKey: true, contentHash: true, status: true, attempt: true },
    });
    const before = new Set(existing.map((r) => r.requestKey));
    const wanted = new Map(requests.map((r) => [r.requestKey, r.contentHash ?? null]));
    // A worker that picked a run up after the content changed ran other content
    // (and recorded so): the key still names this content, so it runs again.
    const ranOther = existing.filter((r) => r.contentHash !== null && wanted.get(r.requestKey) !== null && r.contentHash !== wanted.get(r.requestKey) && !IN_FLIGHT.includes(r.status));
    const fresh = requests.filter((r) => !before.has(r.requestKey));
    // The new rows come back from the insert itself (no second read of the batch).
    const inserted = await tx.run.createManyAndReturn({
      select: { id: true, attempt: true },
      data: fresh.map((r) => ({
        familyId, kind: r.kind, patchRole: r.patchRole, patchId: r.patchId, historyRevisionId: r.historyRevisionId,
        historyRevisionVersion: "historyRevisionVersion" in r ? (r.historyRevisionVersion ?? null) : null,
        contentHash: r.contentHash ?? null, repeat: r.repeat, requestKey: r.requestKey, batchId, requestedById: actorId,
        ...(r.kind === "grade" ? { packageHash: r.packageHash, agentPatch: r.agentPatch } : {}),
      })),
      skipDuplicates: true,
    });
    const requeuedRuns: { id: string; attempt: number }[] = [];
    for (const run of ranOther) {
      const { count } = await tx.run.updateMany({
        where: { id: run.id, status: run.status },
        data: { status: "queued", contentHash: wanted.get(run.requestKey)!, message: null, workerId: null, batchId, version: { increment: 1 } },
      });
      if (count === 1) requeuedRuns.push({ id: run.id, attempt: run.attempt });
    }
    await recordEvent(tx, {
      actorId, action: "runs.request", entity: "TaskFamily", entityId: familyId, familyId,
      after: { batchId, requested: requests.length, created: fresh.length, requeued: ranOther.length, kinds: [...new Set(requests.map((r) => r.kind))] },
    });
    return { created: [...inserted, ...requeuedRuns], requeued: ranOther.length, inFlight: null };
  });
  if (inFlight) return { batchId, requested: requests.length, created: 0, requeued: 0, reused: requests.length, runId: inFlight };
  const timeout = options.timeoutSec ?? (await db().verifier.findUnique({ where: { familyId }, select: { timeoutSec: true } }))?.timeoutSec ?? 120;
  await enqueueRuns(created.map((run) => ({ id: run.id, attempt: run.attempt + 1 })), timeout);
  return { batchId, requested: requests.length, created: created.length - requeued, requeued, reused: requests.length - created.length };
}

const IN_FLIGHT: readonly string[] = ["queued", "running"];

export type SingleRun = Omit<TRunRequest, "kind" | "patchRole"> & { kind: "checkout" | "collect" | "oracle_audit" | "counterfactual" | "mine"; patchRole: null };
/** An agent's patch graded against a frozen package (lib/evaluation/request-grading.ts). */
export type GradeRun = Omit<TRunRequest, "kind" | "patchRole" | "contentHash"> & { kind: "grade"; patchRole: "agent"; packageHash: string; agentPatch: string; contentHash?: null };

/** The whole calibration matrix of the family's current content. */
export async function requestCalibration(actorId: string | null, familyId: string) {
  // The family's content answers the preconditions too: one read, not two (issue 24).
  const input = await loadMatrixInput(familyId);
  if (!input) throw notFound("Task family", familyId);
  if (!input.verifier?.testCommand) throw new AppError("UNPROCESSABLE", "Write the verifier's test command before calibrating.");
  if (input.probeCount === 0) throw new AppError("UNPROCESSABLE", "Pick at least one probe before calibrating.");
  if (!input.patches.some((p) => p.kind === "gold")) throw new AppError("UNPROCESSABLE", "Add the gold patch before calibrating.");
  return requestRuns(actorId, familyId, calibrationMatrix(input), { timeoutSec: input.verifier.timeoutSec });
}

/**
 * A one-off run (checkout, collect, audit): a fresh key each time it is asked for explicitly,
 * unless one of its kind is still queued or running (checkout and collect: that run is reused;
 * the audit's key is its content, so asking twice reuses it anyway).
 */
export function requestSingleRun(actorId: string | null, familyId: string, kind: SingleRun["kind"], key: string) {
  return requestRuns(
    actorId, familyId,
    [{ kind, patchRole: null, patchId: null, historyRevisionId: null, repeat: 0, requestKey: `${familyId}:${kind}:${key}` }],
    kind === "oracle_audit" ? {} : { reuseInFlight: kind },
  );
}

// "failed" is a valid outcome (a signature with zeros), not an error, so it is not re-run.
const RERUNNABLE = ["timeout", "infrastructure_error", "patch_apply_failed", "empty_collection", "cancelled"] as const;

/** Re-runs every run of the family that ended without a valid signature, as a new attempt of the same run. */
export async function rerunFailed(actorId: string, familyId: string) {
  const runs = await db().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`runs:${familyId}`}))::text`;
    await assertFamilyOpen(tx, familyId);
    // Only runs of the current content: a run of an edited patch or an older probe list is history, not a failure.
    const current = currentContent((await loadMatrixInput(familyId, tx))!);
    const failed = (await tx.run.findMany({ where: { familyId, status: { in: [...RERUNNABLE] } }, select: { id: true, attempt: true, kind: true, contentHash: true } }))
      .filter((r) => (r.kind !== "calibrate" && r.kind !== "replay") || (r.contentHash !== null && current.has(r.contentHash)));
    await tx.run.updateMany({
      where: { id: { in: failed.map((r) => r.id) }, status: { in: [...RERUNNABLE] } },
      data: { status: "queued", message: null, workerId: null, version: { increment: 1 } },
    });
    await recordEvent(tx, { actorId, action: "runs.rerun_failed", entity: "TaskFamily", entityId: familyId, familyId, after: { runs: failed.length } });
    return failed;
  });
  await enqueueRuns(runs.map((run) => ({ id: run.id, attempt: run.attempt + 1 })));
  return { rerun: runs.length };
}
