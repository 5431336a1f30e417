import { describe, expect, it } from "vitest";
import { contractOf, endsAtContract, equivalent, finalContract } from "./equivalence";
import { normalize } from "./normalize";
import { t, tracecat, tracecatHistories as h } from "./test-fixtures";

describe("equivalence (the paper's Tracecat example)", () => {
  it("direct activates both final atoms at once and override reaches them through an old atom; both end at C*", () => {
    expect(endsAtContract(h.direct, tracecat)).toEqual({ ok: true, value: { atContract: true, extra: [], missing: [] } });
    expect(endsAtContract(h.override, tracecat)).toEqual({ ok: true, value: { atContract: true, extra: [], missing: [] } });
    expect(equivalent(h.direct, h.override, tracecat)).toEqual({
      ok: true,
      value: { equivalent: true, onlyInA: [], onlyInB: [] },
    });
  });

  it("every Tracecat history ends at C* = {A1, A2} ∪ P", () => {
    for (const history of Object.values(h)) {
      const verdict = endsAtContract(history, tracecat);
      expect(verdict.ok && verdict.value.atContract, history.condition).toBe(true);
    }
    expect(finalContract(tracecat).map((a) => a.key)).toEqual(["A1", "A2", "A4"]);
  });

  it("adds the fixed obligations P whether or not a history states them", () => {
    const stated = { turns: [t("x", { activated: ["A1", "A2", "A4"] })] };
    expect(equivalent(stated, h.direct, tracecat)).toMatchObject({ ok: true, value: { equivalent: true } });
  });

  it("names the differing atoms on each side when histories are not equivalent", () => {
    const stale = { turns: [t("old", { activated: ["A3"] }), t("new", { activated: ["A1", "A2"] })] };
    const verdict = equivalent(stale, h.direct, tracecat);
    expect(verdict.ok && verdict.value.equivalent).toBe(false);
    expect(verdict.ok && verdict.value.onlyInA.map((a) => a.key)).toEqual(["A3"]);
    expect(verdict.ok && verdict.value.onlyInB).toEqual([]);
    const contract = endsAtContract(stale, tracecat);
    expect(contract.ok && contract.value).toMatchObject({ atContract: false, missing: [] });
    expect(contract.ok && contract.value.extra.map((a) => a.key)).toEqual(["A3"]);
  });

  it("reports the atom a history never activates as missing", () => {
    const partial = { turns: [t("only required", { activated: ["A1"] })] };
    const contract = endsAtContract(partial, tracecat);
    expect(contract.ok && contract.value.missing.map((a) => a.key)).toEqual(["A2"]);
  });

  it("passes replay errors through, labelled by side", () => {
    const broken = { turns: [t("x", { deactivated: ["A1"] })] };
    const verdict = equivalent(h.direct, broken, tracecat);
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.errors[0]).toMatchObject({ code: "deactivate_inactive", turn: 1, atomKey: "A1" });
    expect(!verdict.ok && verdict.errors[0]!.message).toMatch(/^History B: /);
  });

  it("compares by identity, scope, polarity and observation, ignoring order and spacing", () => {
    const reordered = { turns: [t("x", { activated: ["A2", "A1"] })] };
    expect(contractOf(reordered, tracecat)).toEqual(contractOf(h.direct, tracecat));
    const [a1] = tracecat;
    const spaced = { ...a1!, scope: "  secrets.get ", observation: "raises  KeyError naming the secret" };
    expect(normalize([spaced])).toEqual(normalize([a1!]));
    expect(normalize([{ ...a1!, polarity: "forbid" }])).not.toEqual(normalize([a1!]));
    expect(normalize([{ ...a1!, scope: "secrets.list" }])).not.toEqual(normalize([a1!]));
  });
});
