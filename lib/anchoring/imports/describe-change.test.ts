import { describe, expect, it } from "vitest";
import { describeChange, prNumberOf } from "./describe-change";

describe("describeChange", () => {
  it("reads a direct commit's subject and body", () => {
    expect(describeChange("Fix the parser (#42)\n\nStrips input first.\n", false)).toEqual({ title: "Fix the parser (#42)", body: "Strips input first.", prNumber: 42 });
  });

  it("takes a GitHub merge's title from the merge body", () => {
    expect(describeChange("Merge pull request #13 from acme/fix\n\nSplit lookups\n\nMore words", true, "Tip\n\nTip body"))
      .toEqual({ title: "Split lookups", body: "More words", prNumber: 13 });
    expect(describeChange("Merge pull request #13 from acme/fix\n\nSplit lookups", true, "Tip\n\nTip body"))
      .toEqual({ title: "Split lookups", body: "Tip body", prNumber: 13 });
  });

  it("borrows title and description from the merged branch's tip when the merge says nothing", () => {
    expect(describeChange("Merge branch 'feature'", true, "Split secret lookup\n\nFixes #12."))
      .toEqual({ title: "Split secret lookup", body: "Fixes #12.", prNumber: null });
    expect(describeChange("Merge branch 'feature'", true)).toEqual({ title: "Merge branch 'feature'", body: "", prNumber: null });
  });

  it("finds pull request numbers in merge and squash subjects only", () => {
    expect(prNumberOf("Merge pull request #7 from a/b")).toBe(7);
    expect(prNumberOf("Add thing (#81)")).toBe(81);
    expect(prNumberOf("Fixes #12 somewhere")).toBeNull();
  });
});
