import { describe, expect, it } from "vitest";
import { diffPackages } from "./diff";
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
});
