// Pure: family facts for the gate tests.
import { tracecat, tracecatHistories } from "../contract/test-fixtures";
import { CONDITIONS } from "../contract/types";
import { buildGateReport } from "./report";
import type { TFamilyFacts, TGate, TRunFact } from "./types";

/** One probe list shared by every run, as a loader would share it per verifier version. */
export const PROBE_IDS = ["p1", "p2", "p3"];
export const revisionOf = (condition: string) => `rev-${condition}`;

let runCounter = 0;
export const run = (fields: Partial<TRunFact> & Pick<TRunFact, "kind">): TRunFact => ({
  id: `run-${++runCounter}`,
  patchId: null,
  historyRevisionId: null,
  status: "passed",
  probeIds: PROBE_IDS,
  signature: null,
  message: null,
  ...fields,
});

/** Signatures of the fixed patches: p1 covers A1, p2 covers A2, p3 covers the fixed A4 (which already holds on base). */
export const SIGNATURES: Record<string, string> = { gold: "111", base: "001", "neg-a1": "011", "neg-a2": "101", alt: "111" };

/** The Tracecat family with every gate up to path construction green. */
export function greenFamily(): TFamilyFacts {
  const fixed = [null, "gold", "neg-a1", "neg-a2"] as const;
  return {
    anchoring: {
      repo: "TracecatHQ/tracecat",
      prNumber: 1234,
      baseCommit: "a".repeat(40),
      mergeCommit: "b".repeat(40),
      resolved: { repo: true, baseCommit: true, mergeCommit: true },
      evidence: { issue: true, description: true, review: false, diff: true },
      files: [
        { path: "tracecat/secrets.py", kind: "source", inSlice: true, reason: null, hunks: [{ index: 0, inSlice: true, reason: null }, { index: 1, inSlice: false, reason: "integration call site" }] },
        { path: "tests/test_secrets.py", kind: "test", inSlice: true, reason: null, hunks: [] },
        { path: "CHANGELOG.md", kind: "other", inSlice: false, reason: "release notes", hunks: [] },
      ],
    },
    atoms: [
      ...tracecat.map((a) => ({ ...a, status: "accepted" as const, reason: null, mergedInto: null })),
      { ...tracecat[0]!, key: "A6", role: "final", status: "rejected", reason: "not observable by a test", mergedInto: null },
      { ...tracecat[0]!, key: "A7", role: "final", status: "merged", reason: "same behavior as A1", mergedInto: "A1" },
      { ...tracecat[0]!, key: "A8", role: "final", status: "proposed", reason: null, mergedInto: null },
    ],
    probes: [
      { id: "p1", testId: "tests/test_secrets.py::test_required_missing_raises", atomKeys: ["A1"] },
      { id: "p2", testId: "tests/test_secrets.py::test_optional_missing_is_none", atomKeys: ["A2"] },
      { id: "p3", testId: "tests/test_secrets.py::test_existing_secret", atomKeys: ["A4"] },
    ],
    patches: [
      { id: "gold", name: "gold", kind: "gold", targetAtomKey: null, empty: false, identicalToGold: true },
      { id: "neg-a1", name: "no-raise", kind: "negative", targetAtomKey: "A1", empty: false, identicalToGold: false },
      { id: "neg-a2", name: "optional-empty-string", kind: "negative", targetAtomKey: "A2", empty: false, identicalToGold: false },
      { id: "alt", name: "dict-lookup", kind: "alternative", targetAtomKey: null, empty: false, identicalToGold: false },
    ],
    histories: CONDITIONS.map((condition) => ({ revisionId: revisionOf(condition), ...structuredClone(tracecatHistories[condition]) })),
    runs: [
      run({ kind: "checkout" }),
      ...[1, 2, 3].map(() => run({ kind: "calibrate", patchId: "gold", signature: SIGNATURES.gold! })),
      run({ kind: "calibrate", patchId: null, status: "failed", signature: SIGNATURES.base! }),
      run({ kind: "calibrate", patchId: "neg-a1", status: "failed", signature: SIGNATURES["neg-a1"]! }),
      run({ kind: "calibrate", patchId: "neg-a2", status: "failed", signature: SIGNATURES["neg-a2"]! }),
      run({ kind: "calibrate", patchId: "alt", signature: SIGNATURES.alt! }),
      ...fixed.flatMap((patchId) =>
        (["direct", "duplicate", "split", "override", "cancellation"] as const).map((condition) =>
          run({ kind: "replay", patchId, historyRevisionId: revisionOf(condition), signature: SIGNATURES[patchId ?? "base"]! }),
        ),
      ),
    ],
    freeze: null,
  };
}

export function gateOf(facts: TFamilyFacts, stage: string, key: string): TGate {
  const found = buildGateReport(facts).stages.find((s) => s.stage === stage)?.gates.find((g) => g.key === key);
  if (!found) throw new Error(`no gate ${stage}.${key}`);
  return found;
}
