import { describe, expect, it } from "vitest";
import { waiverFor, type TWaiverRow } from "./waivers";

const waiver = (dependencyKey: string, historyId = ""): TWaiverRow => ({ dependencyKey, historyId, rationale: "r", createdById: "u", createdAt: new Date(0) });

describe("waiverFor", () => {
  it("prefers the history's own waiver to the family's", () => {
    const rows = [waiver("name:m:x"), waiver("name:m:x", "h1")];
    expect(waiverFor(rows, "name:m:x", "h1")).toBe(rows[1]);
    expect(waiverFor(rows, "name:m:x", "h2")).toBe(rows[0]);
  });

  it("lets a waiver given before options were keyed per function (analyzer 9) resolve that option of every function", () => {
    const rows = [waiver("name:wcwidth:ambiguous_width")];
    expect(waiverFor(rows, "name:wcwidth:ambiguous_width@wcwidth", "h1")).toBe(rows[0]);
    expect(waiverFor(rows, "name:wcwidth:ambiguous_width@wrap", null)).toBe(rows[0]);
    expect(waiverFor(rows, "name:wcwidth:ambiguous_width_x@wrap", "h1")).toBeNull();
  });

  it("never lets a per-function waiver resolve another function's option", () => {
    const rows = [waiver("name:wcwidth:ambiguous_width@wcwidth")];
    expect(waiverFor(rows, "name:wcwidth:ambiguous_width@wrap", "h1")).toBeNull();
  });
});
