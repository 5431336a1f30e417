import "server-only";
import { db } from "@/lib/db";

export const runRowSelect = {
  id: true, kind: true, patchRole: true, patchId: true, historyRevisionId: true, repeat: true, status: true, attempt: true,
  signature: true, probeIds: true, message: true, warnings: true, createdAt: true, startedAt: true, finishedAt: true, workerId: true,
  patch: { select: { name: true, kind: true } },
  historyRevision: { select: { number: true, history: { select: { condition: true } } } },
} as const;

export async function listRuns(familyId: string) {
  const [runs, probes] = await Promise.all([
    db().run.findMany({ where: { familyId }, select: runRowSelect, orderBy: { createdAt: "asc" } }),
    db().probe.findMany({ where: { familyId }, select: { id: true, testId: true, atoms: { select: { atom: { select: { key: true } } } } }, orderBy: [{ position: "asc" }, { testId: "asc" }] }),
  ]);
  const counts: Record<string, number> = {};
  for (const run of runs) counts[run.status] = (counts[run.status] ?? 0) + 1;
  return {
    counts,
    probes: probes.map((p) => ({ id: p.id, testId: p.testId, atoms: p.atoms.map((a) => a.atom.key) })),
    runs: runs.map(({ historyRevision, patch, ...run }) => ({
      ...run,
      patchName: run.patchRole === "base" ? "base" : (patch?.name ?? null),
      condition: historyRevision?.history.condition ?? null,
      revision: historyRevision?.number ?? null,
    })),
  };
}

export async function getRun(runId: string) {
  return db().run.findUnique({
    where: { id: runId },
    select: {
      ...runRowSelect,
      familyId: true,
      results: { orderBy: { attempt: "asc" }, select: { attempt: true, status: true, workerId: true, stdout: true, stderr: true, message: true, sandbox: true, warnings: true, timings: true, probes: true, createdAt: true } },
    },
  });
}
