import "server-only";
import { buildGateReport } from "@/lib/gates/report";
import { familyFingerprint } from "./family-fingerprint";
import { loadFamilyFacts } from "./load-family-facts";
import type { TGateReport } from "@/lib/gates/types";

/** Families whose last report this process keeps (the least recently asked for goes first). */
const CACHED_FAMILIES = 500;

const globalForReports = globalThis as unknown as { studioGateReports?: Map<string, { fingerprint: string; report: Promise<TGateReport> }> };
const reports = (globalForReports.studioGateReports ??= new Map());

/**
 * The family's gate report, computed from its current facts (gates are computed,
 * never typed in). Computed again only when a row it is computed from changed
 * (family-fingerprint.ts): the dashboard, the console and every stage panel ask
 * for it on each request, and 50 requests at once for one family compute it once.
 * Each caller gets its own copy.
 */
export async function getGateReport(familyId: string): Promise<TGateReport> {
  // Off only for comparison (bench/platform.ts measures the pages with and without it).
  if (process.env.STUDIO_GATE_REPORT_CACHE === "off") return computeGateReport(familyId);
  const fingerprint = await familyFingerprint(familyId);
  let entry = reports.get(familyId);
  if (!entry || entry.fingerprint !== fingerprint) {
    entry = { fingerprint, report: computeGateReport(familyId) };
    const settled = entry;
    // A failure (a family not found, the database gone) is not kept.
    settled.report.catch(() => reports.get(familyId) === settled && reports.delete(familyId));
  }
  reports.delete(familyId); // re-inserted last: the Map's order is the recency order
  reports.set(familyId, entry);
  if (reports.size > CACHED_FAMILIES) reports.delete(reports.keys().next().value as string);
  return structuredClone(await entry.report);
}

/** The report computed now, without the cache (for comparison: bench/platform.ts). */
export async function computeGateReport(familyId: string): Promise<TGateReport> {
  return buildGateReport(await loadFamilyFacts(familyId));
}
