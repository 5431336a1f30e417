import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { fromPrismaError } from "@/lib/db/prisma-errors";
import { loadSuiteVersion } from "./load-suite-version";

export const ZCreateEvaluationSchema = z.object({
  name: z.string().trim().min(1, "name an evaluation").max(200),
  packageHashes: z.array(z.string().regex(/^[0-9a-f]{64}$/, "a package hash is 64 hex digits")).min(1, "pick at least one frozen package"),
  primaryBudgetSec: z.number().int().min(1).max(86_400).default(1200),
});
export type TCreateEvaluation = z.infer<typeof ZCreateEvaluationSchema>;

/** A lead names a suite version (frozen package hashes); results are stored apart from the packages. */
export async function createEvaluation(actorId: string, input: TCreateEvaluation) {
  const hashes = [...new Set(input.packageHashes)].sort();
  await loadSuiteVersion(hashes);
  try {
    return await db().$transaction(async (tx) => {
      const evaluation = await tx.evaluation.create({ data: { name: input.name, packageHashes: hashes, primaryBudgetSec: input.primaryBudgetSec, createdById: actorId } });
      await recordEvent(tx, { actorId, action: "evaluation.create", entity: "Evaluation", entityId: evaluation.id, after: evaluation });
      return evaluation;
    });
  } catch (error) {
    throw fromPrismaError(error, "An evaluation");
  }
}
