import "server-only";
import { db } from "@/lib/db";
import { loadMatrixInput } from "./load-current-content";
import { currentContent } from "./matrix";

export const runRowSelect = {
  id: true, kind: true, patchRole: true, patchId: true, historyRevisionId: true, repeat: true, status: true, attempt: true,
  signature: true, probeIds: true, message: true, warnings: true, createdAt: true, startedAt: true, finishedAt: true, workerId: true,
  contentHash: true, batchId: true,
  patch: { select: { name: true, kind: true } },
  historyRevision: { select: { number: true, history: { select: { condition: true } } } },
} as const;

export async function listRuns(familyId: string) {
  const [runs, probes, patches, input] = await Promise.all([
    db().run.findMany({ where: { familyId }, select: runRowSelect, orderBy: { createdAt: "asc" } }),
    db().probe.findMany({ where: { familyId }, select: { id: true, testId: true, kind: true, atoms: { select: { atom: { select: { key: true } } } } }, orderBy: [{ position: "asc" }, { testId: "asc" }] }),
    db().patch.findMany({ where: { familyId }, select: { id: true, name: true, targetAtom: { select: { key: true } } } }),
    loadMatrixInput(familyId),
  ]);
  const current = input ? currentContent(input) : new Map();
  const patchOf = new Map(patches.map((p) => [p.id, p]));
  const probeIds = probes.map((p) => p.id);
  const counts: Record<string, number> = {};
  for (const run of runs) counts[run.status] = (counts[run.status] ?? 0) + 1;
  return {
    counts,
    probes: probes.map((p) => ({ id: p.id, testId: p.testId, kind: p.kind, atoms: p.atoms.map((a) => a.atom.key) })),
    runs: runs.map(({ historyRevision, patch, contentHash, ...run }) => {
      const matrixRun = run.kind === "calibrate" || run.kind === "replay";
      // A run of the current content belongs to the patch that has that content now, over the current probe list.
      const owner = matrixRun && contentHash ? current.get(contentHash)?.[0] : undefined;
      const patchId = owner ? owner.patchId : run.patchId;
      const now = patchId ? patchOf.get(patchId) : undefined;
      return {
        ...run,
        patchId,
        probeIds: owner ? probeIds : run.probeIds,
        /** false: the run executed content the family no longer has; it belongs to the history view only. */
        current: !matrixRun || owner !== undefined,
        patchName: run.patchRole === "base" ? "base" : run.patchRole === null ? null : (now?.name ?? patch?.name ?? "(deleted patch)"),
        targetAtom: now?.targetAtom?.key ?? null,
        condition: historyRevision?.history.condition ?? null,
        revision: historyRevision?.number ?? null,
      };
    }),
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
