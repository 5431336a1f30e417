import { describe, expect, it } from "vitest";
import { classifyPath, DEFAULT_GENERATED_PATTERNS, ZPathClassRulesSchema } from "./classify";
import { matchesPathPattern } from "./path-pattern";

describe("classifyPath", () => {
  it.each([
    ["package-lock.json", "generated"],
    ["frontend/yarn.lock", "generated"],
    ["pnpm-lock.yaml", "generated"],
    ["poetry.lock", "generated"],
    ["Cargo.lock", "generated"],
    ["go.sum", "generated"],
    ["dist/index.js", "generated"],
    ["packages/ui/build/main.css", "generated"],
    ["static/jquery.min.js", "generated"],
    ["src/__snapshots__/view.test.ts.snap", "generated"],
    ["tests/__snapshots__/render.ambr", "generated"],
    ["vendor/github.com/pkg/errors/errors.go", "generated"],
    ["node_modules/left-pad/index.js", "generated"],
    ["proto/user_pb2.py", "generated"],
    ["api/user.pb.go", "generated"],
    ["src/client.generated.ts", "generated"],
    ["tests/test_parser.py", "test"],
    ["pkg/parser_test.go", "test"],
    ["app/test_models.py", "test"],
    ["app/models_test.py", "test"],
    ["src/__tests__/button.tsx", "test"],
    ["src/button.test.tsx", "test"],
    ["src/button.spec.ts", "test"],
    ["test/fixtures/input.json", "test"],
    ["src/test/java/org/acme/ParserTest.java", "test"],
    ["index.test-d.ts", "test"],
    ["source/types.test-d.tsx", "test"],
    ["test-d/index.ts", "test"],
    ["src/math.spec-d.ts", "test"],
    ["src/parse.spec.mjs", "test"],
    ["packages/core/__tests__/parse.js", "test"],
    ["packages/core/test/parse.js", "test"],
    ["lib/tests/helpers.py", "test"],
    ["pkg/mathx/round_test.go", "test"],
    ["fixtures/big.json", "test"],
    ["src/__fixtures__/tree.ts", "test"],
    ["src/fixtures.ts", "source"],
    ["README.md", "other"],
    ["docs/guide/index.html", "other"],
    [".github/workflows/ci.yml", "other"],
    ["LICENSE", "other"],
    ["src/parser.py", "source"],
    ["lib/contest.ts", "source"],
    ["src/latest.ts", "source"],
    ["package.json", "source"],
    ["builder/main.go", "source"],
  ])("%s is %s", (path, expected) => {
    expect(classifyPath(path)).toBe(expected);
  });

  it("uses a suite's own generated patterns, which may extend the defaults", () => {
    const rules = ZPathClassRulesSchema.parse({ generatedPatterns: [...DEFAULT_GENERATED_PATTERNS, "src/schema/*.ts"] });
    expect(classifyPath("src/schema/types.ts", rules)).toBe("generated");
    expect(classifyPath("src/schema/nested/types.ts", rules)).toBe("source");
    expect(classifyPath("go.sum", { generatedPatterns: [] })).toBe("source");
  });
});

describe("path patterns", () => {
  it("anchors patterns with an inner slash and lets ** cross directories", () => {
    expect(matchesPathPattern("src/gen/a.ts", "src/gen/")).toBe(true);
    expect(matchesPathPattern("lib/src/gen/a.ts", "src/gen/")).toBe(false);
    expect(matchesPathPattern("a/b/c/x.ts", "a/**/x.ts")).toBe(true);
    expect(matchesPathPattern("a/x.ts", "a/**/x.ts")).toBe(true);
    expect(matchesPathPattern("dist", "dist/")).toBe(false);
    expect(matchesPathPattern("x.snap.ts", "*.snap")).toBe(false);
  });
});
