import { describe, expect, it } from "vitest";
import { badEncodingMessage, badlyEncodedSegment } from "./path-encoding";

describe("percent-encoding of a request path", () => {
  it("finds the segment whose escapes do not decode", () => {
    expect(badlyEncodedSegment("/api/families/%E0%A4%A/atoms")).toBe("%E0%A4%A");
    expect(badlyEncodedSegment("/families/%ED%A0%80")).toBe("%ED%A0%80");
    expect(badlyEncodedSegment("/api/x/%")).toBe("%");
    expect(badlyEncodedSegment("/api/x/%zz")).toBe("%zz");
  });

  it("accepts plain and well-encoded paths", () => {
    expect(badlyEncodedSegment("/api/families/abc/atoms")).toBeNull();
    expect(badlyEncodedSegment("/api/x/%E0%A4%A4%20y")).toBeNull();
    expect(badlyEncodedSegment("/")).toBeNull();
  });

  it("names the segment, shortened when long", () => {
    expect(badEncodingMessage("%E0%A4%A")).toMatch(/"%E0%A4%A"/);
    expect(badEncodingMessage(`%${"a".repeat(500)}`).length).toBeLessThan(300);
  });
});
