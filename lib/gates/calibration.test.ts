import { describe, expect, it } from "vitest";
import { gateOf, greenFamily, PROBE_IDS, run } from "./test-fixtures";
import type { TFamilyFacts, TRunFact } from "./types";

const calibration = (change: (f: TFamilyFacts) => void, key: string) => {
  const facts = greenFamily();
  change(facts);
  const { status, missing, evidence } = gateOf(facts, "calibration", key);
  return { status, missing, evidence };
};

const calibrateRuns = (f: TFamilyFacts, patchId: string | null) => f.runs.filter((r) => r.kind === "calibrate" && r.patchId === patchId);
const setSignature = (r: TRunFact, signature: string) => Object.assign(r, { signature });

describe("calibration gates", () => {
  it("gold: waits for three runs", () => {
    const result = calibration((f) => {
      const [first] = calibrateRuns(f, "gold");
      f.runs = f.runs.filter((r) => !(r.kind === "calibrate" && r.patchId === "gold") || r === first);
      f.runs.push(run({ kind: "calibrate", patchId: "gold", status: "running" }));
    }, "gold");
    expect(result).toMatchObject({ status: "pending", missing: "Gold has finished 1 of 3 calibration runs; 1 queued or running." });
  });

  it("gold: a probe the gold runs disagree on is flaky and fails the gate", () => {
    expect(calibration((f) => setSignature(calibrateRuns(f, "gold")[2]!, "110"), "gold")).toMatchObject({
      status: "fail",
      missing: "Probe tests/test_secrets.py::test_existing_secret is flaky: the gold runs disagree on it.",
    });
  });

  it("gold: a probe gold fails consistently fails the gate", () => {
    expect(calibration((f) => calibrateRuns(f, "gold").forEach((r) => setSignature(r, "011")), "gold").missing).toBe(
      "Gold fails probe tests/test_secrets.py::test_required_missing_raises.",
    );
  });

  it("base: must fail the outcome; probes passing on base are listed as non-discriminating", () => {
    const green = calibration(() => {}, "base");
    expect(green.status).toBe("pass");
    expect(green.evidence).toContainEqual({ label: "non-discriminating probes (pass on base)", detail: "tests/test_secrets.py::test_existing_secret" });
    expect(calibration((f) => setSignature(calibrateRuns(f, null)[0]!, "111"), "base")).toMatchObject({
      status: "fail",
      missing: expect.stringMatching(/^The unmodified base passes every probe/),
    });
  });

  it("negatives: every final atom needs one", () => {
    expect(calibration((f) => (f.patches = f.patches.filter((p) => p.id !== "neg-a2")), "negatives")).toMatchObject({
      status: "pending",
      missing: "Write a negative patch that removes or reverses A2.",
    });
  });

  it("negatives: must fail every probe of the target atom and pass every other probe", () => {
    expect(calibration((f) => setSignature(calibrateRuns(f, "neg-a1")[0]!, "111"), "negatives").missing).toMatch(
      /^Negative no-raise \(run run-\d+\) passes tests\/test_secrets.py::test_required_missing_raises, which cover A1\.$/,
    );
    expect(calibration((f) => setSignature(calibrateRuns(f, "neg-a1")[0]!, "001"), "negatives").missing).toMatch(
      /fails tests\/test_secrets.py::test_optional_missing_is_none, which do not cover A1\.$/,
    );
  });

  it("negatives: must be non-empty, differ from gold and target an accepted atom", () => {
    const result = calibration((f) => {
      f.patches[1] = { ...f.patches[1]!, empty: true };
      f.patches[2] = { ...f.patches[2]!, identicalToGold: true };
      f.patches.push({ id: "neg-x", name: "stray", kind: "negative", targetAtomKey: "A6", empty: false, identicalToGold: false });
    }, "negatives");
    expect(result.status).toBe("fail");
    expect(result.missing).toBe(
      "Negative no-raise is an empty patch. Negative optional-empty-string is identical to gold. Negative stray targets A6, which is not an accepted atom.",
    );
  });

  it("alternatives: must pass every probe", () => {
    expect(calibration((f) => setSignature(calibrateRuns(f, "alt")[0]!, "101"), "alternatives").missing).toMatch(
      /^Alternative dict-lookup fails tests\/test_secrets.py::test_optional_missing_is_none/,
    );
  });

  it("runs: a timeout, an empty collection, an unapplied patch or an infrastructure error fails closed", () => {
    for (const status of ["timeout", "empty_collection", "patch_apply_failed", "infrastructure_error"] as const) {
      const result = calibration((f) => f.runs.push(run({ kind: "calibrate", patchId: "neg-a2", status, message: "details" })), "runs");
      expect(result.status, status).toBe("fail");
      expect(result.missing).toMatch(new RegExp(`\\(negative optional-empty-string\\) ended in ${status}: details\\.$`));
    }
  });

  it("runs: a finished run without a usable signature fails; one over an older probe list is ignored", () => {
    expect(calibration((f) => f.runs.push(run({ kind: "calibrate", patchId: "gold", signature: "11" })), "runs").status).toBe("fail");
    const stale = calibration((f) => f.runs.push(run({ kind: "calibrate", patchId: "gold", probeIds: ["p1", "p2"], signature: "00" })), "runs");
    expect(stale.status).toBe("pass");
    expect(stale.evidence).toContainEqual({ label: "ignored (ran older content)", detail: "1" });
  });

  it("runs: waits while runs are queued", () => {
    expect(calibration((f) => f.runs.push(run({ kind: "calibrate", patchId: "alt", status: "queued", probeIds: PROBE_IDS })), "runs").missing).toBe(
      "1 calibration run(s) queued or running.",
    );
  });
});

describe("non-discriminating probes of final atoms (issue 23 item 8)", () => {
  const evidenceOf = (f: TFamilyFacts) => gateOf(f, "calibration", "base").evidence.find((e) => e.label === "probes of final atoms passing on base")?.detail;
  it("names a final atom's probe that passes on the base, not a fixed atom's", () => {
    expect(evidenceOf(greenFamily())).toBeUndefined();
    const f = greenFamily();
    f.runs = f.runs.map((r) => (r.kind === "calibrate" && r.patchId === null ? { ...r, signature: "101" } : r));
    expect(evidenceOf(f)).toBe("tests/test_secrets.py::test_required_missing_raises");
  });
});
