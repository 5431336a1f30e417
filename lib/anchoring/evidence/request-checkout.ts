import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/app-error";
import { requestSingleRun } from "@/lib/runs/request-runs";

/** Asks again for the base checkout job; a checkout that is still queued or running is reused. */
export async function requestCheckout(actorId: string, familyId: string) {
  const family = await db().taskFamily.findUnique({ where: { id: familyId }, select: { id: true } });
  if (!family) throw notFound("Task family", familyId);
  const pending = await db().run.findFirst({ where: { familyId, kind: "checkout", status: { in: ["queued", "running"] } }, select: { id: true } });
  if (pending) return { runId: pending.id, reused: true };
  await requestSingleRun(actorId, familyId, "checkout", crypto.randomUUID());
  const run = await db().run.findFirstOrThrow({ where: { familyId, kind: "checkout" }, orderBy: { createdAt: "desc" }, select: { id: true } });
  return { runId: run.id, reused: false };
}
