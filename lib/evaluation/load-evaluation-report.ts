import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/app-error";
import { analyze } from "./analysis";
import { decide } from "./decision";
import { gradeOf } from "./grade-rules";
import { loadSuiteVersion } from "./load-suite-version";
import { ZAttemptSchema, type TAttempt, type TGradeOutcome } from "./types";

/** Stored attempts + their grade runs → the decision sequence → the analysis, with grading progress. */
export async function loadEvaluationReport(evaluationId: string) {
  const evaluation = await db().evaluation.findUnique({ where: { id: evaluationId } });
  if (!evaluation) throw notFound("Evaluation", evaluationId);
  const { packages } = await loadSuiteVersion(evaluation.packageHashes);
  const rows = await db().evaluationAttempt.findMany({ where: { evaluationId }, orderBy: [{ family: "asc" }, { condition: "asc" }, { repeat: "asc" }, { attempt: "asc" }] });
  const runIds = [...new Set(rows.map((r) => r.gradeRunId).filter((id): id is string => id !== null))];
  const runs = new Map((await db().run.findMany({ where: { id: { in: runIds } }, select: { id: true, status: true, signature: true } })).map((r) => [r.id, r]));

  const attempts: TAttempt[] = rows.map((r) => {
    const run = r.gradeRunId ? runs.get(r.gradeRunId) : undefined;
    const grade: TGradeOutcome | null = r.source === "harbor" ? (r.harborGrade as TGradeOutcome | null) : run ? gradeOf(run.status) : null;
    return ZAttemptSchema.parse({
      id: r.externalId, family: r.family, condition: r.condition, configuration: { model: r.model, scaffold: r.scaffold },
      repeat: r.repeat, attempt: r.attempt, budgetSec: r.budgetSec, parentId: r.parentId, status: r.status, patch: r.patch, grade,
      signature: r.source === "harbor" ? (r.harborReward === null ? [] : [r.harborReward >= 1 ? 1 : 0]) : (run?.signature ?? []),
    });
  });
  const decision = decide(attempts);
  const statuses = [...runs.values()].map((r) => r.status);
  return {
    evaluation: { id: evaluation.id, name: evaluation.name, packageHashes: evaluation.packageHashes, primaryBudgetSec: evaluation.primaryBudgetSec, createdAt: evaluation.createdAt },
    progress: {
      attempts: rows.length,
      gradeRuns: runs.size,
      finished: statuses.filter((s) => s !== "queued" && s !== "running").length,
      active: statuses.filter((s) => s === "queued" || s === "running").length,
    },
    analysis: analyze(decision.primary),
    rows: decision.primary,
    reruns: decision.reruns,
  };
}

export type TEvaluationReport = Awaited<ReturnType<typeof loadEvaluationReport>>;
