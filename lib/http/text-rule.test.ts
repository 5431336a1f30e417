import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, findBadText, textProblem } from "./text-rule";

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

  it("walks a body nested 3,000 deep without overflowing, and refuses nesting past the limit (issue #20)", () => {
    const arrays = JSON.parse("[".repeat(3000) + "]".repeat(3000)) as unknown;
    let objects: unknown = "x";
    for (let i = 0; i < 3000; i++) objects = { a: objects };
    expect(findBadText(arrays)).toMatchObject({ field: "(root)", problem: expect.stringMatching(/nested more than 64 levels/) });
    expect(findBadText(objects)).toMatchObject({ problem: expect.stringMatching(/nested more than 64 levels/) });
    let ok: unknown = "fine";
    for (let i = 0; i < MAX_JSON_DEPTH; i++) ok = [ok];
    expect(findBadText(ok)).toBeNull();
    expect(findBadText([ok])).toMatchObject({ problem: expect.stringMatching(/nested/) });
  });

  it("reports the first bad string in document order, as the recursive walk did", () => {
    expect(findBadText({ a: ["ok", { b: "x\u0000" }], c: "\ud800" })).toMatchObject({ field: "a.1.b" });
    expect(findBadText([["ok"], ["\ud800", "\u0000"]])).toMatchObject({ field: "1.0", problem: expect.stringMatching(/surrogate/) });
    expect(findBadText({ x: "bad\u0000" }, "rows.3")).toMatchObject({ field: "rows.3.x" });
  });
});
