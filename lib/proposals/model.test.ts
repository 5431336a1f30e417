import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { parseAnswer, userMessage } from "./model";

describe("model answer", () => {
  it("reads a bare or fenced JSON answer, filling defaults and normalizing anchors", () => {
    const bare = parseAnswer('{"atoms": [{"statement": "Optional lookups return null.", "anchors": [{"source": "diff", "filePath": "src/a.js", "lineStart": 3}]}]}');
    expect(bare).toEqual([{
      statement: "Optional lookups return null.", scope: "", inputCondition: "", polarity: "require", observation: "", role: "final",
      anchors: [{ source: "diff", filePath: "src/a.js", lineStart: 3, lineEnd: 3, quote: "" }],
    }]);
    const fenced = parseAnswer('Here you go:\n```json\n{"atoms": [{"statement": "x", "polarity": "forbid", "role": "fixed"}]}\n```');
    expect(fenced[0]).toMatchObject({ statement: "x", polarity: "forbid", role: "fixed", anchors: [] });
  });

  it("refuses prose, temporary atoms and unknown polarities, naming the field", () => {
    expect(() => parseAnswer("I think the atoms are A and B.")).toThrow(/not JSON/);
    expect(() => parseAnswer('{"atoms": [{"statement": "x", "role": "temporary"}]}')).toThrow(/atoms\.0\.role/);
    const error = (() => { try { parseAnswer('{"atoms": [{"statement": "x", "polarity": "maybe"}]}'); } catch (e) { return e; } })();
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(422);
  });

  it("lays out the evidence in sections and marks empty ones", () => {
    const text = userMessage({ title: "T", issue: "", description: "D", review: "", testPatch: "diff --git a/t b/t", sourcePatch: "", existing: ["A stored secret is returned."] });
    expect(text).toContain("## Linked issue\n\n(none)");
    expect(text).toContain("## Test diff\n\n```diff\ndiff --git a/t b/t\n```");
    expect(text).toContain("## Already in the catalog\n\n- A stored secret is returned.");
  });
});
