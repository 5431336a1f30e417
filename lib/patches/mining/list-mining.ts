import "server-only";
import { db } from "@/lib/db";
import type { TCandidateDto, TMiningDto } from "@/lib/schemas/mining";
import { judgeCandidate, type TSignatureProbe } from "./selective";

const DONE = new Set(["passed", "failed"]);
const IN_FLIGHT = new Set(["queued", "running"]);
/** A run that ended without a signature still tried its candidate: why it says nothing about selectivity. */
const ENDED: Record<string, string> = {
  empty_collection: "the probes could not even run with it (it breaks loading the tests), so it fails everything",
  patch_apply_failed: "it does not apply to the base",
  timeout: "its run timed out",
  infrastructure_error: "its run hit an infrastructure error",
  cancelled: "its run was cancelled",
};

/**
 * The latest mining batch: every candidate with its run's state and verdict, the
 * selective ones proposed per final atom (smallest first), and the batch's figures —
 * tried, selective, wall time per atom on the pool.
 */
export async function listMining(familyId: string): Promise<TMiningDto> {
  // The latest mining request: its generating run (a `mine` run without a candidate) names the batch.
  const generator = await db().run.findFirst({
    where: { familyId, kind: "mine", patchRole: null }, orderBy: { createdAt: "desc" },
    select: { id: true, status: true, message: true, createdAt: true },
  });
  const latest = generator ? { batchId: generator.id } : null;
  const [rows, probes, atoms, event] = await Promise.all([
    latest ? db().negativeCandidate.findMany({
      where: { familyId, batchId: latest.batchId },
      orderBy: [{ size: "asc" }, { createdAt: "asc" }],
      select: {
        id: true, operator: true, description: true, diff: true, size: true, version: true, decision: true, patchId: true, createdAt: true,
        run: { select: { status: true, signature: true, probeIds: true, startedAt: true, finishedAt: true, message: true } },
      },
    }) : Promise.resolve([]),
    db().probe.findMany({ where: { familyId }, select: { id: true, testId: true, kind: true, atoms: { select: { atom: { select: { key: true } } } } } }),
    db().atom.findMany({ where: { familyId, status: "accepted", role: "final" }, select: { id: true, key: true }, orderBy: { key: "asc" } }),
    latest ? db().auditEvent.findFirst({ where: { familyId, action: "negatives.mine", after: { path: ["batchId"], equals: latest.batchId } }, select: { after: true } }) : Promise.resolve(null),
  ]);
  const byId = new Map(probes.map((p) => [p.id, { testId: p.testId, kind: p.kind, atomKeys: p.atoms.map((a) => a.atom.key) } satisfies TSignatureProbe]));
  const finals = atoms.map((a) => a.key);
  const candidates: TCandidateDto[] = rows.map((row) => {
    const base = {
      id: row.id, operator: row.operator, description: row.description, diff: row.diff, size: row.size, version: row.version,
      decision: row.decision as TCandidateDto["decision"], patchId: row.patchId, runStatus: row.run?.status ?? "not run",
    };
    if (!row.run || !DONE.has(row.run.status)) {
      const why = !row.run ? "its run was removed" : IN_FLIGHT.has(row.run.status) ? null : (ENDED[row.run.status] ?? `its run ended in ${row.run.status}`);
      return { ...base, selectiveFor: null, failing: [], verdict: why };
    }
    // The bits follow the probes as they were when it ran: a removed probe makes the verdict unknowable.
    const ran = row.run.probeIds.map((id) => byId.get(id));
    if (ran.some((p) => p === undefined) || ran.length !== row.run.signature.length) {
      return { ...base, selectiveFor: null, failing: [], verdict: "ran over probes that changed since; mine again" };
    }
    const verdict = judgeCandidate(ran as TSignatureProbe[], row.run.signature, finals);
    return { ...base, selectiveFor: verdict.selectiveFor, failing: verdict.failing, verdict: verdict.reason };
  });
  const finished = rows.filter((r) => !r.run || !IN_FLIGHT.has(r.run.status));
  const startedAt = generator?.createdAt ?? null;
  const generating = generator !== null && IN_FLIGHT.has(generator.status);
  const allDone = generator !== null && !generating && finished.length === rows.length;
  const finishedAt = allDone ? new Date(Math.max(generator!.createdAt.getTime(), ...finished.map((r) => r.run?.finishedAt?.getTime() ?? 0))) : null;
  const after = (event?.after ?? {}) as { generated?: number };
  return {
    batch: generator && startedAt ? {
      id: generator.id,
      /** queued | running while candidates are generated; then the generating run's outcome and message. */
      generation: { status: generator.status, message: generator.message },
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt?.toISOString() ?? null,
      generated: after.generated ?? rows.length,
      tried: rows.length,
      finished: finished.length,
      selective: candidates.filter((c) => c.selectiveFor !== null).length,
      secondsPerAtom: finishedAt && finals.length > 0 ? Math.round((finishedAt.getTime() - startedAt.getTime()) / 10 / finals.length) / 100 : null,
    } : null,
    atoms: atoms.map((a) => ({ id: a.id, key: a.key, proposals: candidates.filter((c) => c.selectiveFor === a.key && c.decision !== "rejected") })),
    candidates,
  };
}
