import { describe, expect, it } from "vitest";
import { tracecatHistories } from "./test-fixtures";
import { countTokens, historyTokenCount, wordingOf } from "./tokens";

describe("whitespace tokens", () => {
  it("counts runs of non-whitespace, whatever the spacing", () => {
    expect(countTokens("")).toBe(0);
    expect(countTokens("   \n\t ")).toBe(0);
    expect(countTokens("one")).toBe(1);
    expect(countTokens("  two\twords\n")).toBe(2);
    expect(countTokens("don't split, punctuation.")).toBe(3);
  });
  it("sums a history's turns", () => {
    expect(historyTokenCount(tracecatHistories.cancellation)).toBe(18);
    expect(historyTokenCount(tracecatHistories.length_matched)).toBe(18);
  });
  it("compares wording without case, punctuation or spacing", () => {
    expect(wordingOf("Hello,  World!")).toBe(wordingOf("hello world"));
    expect(wordingOf("hello world")).not.toBe(wordingOf("hello there world"));
  });
});
