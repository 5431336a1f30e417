import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError, notFound } from "@/lib/errors/app-error";
import { ingestHarborTrials, ingestPredictions, type TIngested } from "./ingest";
import { loadSuiteVersion } from "./load-suite-version";

export const ZImportResultsSchema = z.discriminatedUnion("format", [
  // `scaffold`: what the uploader says for rows that name none; without it such rows are stored with no scaffold.
  z.object({ format: z.literal("predictions"), text: z.string().min(1, "the predictions file is empty"), scaffold: z.string().trim().min(1).nullish() }),
  z.object({
    format: z.literal("harbor"),
    trials: z.array(z.object({ path: z.string().min(1), json: z.unknown(), repeat: z.number().int().min(0).max(2147483647).default(0) })).min(1, "no trial result.json in the upload"),
  }),
]);
export type TImportResults = z.infer<typeof ZImportResultsSchema>;

/**
 * Stores every attempt of an upload, or none: malformed rows, unknown instance ids and duplicates
 * (within the upload or of rows already stored) refuse the whole upload, each named by its line.
 */
export async function importResults(actorId: string, evaluationId: string, input: TImportResults) {
  const evaluation = await db().evaluation.findUnique({ where: { id: evaluationId } });
  if (!evaluation) throw notFound("Evaluation", evaluationId);
  const { resolve } = await loadSuiteVersion(evaluation.packageHashes);
  const stored = new Set((await db().evaluationAttempt.findMany({ where: { evaluationId }, select: { externalId: true } })).map((a) => a.externalId));
  const defaults = { scaffold: input.format === "predictions" ? (input.scaffold ?? null) : null, budgetSec: evaluation.primaryBudgetSec, stored };
  const ingested: TIngested = input.format === "predictions" ? ingestPredictions(input.text, resolve, defaults) : ingestHarborTrials(input.trials, resolve, defaults);
  if (ingested.problems.length === 0) {
    ingested.attempts.forEach((a, i) => {
      if (stored.has(a.id)) ingested.problems.push({ where: input.format === "predictions" ? `row ${i + 1}` : a.id, message: `already imported (${a.id})` });
    });
  }
  if (ingested.problems.length > 0) {
    const shown = ingested.problems.slice(0, 5).map((p) => `${p.where}: ${p.message}`).join("; ");
    const more = ingested.problems.length > 5 ? ` (and ${ingested.problems.length - 5} more)` : "";
    throw new AppError("INVALID_INPUT", `Nothing was imported. ${shown}${more}`, { fieldErrors: { rows: ingested.problems.map((p) => `${p.where}: ${p.message}`) } });
  }
  return db().$transaction(async (tx) => {
    await tx.evaluationAttempt.createMany({
      data: ingested.attempts.map((a) => ({
        evaluationId, externalId: a.id, instanceId: a.instanceId, packageHash: a.packageHash, family: a.family, condition: a.condition,
        model: a.configuration.model, scaffold: a.configuration.scaffold, repeat: a.repeat, attempt: a.attempt, budgetSec: a.budgetSec,
        parentId: a.parentId, status: a.status, patch: a.patch, source: input.format,
        harborGrade: input.format === "harbor" ? a.grade : null,
        harborReward: input.format === "harbor" && a.signature.length > 0 ? a.signature[0]! : null,
      })),
    });
    await recordEvent(tx, { actorId, action: "evaluation.import", entity: "Evaluation", entityId: evaluationId, after: { format: input.format, attempts: ingested.attempts.length } });
    return { imported: ingested.attempts.length };
  });
}
