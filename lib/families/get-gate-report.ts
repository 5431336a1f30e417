import { buildGateReport } from "./report";
import { loadFamilyFacts } from "./load-family-facts";
import type { TGateReport } from "./types";

/** The family's gate report, computed from its current facts (gates are computed, never typed in). */
export async function getGateReport(familyId: string): Promise<TGateReport> {
  return buildGateReport(await loadFamilyFacts(familyId));
}
