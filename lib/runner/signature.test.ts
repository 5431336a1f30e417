import { describe, expect, it } from "vitest";
import type { ExecutedTest } from "./parsers/types";
import { ambiguousTests, computeSignature, summarizeTests } from "./signature";

const t = (id: string, outcome: ExecutedTest["outcome"]): ExecutedTest => ({ id, outcome, durationMs: null, message: null });

describe("computeSignature", () => {
  const tests = [t("a", "pass"), t("b", "fail"), t("c", "pass"), t("d", "skip")];

  it("gives one bit per probe in probe order", () => {
    expect(computeSignature(["c", "b", "a"], tests)).toMatchObject({ outcome: "failed", bits: "101", missing: [] });
    expect(computeSignature(["a", "c"], tests)).toMatchObject({ outcome: "passed", bits: "11" });
  });

  it("matches exactly: a probe that names no executed test is missing and the run is empty_collection", () => {
    const result = computeSignature(["a", "A", "a "], tests);
    expect(result.outcome).toBe("empty_collection");
    expect(result.missing).toEqual(["A", "a "]);
    expect(result.bits).toBe("100");
  });

  it("never passes a run with no probes", () => {
    expect(computeSignature([], tests).outcome).toBe("empty_collection");
  });

  it("counts a skipped probe as 0", () => {
    expect(computeSignature(["d"], tests)).toMatchObject({ outcome: "failed", bits: "0", probes: [{ probe: "d", status: "skip", count: 1 }] });
  });

  it("passes a duplicated id only if every execution passed", () => {
    const dup = [t("x", "pass"), t("x", "fail"), t("y", "pass"), t("y", "pass")];
    expect(computeSignature(["x", "y"], dup).probes).toEqual([
      { probe: "x", status: "fail", count: 2 },
      { probe: "y", status: "pass", count: 2 },
    ]);
  });
});

describe("summarizeTests", () => {
  it("keeps first-seen order and the worst outcome", () => {
    expect(summarizeTests([t("b", "skip"), t("a", "pass"), t("b", "error"), t("b", "fail")])).toEqual([
      { id: "b", outcome: "error", count: 3 },
      { id: "a", outcome: "pass", count: 1 },
    ]);
  });

  it("keeps the worst execution's failure message and detail", () => {
    const failing: ExecutedTest = { id: "b", outcome: "fail", durationMs: null, message: "expected 1, got 2", detail: "expected 1, got 2\n  at b.test.js:3" };
    expect(summarizeTests([t("b", "pass"), failing])).toEqual([{ id: "b", outcome: "fail", count: 2, message: "expected 1, got 2", detail: "expected 1, got 2\n  at b.test.js:3" }]);
    expect(computeSignature(["b"], [failing]).probes).toEqual([{ probe: "b", status: "fail", count: 1, message: "expected 1, got 2", detail: "expected 1, got 2\n  at b.test.js:3" }]);
  });

  it("names the ids that several executed tests share", () => {
    expect(ambiguousTests(summarizeTests([t("x", "pass"), t("y", "pass"), t("x", "pass")]))).toEqual([{ id: "x", outcome: "pass", count: 2 }]);
  });
});
