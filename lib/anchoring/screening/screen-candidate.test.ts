import { describe, expect, it } from "vitest";
import { funnelCounts, screenCandidate, type TGateCandidate } from "./screen-candidate";

const file = (path: string, additions = 10, deletions = 2, binary = false) => ({ path, additions, deletions, binary });

const good: TGateCandidate = {
  merged: true,
  authorIsBot: false,
  files: [file("src/parser.py"), file("tests/test_parser.py"), file("README.md", 3, 0)],
};

describe("screenCandidate", () => {
  it("admits a merged, human change to source and tests and names every step passed", () => {
    const verdict = screenCandidate(good);
    expect(verdict).toMatchObject({
      admitted: true,
      stoppedAt: null,
      reasons: [],
      passedSteps: ["found", "merged", "non_bot", "source_and_tests", "not_generated_dominated", "size_ok"],
    });
    expect(verdict.measures).toMatchObject({ files: 3, sourceFiles: 1, testFiles: 1, changedLines: 27 });
  });

  it("records each reason of a rejection, not only the first", () => {
    const verdict = screenCandidate({
      merged: false,
      authorIsBot: true,
      files: [file("package-lock.json", 900, 800), file("package.json", 1, 1)],
    });
    expect(verdict.admitted).toBe(false);
    expect(verdict.stoppedAt).toBe("merged");
    expect(verdict.reasons).toEqual([
      { step: "merged", message: "the change was not merged" },
      { step: "non_bot", message: "the author is a bot" },
      { step: "source_and_tests", message: "no test file changed" },
      { step: "not_generated_dominated", message: "generated files hold 100% of the change (limit 50%)" },
    ]);
    expect(verdict.passedSteps).toEqual(["found", "size_ok"]);
  });

  it("rejects a change that is too large, counting only hand-written files", () => {
    const many = Array.from({ length: 5 }, (_, i) => file(`src/m${i}.ts`, 100, 0));
    const verdict = screenCandidate(
      { ...good, files: [...many, file("src/m.test.ts"), file("yarn.lock", 400, 0)] },
      { maxFiles: 4, maxChangedLines: 300 },
    );
    expect(verdict.reasons).toEqual([
      { step: "size_ok", message: "6 files changed outside generated files (limit 4)" },
      { step: "size_ok", message: "512 lines changed outside generated files (limit 300)" },
    ]);
  });

  it("takes the suite's generated patterns and share limit", () => {
    const candidate = { ...good, files: [...good.files, file("src/api/schema.gen.ts", 60, 0)] };
    expect(screenCandidate(candidate).admitted).toBe(true);
    const strict = screenCandidate(candidate, { generatedPatterns: ["*.gen.ts"], generatedShareMax: 0.4 });
    expect(strict.reasons).toEqual([{ step: "not_generated_dominated", message: "generated files hold 69% of the change (limit 40%)" }]);
  });

  it("falls back to the share of files when only binary files changed", () => {
    const verdict = screenCandidate({ ...good, files: [file("dist/app.wasm", 0, 0, true), file("src/a.c", 0, 0, true), file("test/a.bin", 0, 0, true)] });
    expect(verdict.measures.generatedShare).toBeCloseTo(1 / 3);
    expect(verdict.admitted).toBe(true);
  });
});

describe("funnelCounts", () => {
  it("counts the candidates that reach each step", () => {
    const counts = funnelCounts([
      good,
      { ...good, merged: false },
      { ...good, authorIsBot: true },
      { ...good, files: [file("src/only.ts")] },
      { ...good, files: [...good.files, file("go.sum", 5000, 0)] },
      { ...good, files: [...good.files, file("src/huge.ts", 5000, 0)] },
    ]);
    expect(counts.map((c) => [c.label, c.count])).toEqual([
      ["found", 6],
      ["merged", 5],
      ["non-bot", 4],
      ["source + tests", 3],
      ["not generated-dominated", 2],
      ["size ok", 1],
    ]);
  });
});
