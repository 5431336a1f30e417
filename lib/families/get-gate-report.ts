import "server-only";
import { buildGateReport } from "@/lib/gates/report";
import { familyFingerprint } from "./family-fingerprint";
import { cachedByFingerprint, cachedTextByFingerprint, fingerprintCacheOff } from "./fingerprint-cache";
import { notFound } from "@/lib/errors/app-error";
import { toJsonText } from "@/lib/http/respond";
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
export async function getGateReportJson(familyId: string): Promise<string> {
  if (fingerprintCacheOff()) return toJsonText(await computeGateReport(familyId));
  const fingerprint = await familyFingerprint(familyId);
  if (fingerprint === "") throw notFound("Task family", familyId);
  return cachedTextByFingerprint("gate-report-json", familyId, fingerprint, async () => toJsonText(await getGateReport(familyId, fingerprint)));
}

/** The report computed now, without the cache (for comparison: bench/platform.ts). */
export async function computeGateReport(familyId: string): Promise<TGateReport> {
  return buildGateReport(await loadFamilyFacts(familyId));
}
