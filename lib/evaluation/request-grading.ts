import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { notFound } from "@/lib/errors/app-error";
import { requestRuns, type GradeRun } from "@/lib/runs/request-runs";
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
  // Runs are requested as every run is (lib/runs/request-runs.ts): rows first, then the queue, identical ones reused.
  const byFamily = new Map<string, Map<string, (typeof gradable)[number]>>();
  for (const a of gradable) {
    const familyId = packages.get(a.packageHash)!.familyId;
    if (!byFamily.has(familyId)) byFamily.set(familyId, new Map());
    byFamily.get(familyId)!.set(keyOf(a), a);
  }
  let created = 0;
  for (const [familyId, requests] of byFamily) {
    const timeoutSec = Math.max(...[...requests.values()].map((a) => packages.get(a.packageHash)!.content.verifier.timeoutSec), 120);
    const grades: GradeRun[] = [...requests].map(([requestKey, a]) => ({
      kind: "grade", patchRole: "agent", packageHash: a.packageHash, agentPatch: a.patch!, requestKey, repeat: 0, patchId: null, historyRevisionId: null,
    }));
    created += (await requestRuns(actorId, familyId, grades, { timeoutSec })).created;
  }
  const keys = [...new Set(gradable.map(keyOf))];
  await db().$transaction(async (tx) => {
    // Parallel requests point the same attempts at their runs: one at a time, or two deadlock on the rows.
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`grading:${evaluationId}`}))::text`;
    const runs = await tx.run.findMany({ where: { requestKey: { in: keys } }, select: { id: true, requestKey: true } });
    const runByKey = new Map(runs.map((r) => [r.requestKey, r.id]));
    // One statement per grade run: its attempts point at it.
    const attemptsOf = new Map<string, string[]>();
    for (const a of gradable) attemptsOf.set(runByKey.get(keyOf(a))!, [...(attemptsOf.get(runByKey.get(keyOf(a))!) ?? []), a.id]);
    for (const [gradeRunId, ids] of attemptsOf) await tx.evaluationAttempt.updateMany({ where: { id: { in: ids }, gradeRunId: null }, data: { gradeRunId } });
    await recordEvent(tx, { actorId, action: "evaluation.grade", entity: "Evaluation", entityId: evaluationId, after: { attempts: gradable.length, runs: runs.length, created } });
  }, { timeout: 30_000 });
  return { attempts: gradable.length, created, reused: keys.length - created };
}
