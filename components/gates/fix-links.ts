// Where each gate is fixed: the family page that holds the artifact the gate checks.
import type { TStageKey } from "@/lib/gates/stages";

const BY_STAGE: Record<TStageKey, { segment: string; label: string }> = {
  anchoring: { segment: "evidence", label: "Evidence" },
  reconciliation: { segment: "atoms", label: "Atoms" },
  calibration: { segment: "verifier", label: "Verifier & patches" },
  paths: { segment: "histories", label: "Histories" },
  audit: { segment: "reviews", label: "Reviews" },
  freeze: { segment: "package", label: "Package" },
};

const BY_GATE: Record<string, { segment: string; label: string }> = {
  "calibration.runs": { segment: "runs", label: "Runs" },
  "paths.replay_signatures": { segment: "runs", label: "Runs" },
  "audit.oracle_audit": { segment: "oracle-audit", label: "Oracle audit" },
};

export function fixLinkOf(familyId: string, stage: TStageKey, gate?: string) {
  const target = (gate && BY_GATE[`${stage}.${gate}`]) || BY_STAGE[stage];
  return { href: `/families/${familyId}/${target.segment}`, label: target.label };
}
