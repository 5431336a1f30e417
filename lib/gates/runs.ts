// Pure: which run results the gates count (current content, latest attempt).
import type { TFamilyFacts, TRunFact } from "./types";

/** Group key for the unmodified base, which has no patch row. */
export const BASE = "\u0000base";

export const IN_FLIGHT = new Set(["queued", "running"]);
export const DONE = new Set(["passed", "failed"]);
/** Outcomes that say nothing about the verifier: always a defect, never a pass (fail closed). */
export const BROKEN = new Set(["timeout", "patch_apply_failed", "forbidden_content", "tampered", "empty_collection", "infrastructure_error"]);

export type TRunGroup = {
  /** Signatures of finished runs, aligned with the current probe list. */
  signatures: { runId: string; bits: string }[];
  inFlight: TRunFact[];
  broken: TRunFact[];
  /** Finished runs without a usable signature (missing or of the wrong length). */
  malformed: TRunFact[];
  /** Ran content the family no longer has (or an older probe list); ignored. */
  stale: number;
};

export type TRunIndex = {
  probeIds: string[];
  checkout: TRunFact[];
  calibrate: Map<string, TRunFact[]>;
  replay: Map<string, TRunFact[]>;
  group(runs: readonly TRunFact[] | undefined): TRunGroup;
};

export const replayKey = (patchKey: string, historyRevisionId: string) => `${patchKey}\u0001${historyRevisionId}`;

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function indexRuns(facts: TFamilyFacts): TRunIndex {
  const probeIds = facts.probes.map((p) => p.id);
  const checkout: TRunFact[] = [];
  const calibrate = new Map<string, TRunFact[]>();
  const replay = new Map<string, TRunFact[]>();
  for (const run of facts.runs) {
    if (run.status === "cancelled") continue;
    const patchKey = run.patchId ?? BASE;
    if (run.kind === "checkout") checkout.push(run);
    else if (run.kind === "calibrate") push(calibrate, patchKey, run);
    else if (run.kind === "replay" && run.historyRevisionId !== null) push(replay, replayKey(patchKey, run.historyRevisionId), run);
  }

  // Runs loaded for one verifier version share their probeIds array, so the comparison runs once per array.
  const current = new WeakMap<readonly string[], boolean>();
  const isCurrent = (ids: readonly string[]) => {
    let known = current.get(ids);
    if (known === undefined) {
      known = ids.length === probeIds.length && ids.every((id, i) => id === probeIds[i]);
      current.set(ids, known);
    }
    return known;
  };

  const group = (runs: readonly TRunFact[] | undefined): TRunGroup => {
    const g: TRunGroup = { signatures: [], inFlight: [], broken: [], malformed: [], stale: 0 };
    for (const run of runs ?? []) {
      if (run.outdated) g.stale++;
      else if (IN_FLIGHT.has(run.status)) g.inFlight.push(run);
      else if (BROKEN.has(run.status)) g.broken.push(run);
      else if (DONE.has(run.status)) {
        if (!isCurrent(run.probeIds)) g.stale++;
        else if (run.signature === null || run.signature.length !== probeIds.length) g.malformed.push(run);
        else g.signatures.push({ runId: run.id, bits: run.signature });
      }
    }
    return g;
  };

  return { probeIds, checkout, calibrate, replay, group };
}

/** Positions where two signatures differ. */
export function differingPositions(a: string, b: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < a.length; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) out.push(i);
  return out;
}

export function positionsWith(bits: string, value: "0" | "1"): number[] {
  const out: number[] = [];
  let i = bits.indexOf(value);
  while (i !== -1) {
    out.push(i);
    i = bits.indexOf(value, i + 1);
  }
  return out;
}
