import { describe, expect, it } from "vitest";
import { SOURCE_LANGUAGES, sourceLanguageOf } from "@/lib/syntax/languages";
import { LANGUAGES, languageOf } from "./index";

// The audit reads a file in the language lib/syntax parses it in: a language added to one list
// and not the other would be read with no grammar, or parsed and never audited.
describe("the audit's languages are the ones lib/syntax parses", () => {
  it("lists the same languages, with the same extensions", () => {
    expect(LANGUAGES.map((l) => [l.id, [...l.extensions]])).toEqual(SOURCE_LANGUAGES.map((l) => [l.id, [...l.extensions]]));
  });

  it("reads each extension with the grammar lib/syntax parses it with", () => {
    for (const path of SOURCE_LANGUAGES.flatMap((l) => l.extensions.map((e) => `src/a${e}`))) {
      expect(languageOf(path)?.id, path).toBe(sourceLanguageOf(path)?.id);
      expect(languageOf(path)?.grammarFor(path), path).toBe(sourceLanguageOf(path)?.grammarFor(path));
    }
    expect(sourceLanguageOf("src/a.tsx")?.grammarFor("src/a.tsx")).toBe("tsx");
    expect(sourceLanguageOf("README.md")).toBeNull();
  });
});
