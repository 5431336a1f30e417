// Pure: TypeScript and TSX use the JavaScript extractor over their own grammars.
import { sourceLanguage } from "@/lib/syntax/languages";
import type { TLanguage } from "../language";
import { extractJavaScriptDefinitions, extractJavaScriptTests, isScriptSupportModule, isScriptTestFile, resolveScriptModule } from "./javascript";

export const typescript: TLanguage = {
  ...sourceLanguage("typescript"),
  unit: "test file",
  isTestFile: isScriptTestFile,
  isSupportModule: isScriptSupportModule,
  extractTests: (file) => extractJavaScriptTests(file, "typescript"),
  extractDefinitions: extractJavaScriptDefinitions,
  resolveModule: resolveScriptModule,
  isExternal: (specifier) => !specifier.startsWith(".") && !specifier.startsWith("/"),
};
