// Issue 12 items 5 and 10: selectivity must be provable, and guard tests
// (PASS_TO_PASS) stand beside probes.
import { describe, expect, it } from "vitest";
import { gateOf, greenFamily, run } from "./test-fixtures";
import type { TFamilyFacts } from "./types";

/** A1 and A2 share their only probe (one test asserts both); A4 keeps its own probe. */
function sharedProbeFamily(): TFamilyFacts {
  const f = greenFamily();
  const ids = ["p12", "p3"];
  f.probes = [
    { id: "p12", testId: "test/secrets.test.js > missing secrets", atomKeys: ["A1", "A2"] },
    { id: "p3", testId: "test/secrets.test.js > present secret", atomKeys: ["A4"] },
  ];
  const sig: Record<string, string> = { gold: "11", base: "01", "neg-a1": "01", "neg-a2": "01", alt: "11" };
  f.runs = f.runs
    .filter((r) => r.kind === "checkout" || r.kind === "calibrate")
    .map((r) => (r.kind === "calibrate" ? { ...r, probeIds: ids, signature: sig[r.patchId ?? "base"]! } : r));
  return f;
}

describe("item 5: selectivity must be provable", () => {
  it("a negative that fails the only probe of another final atom is not selective", () => {
    const gate = gateOf(sharedProbeFamily(), "calibration", "negatives");
    expect(gate.status).toBe("fail");
    expect(gate.missing).toContain("Negative no-raise");
    expect(gate.missing).toMatch(/fails every probe of A2/);
    expect(gate.evidence).toContainEqual({ label: "selective negatives (fail only their target's probes)", detail: "0 of 2" });
  });

  it("the reconciliation gate names atoms that share their only probe and says what to do", () => {
    const gate = gateOf(sharedProbeFamily(), "reconciliation", "selectivity");
    expect(gate.status).toBe("fail");
    expect(gate.missing).toMatch(/A1 and A2 share their only probe test\/secrets.test.js > missing secrets/);
    expect(gate.missing).toMatch(/split the test in the hidden test patch.*or merge the atoms/i);
    expect(gateOf(greenFamily(), "reconciliation", "selectivity").status).toBe("pass");
  });

  it("a shared probe is fine when the other atom also has a probe of its own", () => {
    const f = greenFamily();
    f.probes[0] = { ...f.probes[0]!, atomKeys: ["A1", "A2"] }; // p1 covers A1 and A2, p2 covers A2 alone
    // neg-a1 fails p1 (A2 keeps p2); neg-a2 fails p2 only (A1 keeps p1).
    for (const r of f.runs) if (r.kind === "calibrate" && r.patchId === "neg-a2") r.signature = "101";
    expect(gateOf(f, "reconciliation", "selectivity").status).toBe("pass");
    expect(gateOf(f, "calibration", "negatives")).toMatchObject({ status: "pass" });
  });
});

describe("item 10: guard tests", () => {
  const withGuard = (guardSignatures: { gold?: string; base?: string; alt?: string; neg?: string } = {}) => {
    const f = greenFamily();
    f.probes.push({ id: "g1", testId: "test/secrets.test.js > lists secrets", atomKeys: [], guard: true });
    const ids = f.probes.map((p) => p.id);
    f.runs = f.runs.map((r) => {
      if (r.kind !== "calibrate" && r.kind !== "replay") return r;
      const who = r.patchId === null ? "base" : r.patchId === "alt" ? "alt" : r.patchId === "gold" ? "gold" : "neg";
      return { ...r, probeIds: ids, signature: r.signature === null ? null : r.signature + (guardSignatures[who] ?? "1") };
    });
    return f;
  };

  it("a guard covers no atom and is not flagged by coverage; a guard covering an atom is", () => {
    expect(gateOf(withGuard(), "reconciliation", "coverage").status).toBe("pass");
    const f = withGuard();
    f.probes[3] = { ...f.probes[3]!, atomKeys: ["A1"] };
    expect(gateOf(f, "reconciliation", "coverage").missing).toMatch(/Guard test\/secrets.test.js > lists secrets covers A1/);
  });

  it("an uncovered non-guard probe says it can be made a guard", () => {
    const f = greenFamily();
    f.probes[2] = { ...f.probes[2]!, atomKeys: [] };
    expect(gateOf(f, "reconciliation", "coverage").missing).toMatch(/covers no atom.*guard/);
  });

  it("passes when guards pass on gold, base, negatives and alternatives; guards are reported, not required to fail on base", () => {
    const f = withGuard();
    for (const key of ["gold", "base", "negatives", "alternatives", "runs"]) expect(gateOf(f, "calibration", key).status, key).toBe("pass");
    expect(gateOf(f, "calibration", "base").evidence).toContainEqual({ label: "guard tests (pass-to-pass)", detail: "test/secrets.test.js > lists secrets" });
    expect(gateOf(f, "calibration", "base").evidence.find((e) => e.label.startsWith("non-discriminating"))?.detail).not.toContain("lists secrets");
  });

  it("a guard failing on gold or on an alternative fails the gate; on a negative it does not", () => {
    expect(gateOf(withGuard({ gold: "0" }), "calibration", "gold").missing).toMatch(/Gold fails (probe|guard) test\/secrets.test.js > lists secrets/);
    expect(gateOf(withGuard({ alt: "0" }), "calibration", "alternatives").status).toBe("fail");
    expect(gateOf(withGuard({ neg: "0" }), "calibration", "negatives").status).toBe("pass");
  });

  it("base passing every non-guard probe fails even though it fails the guard", () => {
    const f = withGuard({ base: "0" });
    for (const r of f.runs) if (r.kind === "calibrate" && r.patchId === null) r.signature = "1110";
    expect(gateOf(f, "calibration", "base").missing).toMatch(/^The unmodified base passes every probe/);
  });
});

void run;

describe("issue 23 item 8: probes that discriminate", () => {
  it("refuses a probe passing on the base as a final atom's only probe, and suggests making it a guard", () => {
    const f = greenFamily();
    f.probes[0] = { ...f.probes[0]!, passesOnBase: true };
    const gate = gateOf(f, "reconciliation", "selectivity");
    expect(gate.status).toBe("fail");
    expect(gate.missing).toBe(
      "A1's only probe “tests/test_secrets.py::test_required_missing_raises” passes on the base (as collected): it cannot tell gold from the base, so no negative can be shown to break A1. Make it a guard test and cover A1 with a test that fails on the base.",
    );
  });

  it("accepts a non-discriminating probe beside one that fails on the base", () => {
    const f = greenFamily();
    f.probes.push({ id: "p9", testId: "tests/test_secrets.py::test_old_behaviour", atomKeys: ["A1"], passesOnBase: true });
    expect(gateOf(f, "reconciliation", "selectivity").status).toBe("pass");
  });
});
