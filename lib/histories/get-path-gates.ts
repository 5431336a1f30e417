import "server-only";
import { getGateReport } from "@/lib/families/get-gate-report";

/** The path-construction stage of the family's gate report (computed from the database, never stored by hand). */
export async function getPathGates(familyId: string) {
  const report = await getGateReport(familyId);
  const paths = report.stages.find((s) => s.stage === "paths");
  if (!paths) throw new Error("The gate report has no path-construction stage.");
  return paths;
}
