import { describe, expect, it } from "vitest";
import { funnelFromCandidates, readReasons, stoppedAt } from "./funnel";

const ALL = ["found", "merged", "non_bot", "source_and_tests", "not_generated_dominated", "size_ok"];

describe("funnel from stored candidates", () => {
  it("counts each step as the candidates that passed it and every step before, then the admitted ones", () => {
    const funnel = funnelFromCandidates([
      { stepsPassed: ALL, status: "admitted" },
      { stepsPassed: ALL, status: "screened" },
      { stepsPassed: ["found", "merged", "size_ok"], status: "screened" }, // a bot: later passes do not count
      { stepsPassed: ["found", "merged", "non_bot", "not_generated_dominated", "size_ok"], status: "rejected" },
    ]);
    expect(funnel.map((s) => [s.label, s.count])).toEqual([
      ["found", 4], ["merged", 4], ["non-bot", 3], ["source + tests", 2], ["not generated-dominated", 2], ["size ok", 2], ["admitted", 1],
    ]);
  });

  it("names the step where a candidate left, and reads stored reasons defensively", () => {
    expect(stoppedAt(["found", "merged", "size_ok"])).toBe("non_bot");
    expect(stoppedAt(ALL)).toBeNull();
    expect(readReasons([{ step: "size_ok", message: "too big" }])).toEqual([{ step: "size_ok", message: "too big" }]);
    expect(readReasons("garbage")).toEqual([]);
  });
});
