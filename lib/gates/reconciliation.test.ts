import { describe, expect, it } from "vitest";
import { gateOf, greenFamily } from "./test-fixtures";
import type { TFamilyFacts } from "./types";

const reconciliation = (change: (f: TFamilyFacts) => void, key: string) => {
  const facts = greenFamily();
  change(facts);
  const { status, missing } = gateOf(facts, "reconciliation", key);
  return { status, missing };
};

describe("reconciliation gates", () => {
  it("needs at least one accepted final atom", () => {
    expect(reconciliation((f) => (f.atoms = f.atoms.filter((a) => a.role !== "final" || a.status !== "accepted")), "final_atom")).toEqual({
      status: "pending",
      missing: "Accept at least one final atom.",
    });
  });

  it("needs all four fields on every accepted atom, and only on accepted ones", () => {
    expect(
      reconciliation((f) => {
        f.atoms[1] = { ...f.atoms[1]!, inputCondition: "", polarity: null };
        f.atoms[7] = { ...f.atoms[7]!, scope: "" };
      }, "atom_fields"),
    ).toEqual({ status: "fail", missing: "A2 has no input condition, polarity." });
  });

  it("needs a probe on every final and fixed atom, and final-contract probes only", () => {
    expect(reconciliation((f) => (f.probes = f.probes.filter((p) => p.id !== "p3")), "coverage")).toEqual({
      status: "pending",
      missing: "No probe covers A4.",
    });
    expect(reconciliation((f) => f.probes[0]!.atomKeys.push("A3"), "coverage")).toMatchObject({
      status: "fail",
      missing: expect.stringContaining("covers A3, which is not an accepted final or fixed atom"),
    });
    // A defect outranks what is still to do: the sentence names the empty probe, not the uncovered A1.
    expect(reconciliation((f) => (f.probes[0]!.atomKeys = []), "coverage")).toEqual({
      status: "fail",
      missing: "Probe tests/test_secrets.py::test_required_missing_raises covers no atom; cover one, or mark it a guard test (pass-to-pass) if it only has to keep passing.",
    });
  });

  it("fails on a probe whose test the last collection no longer found", () => {
    expect(reconciliation(() => undefined, "stale_probes").status).toBe("pass");
    const stale = reconciliation((f) => (f.probes[0]!.stale = true), "stale_probes");
    expect(stale.status).toBe("fail");
    expect(stale.missing).toMatch(/no longer collects a test/);
  });

  it("needs a reason for every rejected or merged candidate, and a merge target that is accepted", () => {
    expect(reconciliation((f) => (f.atoms[5]!.reason = null), "decisions")).toEqual({ status: "fail", missing: "A6 was rejected without a reason." });
    expect(reconciliation((f) => (f.atoms[6]!.mergedInto = "A6"), "decisions").missing).toBe("A7 was merged into A6, which is not an accepted atom.");
    expect(reconciliation((f) => (f.atoms[6]!.mergedInto = null), "decisions").missing).toBe("A7 was merged without naming the atom it went into.");
  });

  it("shows candidates still proposed without blocking", () => {
    const gate = gateOf(greenFamily(), "reconciliation", "decisions");
    expect(gate.status).toBe("pass");
    expect(gate.evidence).toContainEqual({ label: "still proposed (not in the contract)", detail: "A8" });
  });
});

describe("issue 23 item 7: say early what cannot be built", () => {
  it("says at once that one final atom can make no split, and what would", () => {
    const f = greenFamily();
    const finals = f.atoms.filter((a) => a.role === "final" && a.status === "accepted");
    for (const extra of finals.slice(1)) extra.status = "rejected", extra.reason = "out of scope";
    const gate = gateOf(f, "reconciliation", "core_conditions");
    expect(gate.status).toBe("fail");
    expect(gate.missing).toContain(`Split needs two final atoms; the contract has one (${finals[0]!.key}). Accept another final atom, or reject the family.`);
  });

  it("says that override and cancellation need a temporary atom, and that override needs final atoms replacing it", () => {
    const f = greenFamily();
    for (const a of f.atoms) if (a.role === "temporary") a.status = "rejected", a.reason = "not in the PR";
    expect(gateOf(f, "reconciliation", "core_conditions").missing).toContain("Override and cancellation need an accepted temporary atom");
    const g = greenFamily();
    for (const a of g.atoms) if (a.role === "temporary") a.replacedBy = [];
    expect(gateOf(g, "reconciliation", "core_conditions").missing).toContain("Override needs a temporary atom that final atoms replace");
  });

  it("passes when the contract can make all five core conditions", () => {
    expect(gateOf(greenFamily(), "reconciliation", "core_conditions").status).toBe("pass");
  });
});
