import { describe, expect, it } from "vitest";
import { parseClosingReferences } from "./linked-issues";

describe("parseClosingReferences", () => {
  it("reads every closing keyword form GitHub accepts", () => {
    const body = [
      "Fixes #12 and closes: #13.",
      "Resolved other-org/lib#7, see also #99.",
      "This fixes https://github.com/acme/widgets/issues/14",
      "FIX #12 again",
    ].join("\n");
    expect(parseClosingReferences(body, "acme", "widgets")).toEqual([
      { owner: "acme", repo: "widgets", number: 12 },
      { owner: "acme", repo: "widgets", number: 13 },
      { owner: "other-org", repo: "lib", number: 7 },
      { owner: "acme", repo: "widgets", number: 14 },
    ]);
  });

  it("ignores mentions without a closing keyword and empty bodies", () => {
    expect(parseClosingReferences("Related to #5; prefix #6; fixed-width #7", "a", "b")).toEqual([]);
    expect(parseClosingReferences(null, "a", "b")).toEqual([]);
  });
});
