import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { assertNotFrozen } from "@/lib/family-guard/access";
import { AppError, notFound } from "@/lib/errors/app-error";
import { requestSingleRun } from "@/lib/runs/request-runs";
import { latestCollectRun } from "./list-probes";

/** Enqueues a collect job on the worker pool; the page polls the returned run until it finishes. */
export async function requestCollect(actorId: string, familyId: string) {
  const family = await db().taskFamily.findUnique({ where: { id: familyId }, select: { frozen: true, verifier: { select: { testCommand: true } } } });
  if (!family) throw notFound("Task family", familyId);
  await assertNotFrozen(family.frozen, familyId);
  if (!family.verifier?.testCommand.trim()) {
    throw new AppError("UNPROCESSABLE", "Save the verifier's test command before collecting tests.", { fieldErrors: { testCommand: ["is required to collect tests"] } });
  }
  const running = await latestCollectRun(familyId);
  if (running && (running.status === "queued" || running.status === "running")) return running;
  await requestSingleRun(actorId, familyId, "collect", crypto.randomUUID());
  return latestCollectRun(familyId);
}
