// Pure: which kind a changed file is (source, test, generated, other).
import { z } from "zod";
import type { TFileKind } from "@/lib/contract/types";
import { matchesAnyPathPattern } from "./path-pattern";

export const DEFAULT_GENERATED_PATTERNS: readonly string[] = [
  // lock files
  "package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml", "bun.lock", "bun.lockb",
  "poetry.lock", "Pipfile.lock", "uv.lock", "pdm.lock", "Cargo.lock", "go.sum", "Gemfile.lock",
  "composer.lock", "mix.lock", "pubspec.lock", "Podfile.lock", "flake.lock", "packages.lock.json", "gradle.lockfile",
  // build output, vendored and installed code
  "dist/", "build/", "vendor/", "node_modules/", "third_party/", "coverage/", ".yarn/",
  "*.min.js", "*.min.css", "*.js.map", "*.css.map",
  // snapshots
  "__snapshots__/", "*.snap",
  // code generators
  "__generated__/", "*_pb2.py", "*_pb2_grpc.py", "*_pb2.pyi", "*.pb.go", "*.pb.gw.go", "*.pb.cc", "*.pb.h",
  "*_pb.js", "*_pb.d.ts", "*.generated.*", "*.g.dart", "*.freezed.dart", "*.Designer.cs",
];

export const DEFAULT_TEST_PATTERNS: readonly string[] = [
  "test/", "tests/", "__tests__/", "spec/", "specs/", "testdata/", "e2e/", "__mocks__/",
  "*.test.*", "*.spec.*", "*_test.*", "*_spec.rb",
  "test_*.py", "*_tests.py", "conftest.py",
  "*Test.{java,kt,scala,cs,php,swift}", "*Tests.{java,kt,scala,cs,swift}", "*Spec.{scala,groovy,kt}",
];

export const DEFAULT_OTHER_PATTERNS: readonly string[] = [
  "*.md", "*.markdown", "*.rst", "*.adoc", "docs/", "doc/",
  "LICENSE*", "COPYING*", "CHANGELOG*", "AUTHORS*", "NOTICE*",
  ".github/", ".gitignore", ".gitattributes", ".editorconfig", ".mailmap",
  "*.{png,jpg,jpeg,gif,ico,webp}",
];

export const ZPathClassRulesSchema = z.object({
  generatedPatterns: z.array(z.string().min(1)).default(() => [...DEFAULT_GENERATED_PATTERNS]),
  testPatterns: z.array(z.string().min(1)).default(() => [...DEFAULT_TEST_PATTERNS]),
  otherPatterns: z.array(z.string().min(1)).default(() => [...DEFAULT_OTHER_PATTERNS]),
});
export type TPathClassRules = z.infer<typeof ZPathClassRulesSchema>;

/**
 * Classifies a changed path. Generated wins over test (a snapshot under tests/ is generated),
 * test over other (a fixture under tests/ is a test), and whatever is left is source.
 */
export function classifyPath(path: string, rules: Partial<TPathClassRules> = {}): TFileKind {
  if (matchesAnyPathPattern(path, rules.generatedPatterns ?? DEFAULT_GENERATED_PATTERNS)) return "generated";
  if (matchesAnyPathPattern(path, rules.testPatterns ?? DEFAULT_TEST_PATTERNS)) return "test";
  if (matchesAnyPathPattern(path, rules.otherPatterns ?? DEFAULT_OTHER_PATTERNS)) return "other";
  return "source";
}
