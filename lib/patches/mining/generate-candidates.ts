import "server-only";
// The generating half of a mining request, run by the worker's `mine` handler (not in a
// web request: reading the base through git and parsing with tree-sitter is background
// work). It writes the candidates and their runs in one transaction — so no worker picks
// up a run before it knows its diff — and queues them on the pool.
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { enqueueRuns } from "@/lib/jobs/enqueue-runs";
import { DEFAULT_CANDIDATE_LIMIT, mineCandidates } from "./candidates";
import { gatherGold } from "./gather-gold";

export async function generateCandidates(generatorRunId: string): Promise<{ generated: number; tried: number }> {
  const run = await db().run.findUniqueOrThrow({
    where: { id: generatorRunId },
    select: {
      familyId: true, requestedById: true, message: true,
      family: { select: { repo: true, baseCommit: true, verifier: { select: { timeoutSec: true } }, patches: { where: { kind: "gold" }, select: { diff: true }, take: 1 } } },
    },
  });
  // A generating run that runs again (a new attempt, "Re-run failed") finds its candidates made: it does not make them twice.
  const made = await db().negativeCandidate.count({ where: { batchId: generatorRunId } });
  if (made > 0) return { generated: made, tried: made };
  const gold = run.family.patches[0]?.diff;
  if (!gold) throw new Error("the family has no gold patch to mine from");
  const { files, mining } = await gatherGold(run.family.repo, run.family.baseCommit, gold);
  const { candidates, generated } = mineCandidates(files, mining, DEFAULT_CANDIDATE_LIMIT);
  const familyId = run.familyId;
  const runs = await db().$transaction(async (tx) => {
    const made: { id: string; attempt: number }[] = [];
    for (const c of candidates) {
      const candidate = await tx.negativeCandidate.create({ data: { familyId, batchId: generatorRunId, operator: c.operator, description: c.description, diff: c.diff, size: c.size }, select: { id: true } });
      const created = await tx.run.create({
        data: { familyId, kind: "mine", patchRole: "candidate", repeat: 0, requestKey: `${familyId}:mine:${candidate.id}`, batchId: generatorRunId, requestedById: run.requestedById },
        select: { id: true, attempt: true },
      });
      await tx.negativeCandidate.update({ where: { id: candidate.id }, data: { runId: created.id } });
      made.push(created);
    }
    await recordEvent(tx, {
      actorId: run.requestedById, action: "negatives.mine", entity: "TaskFamily", entityId: familyId, familyId,
      after: { batchId: generatorRunId, generated, tried: candidates.length, operators: countBy(candidates.map((c) => c.operator)) },
    });
    return made;
  });
  await enqueueRuns(runs.map((r) => ({ id: r.id, attempt: r.attempt + 1 })), run.family.verifier?.timeoutSec ?? 120);
  return { generated, tried: candidates.length };
}

function countBy(values: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}
