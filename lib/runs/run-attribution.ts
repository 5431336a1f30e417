// Pure: which current content a calibration or replay run counts for — the one
// place that decides it, read by the gate facts (load-family-facts.ts) and the
// replay matrix (lib/histories/load-replay-matrix.ts).
import type { TCurrentRun } from "./matrix";

export type TAttributableRun = {
  id: string;
  patchId: string | null;
  patchRole: string | null;
  historyRevisionId: string | null;
  contentHash: string | null;
  probeIds: string[];
};

export type TAttribution = {
  patchId: string | null;
  historyRevisionId: string | null;
  probeIds: string[];
  /** False: the run ran content that is no longer the family's (an edited patch, revision, verifier or probe list). */
  current: boolean;
};

/**
 * A run counts for the patch and revision whose current content it ran —
 * whatever row it was requested for — and over the current probe list (its
 * hash covers the probe test ids, so a probe removed and added again is the
 * same list). Two patches with the same role and bytes share it. Any other run
 * ran older content: outdated, under the ids it was requested for, and never
 * read as the base (a deleted patch's run has a null patch id but is no base run).
 */
export function attributeRun(run: TAttributableRun, current: ReadonlyMap<string, readonly TCurrentRun[]>, currentProbeIds: string[]): TAttribution[] {
  const owners = run.contentHash ? (current.get(run.contentHash) ?? []) : [];
  if (owners.length === 0) {
    const patchId = run.patchRole === "base" ? null : (run.patchId ?? `deleted:${run.id}`);
    return [{ patchId, historyRevisionId: run.historyRevisionId, probeIds: run.probeIds, current: false }];
  }
  return owners.map((o) => ({ patchId: o.patchId, historyRevisionId: o.historyRevisionId, probeIds: currentProbeIds, current: true }));
}
