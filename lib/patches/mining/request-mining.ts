import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { assertNotFrozen } from "@/lib/family-guard/access";
import { AppError, notFound } from "@/lib/errors/app-error";
import { requestSingleRun } from "@/lib/runs/request-runs";
import type { TMineNegatives } from "@/lib/schemas/mining";

/**
 * Asks the pool to mine candidate negatives from gold: one `mine` run generates them
 * (lib/patches/mining/generate-candidates.ts) and queues one `mine` run per candidate.
 * Each candidate runs once over every probe and guard, and its signature serves every
 * final atom at once (list-mining.ts judges it), so the pool runs candidates, not
 * candidates × atoms. What cannot work is refused here, before anything is queued.
 */
export async function requestMining(actorId: string, familyId: string, _input: TMineNegatives) {
  const family = await db().taskFamily.findUnique({
    where: { id: familyId },
    select: {
      frozen: true,
      verifier: { select: { testCommand: true } },
      patches: { where: { kind: "gold" }, select: { id: true }, take: 1 },
      atoms: { where: { status: "accepted", role: "final" }, select: { key: true, probes: { select: { probeId: true } } } },
    },
  });
  if (!family) throw notFound("Task family", familyId);
  await assertNotFrozen(family.frozen, familyId);
  if (family.patches.length === 0) throw new AppError("UNPROCESSABLE", "Add the gold patch before mining negatives: candidates are taken from gold.");
  if (!family.verifier?.testCommand.trim()) throw new AppError("UNPROCESSABLE", "Write the verifier's test command before mining negatives.");
  if (family.atoms.length === 0) throw new AppError("UNPROCESSABLE", "Accept at least one final atom before mining negatives: a negative targets a final atom.");
  if (family.atoms.every((a) => a.probes.length === 0)) {
    throw new AppError("UNPROCESSABLE", `No probe covers ${family.atoms.map((a) => a.key).join(", ")}: map probes to the final atoms first, or no candidate can be shown to fail one.`);
  }
  const busy = await db().run.count({ where: { familyId, kind: "mine", status: { in: ["queued", "running"] } } });
  if (busy > 0) throw new AppError("CONFLICT", `Mining is already under way (${busy} run(s) queued or running); wait for it to finish.`);
  const requested = await requestSingleRun(actorId, familyId, "mine", crypto.randomUUID());
  return { ...requested };
}
