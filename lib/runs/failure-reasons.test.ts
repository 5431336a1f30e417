import { describe, expect, it } from "vitest";
import { probeFailures } from "./failure-reasons";

describe("probeFailures", () => {
  it("lists the probes that did not pass with the report's message and detail", () => {
    expect(
      probeFailures([
        { probe: "clamp > low", status: "fail", count: 1, message: "Expected values to be strictly equal: -5 !== 0", detail: "AssertionError\n  at test/clamp.test.js:5" },
        { probe: "clamp > high", status: "pass", count: 1 },
        { probe: "gone", status: "missing", count: 0 },
        { probe: "later", status: "skip", count: 1 },
      ]),
    ).toEqual([
      { probe: "clamp > low", status: "fail", message: "Expected values to be strictly equal: -5 !== 0", detail: "AssertionError\n  at test/clamp.test.js:5" },
      { probe: "gone", status: "missing", message: "matched no executed test (its id is not in the report)", detail: null },
      { probe: "later", status: "skip", message: "was skipped, which proves nothing", detail: null },
    ]);
  });

  it("reads nothing from a value that is not a probe list", () => {
    expect(probeFailures(null)).toEqual([]);
    expect(probeFailures([{ id: "x", outcome: "fail" }])).toEqual([]);
  });
});
