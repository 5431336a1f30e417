import { describe, expect, it } from "vitest";
import { fromJsonBytes, jsonBytes, storableJson, storableText } from "./storable";

describe("storable strings", () => {
  it("shows U+0000 as its escape and replaces lone surrogates, idempotently", () => {
    expect(storableText("a\u0000b")).toBe("a\\u0000b");
    expect(storableText("x\ud800y")).toBe("x\ufffdy");
    expect(storableText("ok 😀")).toBe("ok 😀");
    expect(storableText(storableText("a\u0000\udfff"))).toBe(storableText("a\u0000\udfff"));
  });
  it("walks any depth of JSON without recursion, keys included", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    let out = storableJson(deep);
    for (let i = 0; i < 100_000; i++) out = (out as unknown[])[0];
    expect(out).toBe("\\u0000");
    expect(storableJson({ "k\u0000": { v: ["\ud800", 1, null, true] }, u: undefined })).toEqual({ "k\\u0000": { v: ["\ufffd", 1, null, true] } });
  });
  it("round-trips any string exactly through bytes", () => {
    const value = { s: ["\u0000", "\ud800", "\udfff\ud800", "é", "\ufffd"] };
    const bytes = jsonBytes(value);
    expect(new TextDecoder("utf-8", { fatal: true }).decode(bytes)).toContain("\\u0000");
    expect(fromJsonBytes(bytes)).toEqual(value);
  });
});
