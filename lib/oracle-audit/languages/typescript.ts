// Pure: TypeScript and TSX use the JavaScript extractor over their own grammars.
import { sourceLanguage } from "@/lib/syntax/languages";
import type { TLanguage } from "../language";
import { extractJavaScriptDefinitions, extractJavaScriptTests, isScriptTestFile, resolveScriptModule } from "./javascript";

export const typescript: TLanguage = {
  ...sourceLanguage("typescript"),
  unit: "test file",
  isTestFile: isScriptTestFile,
  extractTests: (file) => extractJavaScriptTests(file, "typescript"),
  extractDefinitions: extractJavaScriptDefinitions,
  resolveModule: resolveScriptModule,
  isExternal: (specifier) => !specifier.startsWith(".") && !specifier.startsWith("/"),
};
