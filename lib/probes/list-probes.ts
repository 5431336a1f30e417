import "server-only";
import { db } from "@/lib/db";
import type { TCollectRunDto, TProbeDto, TProbesDto } from "@/lib/schemas/probes";
import { proposedGuards } from "./outcomes";
import { loadCollectedOutcomes } from "./load-collected-outcomes";

export { loadCollectedOutcomes };

export const probeSelect = { id: true, testId: true, kind: true, position: true, stale: true, version: true, atoms: { select: { atomId: true } } } as const;

export function toProbeDto(row: { id: string; testId: string; kind: "probe" | "guard"; position: number; stale: boolean; version: number; atoms: { atomId: string }[] }): TProbeDto {
  return { id: row.id, testId: row.testId, kind: row.kind, position: row.position, stale: row.stale, version: row.version, atomIds: row.atoms.map((a) => a.atomId) };
}

export async function latestCollectRun(familyId: string): Promise<TCollectRunDto | null> {
  const run = await db().run.findFirst({
    where: { familyId, kind: "collect" },
    orderBy: { createdAt: "desc" },
    select: { id: true, status: true, message: true, createdAt: true, startedAt: true, finishedAt: true },
  });
  if (!run) return null;
  return { ...run, createdAt: run.createdAt.toISOString(), startedAt: run.startedAt?.toISOString() ?? null, finishedAt: run.finishedAt?.toISOString() ?? null };
}

export async function listProbes(familyId: string): Promise<TProbesDto> {
  const [probes, verifier, collectRun, outcomes] = await Promise.all([
    db().probe.findMany({ where: { familyId }, select: probeSelect, orderBy: [{ position: "asc" }, { testId: "asc" }] }),
    db().verifier.findUnique({ where: { familyId }, select: { collectedTests: true, sharedTestIds: true, testCommand: true } }),
    latestCollectRun(familyId),
    loadCollectedOutcomes(familyId),
  ]);
  const collected = verifier?.collectedTests ?? [];
  const shared = verifier?.sharedTestIds ?? [];
  return {
    probes: probes.map(toProbeDto),
    collectedTests: collected,
    sharedTestIds: shared,
    collectRun,
    canCollect: Boolean(verifier?.testCommand.trim()),
    outcomes,
    proposedGuards: proposedGuards(collected, outcomes, new Set(probes.map((p) => p.testId)), new Set(shared)),
  };
}
