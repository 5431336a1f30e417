import "server-only";
import { notFound } from "@/lib/errors/app-error";
import { toJsonText } from "@/lib/http/respond";
import { listRuns } from "@/lib/runs/list-runs";
import { familyFingerprint } from "./family-fingerprint";
import { cachedTextByFingerprint, fingerprintCacheOff } from "./fingerprint-cache";

/**
 * listRuns as the JSON text GET /api/families/<id>/runs answers with: kept while the family's
 * fingerprint stands (it counts Run, Probe, ProbeAtom, Atom, Patch and what loadMatrixInput
 * reads), so one statement per request. The same for every role the route admits, so not keyed by role.
 */
export async function listRunsJson(familyId: string): Promise<string> {
  if (fingerprintCacheOff()) return toJsonText(await listRuns(familyId));
  const fingerprint = await familyFingerprint(familyId);
  if (fingerprint === "") throw notFound("Task family", familyId);
  return cachedTextByFingerprint("family-runs-json", familyId, fingerprint, async () => toJsonText(await listRuns(familyId)));
}
