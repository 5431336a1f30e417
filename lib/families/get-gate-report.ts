import "server-only";
import { buildGateReport } from "@/lib/gates/report";
import { familyFingerprint } from "./family-fingerprint";
import { cachedByFingerprint, fingerprintCacheOff } from "./fingerprint-cache";
import { familyJsonText } from "./family-json-text";
import { loadFamilyFacts } from "./load-family-facts";
import type { TGateReport } from "@/lib/gates/types";

/**
 * The family's gate report, computed from its current facts (gates are computed,
 * never typed in). Computed again only when a row it is computed from changed
 * (family-fingerprint.ts, fingerprint-cache.ts): the dashboard, the console and every
 * stage panel ask for it on each request. A caller that has just read the family's
 * fingerprint (the dashboard reads its families' in one statement) passes it.
 * Each caller gets its own copy.
 */
export async function getGateReport(familyId: string, fingerprint?: string): Promise<TGateReport> {
  if (fingerprintCacheOff()) return computeGateReport(familyId);
  return cachedByFingerprint("gate-report", familyId, fingerprint ?? (await familyFingerprint(familyId)), () => computeGateReport(familyId));
}

/** The report as the JSON text GET /api/families/<id>/gates answers with: shared while the fingerprint stands, neither copied nor serialized per request. */
export function getGateReportJson(familyId: string): Promise<string> {
  return familyJsonText("gate-report-json", familyId, (fingerprint) => (fingerprint === undefined ? computeGateReport(familyId) : getGateReport(familyId, fingerprint)));
}

/** The report computed now, without the cache (for comparison: bench/platform.ts). */
export async function computeGateReport(familyId: string): Promise<TGateReport> {
  return buildGateReport(await loadFamilyFacts(familyId));
}
