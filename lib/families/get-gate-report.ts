import "server-only";
import { buildGateReport } from "@/lib/gates/report";
import { loadFamilyFacts } from "./load-family-facts";
import type { TGateReport } from "@/lib/gates/types";

/** The family's gate report, computed from its current facts (gates are computed, never typed in). */
export async function getGateReport(familyId: string): Promise<TGateReport> {
  return buildGateReport(await loadFamilyFacts(familyId));
}
