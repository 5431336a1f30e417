import { describe, expect, it } from "vitest";
import { diffPackages, diffSettings, type TVersionSettings } from "./diff";
import { samplePackage } from "./test-fixtures";

describe("package diff", () => {
  it("finds nothing between a package and itself", () => {
    expect(diffPackages(samplePackage(), samplePackage())).toEqual([]);
  });

  it("names a changed history turn, a changed atom field, a new patch and a changed verifier command", () => {
    const a = samplePackage();
    const b = samplePackage();
    b.histories[0]!.turns[1]!.text = "Reworded second message.";
    b.contract.atoms[0]!.statement = "A stricter statement.";
    b.patches.push({ name: "alternative-2", kind: "alternative", targetAtom: null, mode: null, diff: "diff --git a/x b/x\n" });
    b.verifier.testCommand = "npm test";
    b.traces[0]!.turns[1]!.restated = [];
    expect(diffPackages(a, b).map((c) => [c.section, c.path, c.kind])).toEqual([
      ["atoms", "A1.statement", "changed"],
      ["verifier", "testCommand", "changed"],
      ["patches", "alternative-2", "added"],
      ["histories", "direct turn 2 text", "changed"],
      ["histories", "direct turn 2 events.restated", "changed"],
    ]);
  });

  it("lists guard tests one by one, not as one changed JSON list", () => {
    const a = samplePackage();
    const b = samplePackage();
    a.verifier.guardTests = ["t::keeps 1", "t::keeps 2"];
    b.verifier.guardTests = ["t::keeps 2", "t::keeps 3"];
    expect(diffPackages(a, b).map((c) => [c.section, c.path, c.kind])).toEqual([
      ["guards", "t::keeps 1", "removed"],
      ["guards", "t::keeps 3", "added"],
    ]);
  });

  it("names a changed lead, default reviewers, and each waiver added, removed or re-reasoned", () => {
    const a: TVersionSettings = {
      lead: "Lena Lead", defaultReviewers: ["Rae", "Bo"],
      leakWaivers: [{ condition: "direct", turn: 1, kind: "probe_name", match: "clamp", reason: "the function's own name" }, { condition: "split", turn: 2, kind: "atom_id", match: "A1", reason: "old" }],
      oracleWaivers: [{ name: "clamp", history: "every history", rationale: "stated in the issue" }],
    };
    const b: TVersionSettings = {
      lead: "Lena Lead", defaultReviewers: ["Bo", "Cy"],
      leakWaivers: [{ condition: "direct", turn: 1, kind: "probe_name", match: "clamp", reason: "named by the request itself" }],
      oracleWaivers: [{ name: "clamp", history: "every history", rationale: "stated in the issue" }, { name: "RangeError", history: "split", rationale: "a built-in" }],
    };
    expect(diffSettings(a, a)).toEqual([]);
    expect(diffSettings(a, b)).toEqual([
      { section: "defaults", path: "default reviewers", kind: "changed", before: "Bo, Rae", after: "Bo, Cy" },
      { section: "waivers", path: "direct turn 1 probe_name “clamp” reason", kind: "changed", before: "the function's own name", after: "named by the request itself" },
      { section: "waivers", path: "split turn 2 atom_id “A1”", kind: "removed", before: "old", after: null },
      { section: "waivers", path: "oracle RangeError (split)", kind: "added", before: null, after: "a built-in" },
    ]);
    expect(diffSettings(a, { ...a, lead: null })).toEqual([{ section: "defaults", path: "lead", kind: "removed", before: "Lena Lead", after: null }]);
  });
});
