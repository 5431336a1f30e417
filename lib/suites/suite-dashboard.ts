import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/app-error";
import { STAGES } from "@/lib/gates/stages";
import { familyFingerprints, suiteFingerprint } from "@/lib/families/family-fingerprint";
import { cachedByFingerprint, cachedTextByFingerprint, fingerprintCacheOff } from "@/lib/families/fingerprint-cache";
import { toJsonText } from "@/lib/http/respond";
import { getGateReport } from "@/lib/families/get-gate-report";
import type { TGateStatus } from "@/lib/gates/types";
import { loadFrozenPackage } from "@/lib/package/load-package";
import { loadSuiteAgreement } from "@/lib/review/load-suite-agreement";

export type TSuiteRow = {
  id: string; title: string; version: number; frozen: boolean; packageHash: string | null;
  stages: { stage: string; status: TGateStatus; missing: string | null }[];
};

/**
 * The suite's gate dashboard: families as rows, stages as columns, counts per stage. Under
 * load one statement per request: the suite's fingerprint (its name, its families and theirs)
 * keys the whole dashboard, computed again only when one of them changed — a frozen family's
 * row is read from its package, which nothing changes.
 */
export async function getSuiteDashboard(suiteId: string): Promise<TSuiteDashboard> {
  if (fingerprintCacheOff()) return computeSuiteDashboard(suiteId);
  const fingerprint = await suiteFingerprint(suiteId);
  if (fingerprint === null) throw notFound("Suite", suiteId);
  return cachedByFingerprint("suite-dashboard", suiteId, fingerprint, () => computeSuiteDashboard(suiteId));
}

/** getSuiteDashboard as the JSON text its route answers with: shared while the fingerprint stands, neither copied nor serialized per request. */
export async function getSuiteDashboardJson(suiteId: string): Promise<string> {
  if (fingerprintCacheOff()) return toJsonText(await computeSuiteDashboard(suiteId));
  const fingerprint = await suiteFingerprint(suiteId);
  if (fingerprint === null) throw notFound("Suite", suiteId);
  return cachedTextByFingerprint("suite-dashboard-json", suiteId, fingerprint, async () => toJsonText(await computeSuiteDashboard(suiteId)));
}

/** The dashboard computed now (its families' gate reports and agreement still from their own caches). */
async function computeSuiteDashboard(suiteId: string) {
  const suite = await db().suite.findUnique({
    where: { id: suiteId },
    select: { id: true, name: true, families: { orderBy: [{ title: "asc" }, { familyVersion: "asc" }], select: { id: true, title: true, familyVersion: true, frozen: true } } },
  });
  if (!suite) throw notFound("Suite", suiteId);
  // Every family's fingerprint in one statement: the gate reports and the agreement below answer from the cache while they stand.
  const fingerprints = await familyFingerprints(suite.families.map((f) => f.id));
  const rows: TSuiteRow[] = await Promise.all(suite.families.map(async (family): Promise<TSuiteRow> => {
    if (family.frozen) {
      // A frozen family reads its gates from its package: they are what was true at freeze.
      const pkg = await loadFrozenPackage({ familyId: family.id });
      const frozenStages = new Map(pkg.content.construction_audit.stages.map((s) => [s.stage, s.status as TGateStatus]));
      return {
        id: family.id, title: family.title, version: family.familyVersion, frozen: true, packageHash: pkg.hash,
        stages: STAGES.map(({ key }) => ({ stage: key, status: key === "freeze" ? ("pass" as const) : (frozenStages.get(key) ?? "pending"), missing: null })),
      };
    }
    const report = await getGateReport(family.id, fingerprints.get(family.id));
    return {
      id: family.id, title: family.title, version: family.familyVersion, frozen: false, packageHash: null,
      stages: report.stages.map((s) => ({ stage: s.stage, status: s.status, missing: s.missing })),
    };
  }));
  const counts = Object.fromEntries(STAGES.map(({ key }) => {
    const tally: Record<TGateStatus, number> = { pass: 0, fail: 0, pending: 0 };
    for (const row of rows) tally[row.stages.find((s) => s.stage === key)?.status ?? "pending"] += 1;
    return [key, tally];
  }));
  // The audit stage's sentence for the whole suite, from the reviews themselves (lib/review/agreement.ts).
  // It reads only the suite's families' rows (the guard test checks they are in the fingerprint), so their fingerprints key it.
  const suiteFingerprint = [...fingerprints].sort(([a], [b]) => a.localeCompare(b)).map(([id, fp]) => `${id}=${fp}`).join(";");
  const agreement = await cachedByFingerprint("suite-agreement", suiteId, suiteFingerprint, async () => (await loadSuiteAgreement(suiteId)).sentence);
  return { suite: { id: suite.id, name: suite.name }, stages: STAGES, rows, counts, frozen: rows.filter((r) => r.frozen).length, agreement };
}
export type TSuiteDashboard = Awaited<ReturnType<typeof computeSuiteDashboard>>;
