import { describe, expect, it } from "vitest";
import { conditionGuidance } from "./guidance";

const conditions = (atoms: Parameters<typeof conditionGuidance>[0]) => conditionGuidance(atoms).map((g) => g.condition);

describe("conditionGuidance", () => {
  it("a family with one final atom cannot have a split history, and says what to add", () => {
    const guidance = conditionGuidance([{ key: "A1", role: "final" }, { key: "A2", role: "temporary", replacedBy: ["A1"] }]);
    expect(guidance).toHaveLength(1);
    expect(guidance[0]).toMatchObject({ condition: "split" });
    expect(guidance[0]!.message).toMatch(/one final atom \(A1\).*Add a second final atom/);
  });

  it("override and cancellation need temporary atoms (and length_matched needs cancellation)", () => {
    expect(conditions([{ key: "A1", role: "final" }, { key: "A2", role: "final" }, { key: "P1", role: "fixed" }])).toEqual(["override", "cancellation", "length_matched"]);
    const noReplacement = conditionGuidance([{ key: "A1", role: "final" }, { key: "A2", role: "final" }, { key: "T1", role: "temporary", replacedBy: [] }]);
    expect(noReplacement.map((g) => g.condition)).toEqual(["override"]);
    expect(noReplacement[0]!.message).toMatch(/set “replaced by” on T1/);
  });

  it("says nothing when every condition can be built", () => {
    expect(conditions([{ key: "A1", role: "final" }, { key: "A2", role: "final" }, { key: "A3", role: "temporary", replacedBy: ["A2"] }])).toEqual([]);
  });

  it("reads override paths given apart from the atoms (the histories tab's catalog has no replacedBy)", () => {
    expect(conditions.length).toBe(1);
    expect(conditionGuidance([{ key: "A1", role: "final" }, { key: "A2", role: "final" }, { key: "T", role: "temporary" }], [{ replaces: "T", by: ["A2"] }])).toEqual([]);
  });

  it("asks for a final atom first", () => {
    expect(conditions([{ key: "P1", role: "fixed" }])).toEqual(["direct"]);
  });
});
