import "server-only";
import { listRuns } from "@/lib/runs/list-runs";
import { familyJsonText } from "./family-json-text";

/**
 * listRuns as the JSON text GET /api/families/<id>/runs answers with: kept while the family's
 * fingerprint stands (it counts Run, Probe, ProbeAtom, Atom, Patch and what loadMatrixInput
 * reads), so one statement per request. The same for every role the route admits, so not keyed by role.
 */
export function listRunsJson(familyId: string): Promise<string> {
  return familyJsonText("family-runs-json", familyId, () => listRuns(familyId));
}
