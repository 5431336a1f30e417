import { describe, expect, it } from "vitest";
import { checkFamilyStructure, checkStructure } from "./structure";
import { t, tracecat, tracecatHistories as h } from "./test-fixtures";
import type { THistory, TTurn } from "./types";

const refs = { direct: h.direct, cancellation: h.cancellation };
const violations = (history: THistory, references = refs) => {
  const result = checkStructure(history, tracecat, references);
  return result.ok ? [] : result.errors.map((e) => [e.code, e.turn, e.atomKey]);
};
const as = (condition: THistory["condition"], ...turns: TTurn[]): THistory => ({ condition, turns });

describe("condition structure", () => {
  it("accepts all seven Tracecat histories", () => {
    for (const history of Object.values(h)) expect(violations(history), history.condition).toEqual([]);
  });

  it("reports replay errors before structure", () => {
    expect(violations(as("direct", t("x", { deactivated: ["A1"] })))).toEqual([["deactivate_inactive", 1, "A1"]]);
  });

  describe("every condition", () => {
    it("encodes repetition as a restatement, not a second activation", () => {
      expect(violations(as("split", t("a", { activated: ["A1"] }), t("b", { activated: ["A2", "A1"] })))).toContainEqual(["already_active", 2, "A1"]);
    });
    it("never deactivates a fixed obligation", () => {
      expect(violations(as("override", t("a", { activated: ["A3", "A4"] }), t("b", { deactivated: ["A3", "A4"], activated: ["A1", "A2"] })))).toContainEqual([
        "fixed_deactivated",
        2,
        "A4",
      ]);
    });
  });

  describe("direct", () => {
    it("is one turn that activates all of M*, and P where P is stated", () => {
      expect(violations(as("direct", t("x", { activated: ["A1", "A2", "A4"] })))).toEqual([]);
    });
    it("reports a missing final atom, a temporary atom and extra turns", () => {
      expect(violations(as("direct", t("x", { activated: ["A1", "A3"] }), t("y", { restated: ["A1"] })))).toEqual([
        ["turn_count", null, null],
        ["missing_final", 1, "A2"],
        ["unexpected_activation", 1, "A3"],
      ]);
    });
  });

  describe("duplicate", () => {
    it("needs a later turn", () => {
      expect(violations(as("duplicate", ...h.direct.turns))).toEqual([["turn_count", null, null]]);
    });
    it("lets later turns only restate", () => {
      expect(
        violations(as("duplicate", t("x", { activated: ["A1", "A2"] }), t("y", { activated: ["A5"] }), t("z", { restated: ["A1"] }), t("w", { deactivated: ["A2"] }))),
      ).toEqual([
        ["unexpected_activation", 2, "A5"],
        ["no_restatement", 2, null],
        ["unexpected_deactivation", 4, "A2"],
        ["no_restatement", 4, null],
      ]);
    });
  });

  describe("split", () => {
    it("needs final atoms in two or more turns", () => {
      expect(violations(as("split", t("x", { activated: ["A1", "A2"] }), t("y", { activated: ["A4"] })))).toEqual([["not_split", null, null]]);
    });
    it("needs an earlier atom that stays active without being repeated at the end", () => {
      expect(violations(as("split", t("x", { activated: ["A1"] }), t("y", { activated: ["A2"], restated: ["A1"] })))).toEqual([
        ["all_repeated_at_end", 2, null],
      ]);
    });
    it("accepts a repetition at the end as long as one earlier atom is not repeated", () => {
      const catalog = [...tracecat, { ...tracecat[0]!, key: "A6", statement: "third" }];
      const result = checkStructure(
        as("split", t("x", { activated: ["A1"] }), t("y", { activated: ["A6"] }), t("z", { activated: ["A2"], restated: ["A1"] })),
        catalog,
      );
      expect(result.ok).toBe(true);
    });
    it("reports a turn that activates nothing, deactivations, temporary atoms and missing finals", () => {
      expect(violations(as("split", t("x", { activated: ["A1", "A3"] }), t("y"), t("z", { deactivated: ["A3"], activated: ["A4"] })))).toEqual([
        ["unexpected_activation", 1, "A3"],
        ["no_activation", 2, null],
        ["unexpected_deactivation", 3, "A3"],
        ["not_split", null, null],
        ["missing_final", null, "A2"],
      ]);
    });
  });

  describe("override", () => {
    it("needs a turn that deactivates the old atom and activates its replacement", () => {
      expect(violations(as("override", ...h.direct.turns))).toEqual([["no_override", null, null]]);
    });
    it("treats a deactivation without a replacement as a structure error", () => {
      expect(violations(as("override", t("a", { activated: ["A3", "A1", "A2"] }), t("b", { deactivated: ["A3"] })))).toEqual([
        ["no_replacement", 2, null],
        ["no_override", null, null],
      ]);
    });
    it("reports an old atom that is never withdrawn and a withdrawn final atom", () => {
      expect(
        violations(as("override", t("a", { activated: ["A3", "A5", "A1"] }), t("b", { deactivated: ["A3", "A1"], activated: ["A2"] }))),
      ).toEqual([
        ["unexpected_deactivation", 2, "A1"],
        ["temporary_left_active", 1, "A5"],
        ["missing_final", null, "A1"],
      ]);
    });
    it("restates nothing", () => {
      expect(violations(as("override", ...h.override.turns, t("again", { restated: ["A1"] })))).toEqual([["unexpected_restatement", 3, "A1"]]);
    });
  });

  describe("cancellation", () => {
    it("withdraws a temporary atom with no replacement", () => {
      expect(violations(as("cancellation", ...h.override.turns))).toEqual([
        ["unexpected_activation", 2, "A1"],
        ["unexpected_activation", 2, "A2"],
        ["no_cancellation", null, null],
      ]);
    });
    it("reports a temporary atom left active", () => {
      expect(violations(as("cancellation", t("a", { activated: ["A1", "A2", "A5"] }), t("b", { activated: ["A3"] })))).toContainEqual([
        "temporary_left_active",
        2,
        "A3",
      ]);
    });
  });

  describe("paraphrase_direct", () => {
    it("needs the direct history to compare with", () => {
      expect(violations(h.paraphrase_direct, {} as typeof refs)).toEqual([["missing_reference", null, null]]);
    });
    it("must differ in wording, ignoring case and punctuation", () => {
      const copy = as("paraphrase_direct", t("REQUIRED secrets must raise, when missing: optional ones return None", { activated: ["A1", "A2"] }));
      expect(violations(copy)).toEqual([["same_wording", 1, null]]);
    });
    it("must keep the same events as direct", () => {
      const more = as("paraphrase_direct", t("Something else entirely.", { activated: ["A1", "A2", "A4"] }));
      expect(violations(more)).toEqual([["events_differ", 1, null]]);
    });
  });

  describe("length_matched", () => {
    it("is the direct turn followed by neutral turns with no events", () => {
      const withEvent = as("length_matched", h.length_matched.turns[0]!, t("Thanks, nothing else for now, please carry on.", { restated: ["A1"] }));
      expect(violations(withEvent)).toEqual([["neutral_turn_has_events", 2, "A1"]]);
    });
    it("equals cancellation in turn count and whitespace-token count exactly", () => {
      const short = as("length_matched", h.length_matched.turns[0]!, t("Thanks, nothing else."));
      const result = checkStructure(short, tracecat, refs);
      expect(result.ok ? [] : result.errors.map((e) => e.code)).toEqual(["length_tokens"]);
      expect(!result.ok && result.errors[0]!.message).toBe("length_matched has 13 whitespace tokens; cancellation has 18 (5 too few).");
      const extraTurn = as("length_matched", ...h.length_matched.turns, t(""));
      expect(violations(extraTurn)).toEqual([["length_turns", null, null]]);
    });
    it("needs the cancellation history to match", () => {
      expect(violations(h.length_matched, { direct: h.direct } as typeof refs)).toEqual([["missing_reference", null, null]]);
    });
  });

  it("checks a whole family against its own direct and cancellation", () => {
    const family = checkFamilyStructure(Object.values(h), tracecat);
    expect(family.ok && family.value.every((s) => s.errors.length === 0)).toBe(true);
  });
});
