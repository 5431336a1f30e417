import { describe, expect, it } from "vitest";
import { CONDITIONS, scaffoldFamily, type THistory } from "@/lib/contract";
import { t, tracecat, tracecatHistories } from "@/lib/contract/test-fixtures";
import { checkHistories, checkHistory, reviewBlockers } from "./check-history";

const all = CONDITIONS.map((c) => structuredClone(tracecatHistories[c]));
const byCondition = (checks: ReturnType<typeof checkHistories>, c: string) => checks.find((x) => x.condition === c)!;

describe("checkHistories", () => {
  it("passes the paper's Tracecat family: every history replays to C* with its structure", () => {
    const checks = checkHistories({ catalog: tracecat, histories: all });
    for (const check of checks) {
      expect(check.errors, check.condition).toEqual([]);
      expect(check.atContract, check.condition).toBe(true);
      expect(check.reached).toEqual(["A1", "A2", "A4"]);
      expect(reviewBlockers(check)).toEqual([]);
    }
    expect(byCondition(checks, "override").activeSets).toEqual([[], ["A3"], ["A1", "A2"]]);
  });

  it("names the turn when override's replacement comes one turn too late", () => {
    const late: THistory = {
      condition: "override",
      turns: [
        t("Missing secrets come back as an empty string.", { activated: ["A3"] }),
        t("Drop that rule.", { deactivated: ["A3"] }),
        t("Required raise, optional give None.", { activated: ["A1", "A2"] }),
      ],
    };
    const check = checkHistory(late, { catalog: tracecat });
    expect(check.atContract).toBe(true);
    expect(check.errors.map((e) => [e.code, e.turn])).toContainEqual(["no_replacement", 2]);
    expect(reviewBlockers(check).join(" ")).toMatch(/Turn 2 deactivates A3 without activating a final atom/);
  });

  it("shows what a history that does not reach C* has too much and too little of", () => {
    const stuck: THistory = { condition: "cancellation", turns: [t("Raise, and warn.", { activated: ["A1", "A5"] })] };
    const check = checkHistory(stuck, { catalog: tracecat });
    expect(check.extra).toEqual(["A5"]);
    expect(check.missing).toEqual(["A2"]);
    expect(check.atContract).toBe(false);
  });

  it("keeps replay errors (no active sets) apart from structure", () => {
    const broken: THistory = { condition: "direct", turns: [t("x", { activated: ["A1"], restated: ["A2"] })] };
    const check = checkHistory(broken, { catalog: tracecat });
    expect(check.activeSets).toBeNull();
    expect(check.errors.map((e) => e.code)).toEqual(["restate_inactive"]);
  });

  it("compares length_matched with cancellation in turns and whitespace tokens", () => {
    expect(byCondition(checkHistories({ catalog: tracecat, histories: all }), "length_matched").length).toEqual({
      turns: 2, tokens: 18, targetTurns: 2, targetTokens: 18, equal: true,
    });
    const padded = all.map((h) => (h.condition === "length_matched" ? { ...h, turns: [...h.turns.slice(0, 1), t(`${h.turns[1]!.text} Really.`)] } : h));
    const length = byCondition(checkHistories({ catalog: tracecat, histories: padded }), "length_matched");
    expect(length.length).toMatchObject({ tokens: 19, targetTokens: 18, equal: false });
    expect(length.comparisons.map((e) => e.code)).toEqual(["length_tokens"]);
    expect(length.errors).toEqual([]);
  });

  it("flags leaks, placeholders and empty turns", () => {
    const drafted = scaffoldFamily({ atoms: tracecat, overrides: [{ replaces: "A3", by: ["A1", "A2"] }] });
    if (!drafted.ok) throw new Error("scaffold failed");
    const direct = drafted.value.find((h) => h.condition === "direct")!;
    const check = checkHistory({ ...direct, turns: [...direct.turns, t("", { restated: ["A1"] }), t("A1 again")] }, { catalog: tracecat });
    expect(check.draftTurns).toEqual([1]);
    expect(check.emptyTurns).toEqual([2]);
    expect(check.leaks.map((w) => [w.turn, w.match])).toEqual([[3, "A1"]]);
  });
});
