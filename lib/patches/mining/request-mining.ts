import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { assertNotFrozen } from "@/lib/families/access";
import { AppError, notFound } from "@/lib/errors/app-error";
import { enqueueRuns } from "@/lib/jobs/enqueue-runs";
import type { TMineNegatives } from "@/lib/schemas/mining";
import { DEFAULT_CANDIDATE_LIMIT, mineCandidates } from "./candidates";
import { gatherGold } from "./gather-gold";

/**
 * Mines candidate negatives from gold and queues one `mine` run per candidate on the
 * worker pool. Each candidate runs once over every probe and guard, and its signature
 * serves every final atom at once (lib/patches/mining/list-mining.ts judges it), so the
 * pool runs candidates, not candidates × atoms. The candidate rows and their runs are
 * written in one transaction, so no worker can pick up a run before it knows its diff.
 */
export async function requestMining(actorId: string, familyId: string, input: TMineNegatives) {
  const family = await db().taskFamily.findUnique({
    where: { id: familyId },
    select: {
      stage: true, repo: true, baseCommit: true,
      verifier: { select: { testCommand: true, timeoutSec: true } },
      patches: { where: { kind: "gold" }, select: { diff: true }, take: 1 },
      atoms: { where: { status: "accepted", role: "final" }, select: { key: true, probes: { select: { probeId: true } } } },
      _count: { select: { probes: true } },
    },
  });
  if (!family) throw notFound("Task family", familyId);
  await assertNotFrozen(family.stage, familyId);
  const gold = family.patches[0]?.diff;
  if (!gold) throw new AppError("UNPROCESSABLE", "Add the gold patch before mining negatives: candidates are taken from gold.");
  if (!family.verifier?.testCommand.trim()) throw new AppError("UNPROCESSABLE", "Write the verifier's test command before mining negatives.");
  if (family.atoms.length === 0) throw new AppError("UNPROCESSABLE", "Accept at least one final atom before mining negatives: a negative targets a final atom.");
  const uncovered = family.atoms.filter((a) => a.probes.length === 0).map((a) => a.key);
  if (uncovered.length === family.atoms.length) {
    throw new AppError("UNPROCESSABLE", `No probe covers ${uncovered.join(", ")}: map probes to the final atoms first, or no candidate can be shown to fail one.`);
  }
  const { files, mining } = await gatherGold(family.repo, family.baseCommit, gold);
  const { candidates, generated } = mineCandidates(files, mining, input.limit ?? DEFAULT_CANDIDATE_LIMIT);
  const batchId = crypto.randomUUID();
  const runs = await db().$transaction(async (tx) => {
    const made: { id: string; attempt: number }[] = [];
    for (const c of candidates) {
      const candidate = await tx.negativeCandidate.create({ data: { familyId, batchId, operator: c.operator, description: c.description, diff: c.diff, size: c.size }, select: { id: true } });
      const run = await tx.run.create({
        data: { familyId, kind: "mine", patchRole: null, repeat: 0, requestKey: `${familyId}:mine:${candidate.id}`, batchId, requestedById: actorId },
        select: { id: true, attempt: true },
      });
      await tx.negativeCandidate.update({ where: { id: candidate.id }, data: { runId: run.id } });
      made.push(run);
    }
    await recordEvent(tx, {
      actorId, action: "negatives.mine", entity: "TaskFamily", entityId: familyId, familyId,
      after: { batchId, generated, tried: candidates.length, operators: countBy(candidates.map((c) => c.operator)), uncoveredFinalAtoms: uncovered },
    });
    return made;
  });
  await enqueueRuns(runs.map((r) => ({ id: r.id, attempt: r.attempt + 1 })), family.verifier.timeoutSec);
  return { batchId, generated, tried: candidates.length };
}

function countBy(values: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}
