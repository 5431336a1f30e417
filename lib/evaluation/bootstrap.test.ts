import { describe, expect, it } from "vitest";
import { macroWithInterval, quantile, seededRandom } from "./bootstrap";

describe("task-macro bootstrap", () => {
  it("is the point itself for one family, and reproducible for many", () => {
    expect(macroWithInterval([0.4])).toEqual({ estimate: 0.4, low: 0.4, high: 0.4 });
    expect(macroWithInterval([0.1, 0.5, 0.9])).toEqual(macroWithInterval([0.1, 0.5, 0.9]));
  });

  it("spans the resampled means of two families (0, ½ or 1 with chances ¼, ½, ¼)", () => {
    const i = macroWithInterval([0, 1]);
    expect(i.estimate).toBe(0.5);
    expect([i.low, i.high]).toEqual([0, 1]);
  });

  it("narrows as equal families agree", () => {
    const wide = macroWithInterval([0, 1, 0, 1]);
    const narrow = macroWithInterval([0.5, 0.5, 0.5, 0.5]);
    expect(narrow).toEqual({ estimate: 0.5, low: 0.5, high: 0.5 });
    expect(wide.high - wide.low).toBeGreaterThan(0.4);
  });

  it("interpolates quantiles like R's type 7 and draws uniformly", () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    const random = seededRandom(1);
    const draws = Array.from({ length: 10_000 }, random);
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
    expect(Math.abs(draws.reduce((s, v) => s + v, 0) / draws.length - 0.5)).toBeLessThan(0.02);
  });
});
