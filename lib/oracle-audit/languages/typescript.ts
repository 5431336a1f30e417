// Pure: TypeScript and TSX use the JavaScript extractor over their own grammars.
import type { TLanguage } from "../language";
import { extractJavaScriptDefinitions, extractJavaScriptTests, isScriptTestFile, resolveScriptModule } from "./javascript";

export const typescript: TLanguage = {
  id: "typescript",
  extensions: [".ts", ".tsx", ".mts", ".cts"],
  grammarFor: (path) => (path.endsWith(".tsx") ? "tsx" : "typescript"),
  unit: "test file",
  isTestFile: isScriptTestFile,
  extractTests: (file) => extractJavaScriptTests(file, "typescript"),
  extractDefinitions: extractJavaScriptDefinitions,
  resolveModule: resolveScriptModule,
  isExternal: (specifier) => !specifier.startsWith(".") && !specifier.startsWith("/"),
};
