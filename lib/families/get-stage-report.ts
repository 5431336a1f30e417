import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/app-error";
import { combine } from "@/lib/gates/gate";
import type { TStageKey } from "@/lib/gates/stages";
import type { TGateStatus, TStageReport } from "@/lib/gates/types";
import { loadReplayMatrix } from "@/lib/histories/load-replay-matrix";
import { familyFingerprint } from "./family-fingerprint";
import { cachedByFingerprint, fingerprintCacheOff } from "./fingerprint-cache";
import { familyJsonText } from "./family-json-text";
import { getGateReport } from "./get-gate-report";

/** What a stage's panel shows beside its gates, read only for that stage. */
export type TStageDetails = {
  anchoring: { checkout: Awaited<ReturnType<typeof latestCheckout>> };
  reconciliation: { staleProbes: string[] };
  calibration: Record<never, never>;
  paths: { matrix: Awaited<ReturnType<typeof loadReplayMatrix>> };
  audit: Record<never, never>;
  freeze: Record<never, never>;
};

/**
 * One stage of the family's gate report as its panel shows it. `stage` is the
 * stage as the dashboard has it (pending and locked while an earlier stage is
 * not green); `status` is the verdict of the stage's own gates all the same.
 */
export type TStageView<S extends TStageKey = TStageKey> = { stage: TStageReport; status: TGateStatus } & TStageDetails[S];

function latestCheckout(familyId: string) {
  return db().run.findFirst({
    where: { familyId, kind: "checkout" },
    orderBy: { createdAt: "desc" },
    select: { id: true, status: true, message: true, attempt: true, createdAt: true, startedAt: true, finishedAt: true },
  });
}

/** Each stage's details, read from the family's own rows only (the guard test checks they are all in the fingerprint). */
export const DETAILS: { [S in TStageKey]: (familyId: string) => Promise<TStageDetails[S]> } = {
  anchoring: async (familyId) => ({ checkout: await latestCheckout(familyId) }),
  reconciliation: async (familyId) => ({
    staleProbes: (await db().probe.findMany({ where: { familyId, stale: true }, select: { testId: true }, orderBy: { position: "asc" } })).map((p) => p.testId),
  }),
  calibration: async () => ({}),
  paths: async (familyId) => ({ matrix: await loadReplayMatrix(familyId) }),
  audit: async () => ({}),
  freeze: async () => ({}),
};

/**
 * The one stage-report loader: every stage panel reads its stage through this (and
 * /api/families/[familyId]/gates/[stage]). While the family's fingerprint stands the whole view
 * (the stage of the report and its details; the paths stage's replay matrix is most of its cost)
 * comes from the cache: one statement per request, which also tells a family that does not exist.
 */
export async function getStageReport<S extends TStageKey>(familyId: string, stage: S): Promise<TStageView<S>> {
  if (fingerprintCacheOff()) return computeStageView(familyId, stage);
  const fingerprint = await familyFingerprint(familyId);
  if (fingerprint === "") throw notFound("Task family", familyId);
  return cachedByFingerprint(`stage-view:${stage}`, familyId, fingerprint, () => computeStageView(familyId, stage, fingerprint));
}

/** getStageReport as the JSON text its route answers with: shared while the fingerprint stands, neither copied nor serialized per request. */
export function getStageReportJson(familyId: string, stage: TStageKey): Promise<string> {
  return familyJsonText(`stage-view-json:${stage}`, familyId, (fingerprint) => computeStageView(familyId, stage, fingerprint));
}

async function computeStageView<S extends TStageKey>(familyId: string, stage: S, fingerprint?: string): Promise<TStageView<S>> {
  const [report, details] = await Promise.all([getGateReport(familyId, fingerprint), DETAILS[stage](familyId)]);
  const found = report.stages.find((s) => s.stage === stage);
  if (!found) throw new Error(`The gate report has no ${stage} stage.`);
  return { stage: found, status: combine(found.gates.map((g) => g.status)), ...details } as TStageView<S>;
}
