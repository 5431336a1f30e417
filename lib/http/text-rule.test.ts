import { describe, expect, it } from "vitest";
import { findBadText, textProblem } from "./text-rule";

describe("the text rule at the API boundary", () => {
  it("refuses NUL characters and lone surrogates, accepts any well-formed Unicode", () => {
    expect(textProblem("a\u0000b")).toMatch(/NUL/);
    expect(textProblem("\ud800")).toMatch(/surrogate/);
    expect(textProblem("x\udc00y")).toMatch(/surrogate/);
    expect(textProblem("emoji 😀, 中文, \u00e9")).toBeNull();
  });

  it("names the field, also deep inside arrays and in keys", () => {
    expect(findBadText({ name: "ok", turns: [{ text: "fine" }, { text: "bad\u0000" }] })).toEqual({ field: "turns.1.text", problem: expect.stringMatching(/NUL/) });
    expect(findBadText({ ["k\ud800"]: 1 })).toMatchObject({ field: "k\ufffd", problem: expect.stringMatching(/key/) });
    expect(findBadText("\u0000")).toMatchObject({ field: "(root)" });
    expect(findBadText({ a: [1, true, null, { b: "x" }] })).toBeNull();
  });
});
