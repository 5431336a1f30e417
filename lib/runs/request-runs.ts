import crypto from "node:crypto";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError, notFound } from "@/lib/errors/app-error";
import { enqueueRuns } from "@/lib/jobs/enqueue-runs";
import { calibrationMatrix, type TRunRequest } from "./matrix";

/** Writes the run rows first, then enqueues the new ones; existing identical runs are reused. */
export async function requestRuns(actorId: string | null, familyId: string, requests: (TRunRequest | SingleRun)[]) {
  const batchId = crypto.randomUUID();
  const created = await db().$transaction(async (tx) => {
    const before = new Set(
      (await tx.run.findMany({ where: { requestKey: { in: requests.map((r) => r.requestKey) } }, select: { requestKey: true } })).map((r) => r.requestKey),
    );
    const fresh = requests.filter((r) => !before.has(r.requestKey));
    await tx.run.createMany({
      data: fresh.map((r) => ({
        familyId, kind: r.kind, patchRole: r.patchRole, patchId: r.patchId, historyRevisionId: r.historyRevisionId,
        historyRevisionVersion: "historyRevisionVersion" in r ? (r.historyRevisionVersion ?? null) : null,
        repeat: r.repeat, requestKey: r.requestKey, batchId, requestedById: actorId,
      })),
      skipDuplicates: true,
    });
    await recordEvent(tx, {
      actorId, action: "runs.request", entity: "TaskFamily", entityId: familyId, familyId,
      after: { batchId, requested: requests.length, created: fresh.length, kinds: [...new Set(requests.map((r) => r.kind))] },
    });
    return tx.run.findMany({ where: { batchId }, select: { id: true, attempt: true } });
  });
  const timeout = (await db().verifier.findUnique({ where: { familyId }, select: { timeoutSec: true } }))?.timeoutSec ?? 120;
  await enqueueRuns(created.map((run) => ({ id: run.id, attempt: run.attempt + 1 })), timeout);
  return { batchId, requested: requests.length, created: created.length, reused: requests.length - created.length };
}

export type SingleRun = Omit<TRunRequest, "kind" | "patchRole"> & { kind: "checkout" | "collect" | "oracle_audit"; patchRole: null };

/** The whole calibration matrix of a family as it stands now. */
export async function requestCalibration(actorId: string | null, familyId: string) {
  const family = await db().taskFamily.findUnique({
    where: { id: familyId },
    select: {
      stage: true,
      verifier: { select: { version: true, testCommand: true } },
      probes: { select: { testId: true }, orderBy: { position: "asc" } },
      patches: { select: { id: true, kind: true, version: true } },
      histories: { select: { condition: true, revisions: { select: { id: true, version: true }, orderBy: { number: "desc" }, take: 1 } } },
    },
  });
  if (!family) throw notFound("Task family", familyId);
  if (!family.verifier?.testCommand) throw new AppError("UNPROCESSABLE", "Write the verifier's test command before calibrating.");
  if (family.probes.length === 0) throw new AppError("UNPROCESSABLE", "Pick at least one probe before calibrating.");
  if (!family.patches.some((p) => p.kind === "gold")) throw new AppError("UNPROCESSABLE", "Add the gold patch before calibrating.");
  const probesKey = crypto.createHash("sha256").update(family.probes.map((p) => p.testId).join("\n")).digest("hex").slice(0, 12);
  const requests = calibrationMatrix({
    familyId,
    verifierVersion: family.verifier.version,
    probesKey,
    patches: family.patches,
    coreRevisions: family.histories.flatMap((h) => h.revisions.map((r) => ({ id: r.id, condition: h.condition, version: r.version }))),
  });
  return requestRuns(actorId, familyId, requests);
}

/** A one-off run (checkout, collect, audit): a fresh key each time it is asked for explicitly. */
export function requestSingleRun(actorId: string | null, familyId: string, kind: SingleRun["kind"], key: string) {
  return requestRuns(actorId, familyId, [
    { kind, patchRole: null, patchId: null, historyRevisionId: null, repeat: 0, requestKey: `${familyId}:${kind}:${key}` },
  ]);
}

// "failed" is a valid outcome (a signature with zeros), not an error, so it is not re-run.
const RERUNNABLE = ["timeout", "infrastructure_error", "patch_apply_failed", "empty_collection", "cancelled"] as const;

/** Re-runs every run of the family that ended without a valid signature, as a new attempt of the same run. */
export async function rerunFailed(actorId: string, familyId: string) {
  const runs = await db().$transaction(async (tx) => {
    const failed = await tx.run.findMany({ where: { familyId, status: { in: [...RERUNNABLE] } }, select: { id: true, attempt: true } });
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
