// Pure: the source languages the studio parses, and the tree-sitter grammar each file is read
// with. The oracle audit's languages (lib/oracle-audit/languages) are these, with their extractors.

export interface TSourceLanguage {
  id: string;
  extensions: readonly string[];
  /** The tree-sitter grammar for a file of this language (the loader finds its WASM). */
  grammarFor(path: string): string;
}

export const SOURCE_LANGUAGES: readonly TSourceLanguage[] = [
  { id: "javascript", extensions: [".js", ".mjs", ".cjs", ".jsx"], grammarFor: () => "javascript" },
  { id: "typescript", extensions: [".ts", ".tsx", ".mts", ".cts"], grammarFor: (path) => (path.endsWith(".tsx") ? "tsx" : "typescript") },
  { id: "python", extensions: [".py"], grammarFor: () => "python" },
];

export function sourceLanguageOf(path: string): TSourceLanguage | null {
  return SOURCE_LANGUAGES.find((l) => l.extensions.some((e) => path.endsWith(e))) ?? null;
}

/** The source language `id` (one of SOURCE_LANGUAGES): the audit's languages are these, with extractors. */
export function sourceLanguage(id: "javascript" | "typescript" | "python"): TSourceLanguage {
  return SOURCE_LANGUAGES.find((l) => l.id === id)!;
}
