import { describe, expect, it } from "vitest";
import { exposure, exposureSeries } from "./exposure";
import { tracecat, tracecatHistories as h } from "./test-fixtures";

const shares = (history: Parameters<typeof exposure>[0]) => {
  const result = exposure(history, tracecat);
  return result.ok ? result.value.map((p) => [p.turn, p.stated, p.share]) : result.errors;
};

describe("exposure", () => {
  it("measures the share of M* first stated by each turn: a complete direct history reaches 100%", () => {
    expect(shares(h.direct)).toEqual([
      [0, 0, 0],
      [1, 2, 1],
    ]);
    expect(shares(h.split)).toEqual([
      [0, 0, 0],
      [1, 1, 1 / 2],
      [2, 2, 1],
    ]);
  });

  it("does not count temporary atoms, nor fixed atoms (P is given in every history)", () => {
    expect(shares(h.override)).toEqual([
      [0, 0, 0],
      [1, 0, 0],
      [2, 2, 1],
    ]);
    const statingFixed = { condition: "direct" as const, turns: [{ text: "x", activated: ["A4"], deactivated: [], restated: [] }] };
    expect(shares(statingFixed)).toEqual([[0, 0, 0], [1, 0, 0]]);
  });

  it("counts a restatement only the first time an atom is stated", () => {
    expect(shares(h.duplicate).at(-1)).toEqual([2, 2, 1]);
  });

  it("returns one series per history for the plot", () => {
    const series = exposureSeries(Object.values(h), tracecat);
    expect(series.ok && series.value.map((s) => s.condition)).toEqual(Object.keys(h));
  });
});
