import { describe, expect, it } from "vitest";
import { activeAt, activeSets, replay } from "./replay";
import { t, tracecat, tracecatHistories } from "./test-fixtures";

const codes = (result: ReturnType<typeof replay>) => (result.ok ? [] : result.errors.map((e) => [e.code, e.turn, e.atomKey]));

describe("replay", () => {
  it("returns the active set after every turn, not only the last", () => {
    const result = replay(tracecatHistories.override.turns, tracecat);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(activeSets(result.value)).toEqual([[], ["A3"], ["A1", "A2"]]);
    expect(activeAt(result.value, 1)).toEqual(["A3"]);
    expect(result.value.final).toEqual(["A1", "A2"]);
    expect(result.value.steps).toEqual([
      { added: ["A3"], removed: [] },
      { added: ["A1", "A2"], removed: ["A3"] },
    ]);
  });

  it("keeps an early split atom active although the last turn does not repeat it", () => {
    const result = replay(tracecatHistories.split.turns, tracecat);
    expect(result.ok && activeSets(result.value)).toEqual([[], ["A1"], ["A1", "A2"]]);
  });

  it("leaves M unchanged on a restatement", () => {
    const result = replay(tracecatHistories.duplicate.turns, tracecat);
    expect(result.ok && activeSets(result.value)).toEqual([[], ["A1", "A2"], ["A1", "A2"]]);
  });

  it("can reactivate an atom after it was withdrawn", () => {
    const result = replay([t("a", { activated: ["A3"] }), t("b", { deactivated: ["A3"] }), t("c", { activated: ["A3"] })], tracecat);
    expect(result.ok && activeSets(result.value)).toEqual([[], ["A3"], [], ["A3"]]);
    expect(result.ok && result.value.spans).toEqual([
      { atomKey: "A3", from: 1, to: 2 },
      { atomKey: "A3", from: 3, to: null },
    ]);
  });

  it("rejects an empty history", () => {
    expect(codes(replay([], tracecat))).toEqual([["empty_history", null, null]]);
  });

  it("rejects an unknown atom key in any event set", () => {
    const result = replay([t("a", { activated: ["A9"] }), t("b", { restated: ["A8"], deactivated: ["A7"] })], tracecat);
    expect(codes(result)).toEqual(
      expect.arrayContaining([
        ["unknown_atom", 1, "A9"],
        ["unknown_atom", 2, "A8"],
        ["unknown_atom", 2, "A7"],
      ]),
    );
    expect(result.ok || result.errors[0]!.message).toMatch(/not an accepted atom/);
  });

  it("rejects deactivating an atom that is not active", () => {
    expect(codes(replay([t("a", { activated: ["A1"] }), t("b", { deactivated: ["A3"] })], tracecat))).toEqual([
      ["deactivate_inactive", 2, "A3"],
    ]);
  });

  it("rejects restating an atom that is not active before the turn", () => {
    expect(codes(replay([t("a", { activated: ["A1"], restated: ["A1"] })], tracecat))).toEqual([["restate_inactive", 1, "A1"]]);
    expect(codes(replay([t("a", { activated: ["A3"] }), t("b", { deactivated: ["A3"], restated: ["A3"] })], tracecat))).toEqual([
      ["restate_inactive", 2, "A3"],
    ]);
  });

  it("rejects activating and deactivating one atom in the same turn", () => {
    expect(codes(replay([t("a", { activated: ["A3"] }), t("b", { activated: ["A3"], deactivated: ["A3"] })], tracecat))).toEqual([
      ["activate_and_deactivate", 2, "A3"],
    ]);
  });

  it("reports every error, not only the first", () => {
    const result = replay([t("a", { deactivated: ["A1"], restated: ["A2"] }), t("b", { activated: ["A42"] })], tracecat);
    expect(codes(result)).toHaveLength(3);
  });

  it("rejects a catalog that lists a key twice", () => {
    expect(codes(replay([t("a", { activated: ["A1"] })], [...tracecat, tracecat[0]!]))).toEqual([["duplicate_atom_key", null, "A1"]]);
  });

  it("refuses a turn outside the trace", () => {
    const result = replay(tracecatHistories.direct.turns, tracecat);
    expect(() => result.ok && activeAt(result.value, 2)).toThrow(RangeError);
  });
});
