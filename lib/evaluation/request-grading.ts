import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { notFound } from "@/lib/errors/app-error";
import { enqueueRuns } from "@/lib/jobs/enqueue-runs";
import { gradeRequestMaterial } from "./grade-rules";
import { loadSuiteVersion } from "./load-suite-version";

/**
 * One grade run per (package, patch bytes): every completed attempt with a patch points at it
 * (forbidden content and tampering are the run's outcome, named there). Idempotent: asking again
 * creates nothing for graded attempts.
 */
export async function requestGrading(actorId: string | null, evaluationId: string) {
  const evaluation = await db().evaluation.findUnique({ where: { id: evaluationId } });
  if (!evaluation) throw notFound("Evaluation", evaluationId);
  const { packages } = await loadSuiteVersion(evaluation.packageHashes);
  const waiting = await db().evaluationAttempt.findMany({
    where: { evaluationId, source: "predictions", status: "completed", gradeRunId: null, patch: { not: null } },
    select: { id: true, packageHash: true, patch: true },
  });
  const gradable = waiting.filter((a) => a.patch!.trim() !== "");
  const keyOf = (a: (typeof gradable)[number]) => `grade:${crypto.createHash("sha256").update(gradeRequestMaterial(a.packageHash, a.patch!)).digest("hex")}`;
  const batchId = crypto.randomUUID();
  const created = await db().$transaction(async (tx) => {
    const requests = new Map(gradable.map((a) => [keyOf(a), a]));
    await tx.run.createMany({
      data: [...requests].map(([requestKey, a]) => ({
        familyId: packages.get(a.packageHash)!.familyId, kind: "grade" as const, patchRole: "agent", packageHash: a.packageHash, agentPatch: a.patch,
        requestKey, batchId, requestedById: actorId,
      })),
      skipDuplicates: true,
    });
    const runs = await tx.run.findMany({ where: { requestKey: { in: [...requests.keys()] } }, select: { id: true, requestKey: true, attempt: true, batchId: true } });
    const runByKey = new Map(runs.map((r) => [r.requestKey, r.id]));
    for (const a of gradable) await tx.evaluationAttempt.update({ where: { id: a.id }, data: { gradeRunId: runByKey.get(keyOf(a))! } });
    const fresh = runs.filter((r) => r.batchId === batchId);
    await recordEvent(tx, { actorId, action: "evaluation.grade", entity: "Evaluation", entityId: evaluationId, after: { attempts: gradable.length, runs: runs.length, created: fresh.length } });
    return fresh;
  });
  const timeout = Math.max(...[...packages.values()].map((p) => p.content.verifier.timeoutSec), 120);
  await enqueueRuns(created.map((r) => ({ id: r.id, attempt: r.attempt + 1 })), timeout);
  return { attempts: gradable.length, created: created.length, reused: new Set(gradable.map(keyOf)).size - created.length };
}
