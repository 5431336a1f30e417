import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createRunnerFixture, RUNNERS } from "@/lib/runner/testing/runner-families";
import { RUNNER_RECIPES, recipeOf, suggestRecipe, withReportHint } from "./recipes";

describe("runner recipes", () => {
  it("are the commands the runner fixtures run on real runs (so each recipe is tested there)", async () => {
    for (const runner of RUNNERS) {
      const fixture = await createRunnerFixture(runner, { python: "python3" });
      const recipe = RUNNER_RECIPES.find((r) => r.id === runner)!;
      expect({ setup: recipe.setupCommand, test: recipe.testCommand, format: recipe.resultFormat }, runner).toEqual({ setup: fixture.setupCommand, test: fixture.testCommand, format: fixture.resultFormat });
      expect(recipeOf(recipe.testCommand)?.id).toBe(runner);
      rmSync(fixture.repoDir, { recursive: true, force: true });
    }
    expect(recipeOf(RUNNER_RECIPES.find((r) => r.id === "jest")!.testCommand)?.id).toBe("jest");
  }, 60_000);

  it("suggests each runner's recipe from that runner's hidden tests, and none from a patch that names no runner", async () => {
    for (const runner of RUNNERS) {
      const fixture = await createRunnerFixture(runner, { python: "python3" });
      expect(suggestRecipe(fixture.hiddenTestPatch)?.id, runner).toBe(runner);
      rmSync(fixture.repoDir, { recursive: true, force: true });
    }
    expect(suggestRecipe("--- a/README.md\n+++ b/README.md\n@@ -1 +1 @@\n-old\n+new\n")).toBeNull();
    // A removed import is not the runner the tests use now.
    expect(suggestRecipe('--- a/t.test.js\n+++ b/t.test.js\n@@ -1 +1 @@\n-import { test } from "node:test";\n+import { test } from "vitest";\n')?.id).toBe("vitest");
  }, 60_000);

  it("pytest: a test module that fails to import fails its own tests, not the whole run", () => {
    // dominate-3-0-htmx-underscore (held-out 20): without the module a hidden test imports, pytest stopped at the
    // collection error ("Interrupted: 1 error during collection") and every probe of the run failed, two files that
    // never import it included.
    const dir = mkdtempSync(path.join(os.tmpdir(), "specpath-recipe-"));
    try {
      mkdirSync(path.join(dir, "tests"));
      writeFileSync(path.join(dir, "tests", "test_new.py"), "import missing_module\n\n\ndef test_new():\n    assert missing_module\n");
      writeFileSync(path.join(dir, "tests", "test_old.py"), "def test_old():\n    assert 1 + 1 == 2\n");
      const report = path.join(dir, "report.xml");
      const command = RUNNER_RECIPES.find((r) => r.id === "pytest")!.testCommand;
      try {
        execFileSync("sh", ["-c", command], { cwd: dir, env: { ...process.env, SPECPATH_REPORT: report }, stdio: "ignore" });
      } catch {
        // exits non-zero: one module fails to import
      }
      const xml = readFileSync(report, "utf8");
      expect(xml).toMatch(/<testcase [^>]*name="test_old"[^>]*\/>/);
      expect(xml).toMatch(/errors="1"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // A real pytest run: under a loaded machine it takes longer than vitest's default 5 s (seen in a full run beside a build).
  }, 60_000);

  it("names the runner's own report option when a run wrote no report", () => {
    expect(withReportHint("the test command exited with 1 and wrote no junit report to $SPECPATH_REPORT", "npx vitest run --reporter=junit")).toBe(
      'the test command exited with 1 and wrote no junit report to $SPECPATH_REPORT — tell vitest where to write it: --reporter=junit --outputFile="$SPECPATH_REPORT"',
    );
    expect(withReportHint("3 tests executed", "npx vitest run")).toBe("3 tests executed");
    expect(withReportHint("the test command exited with 1 and wrote no junit report to $SPECPATH_REPORT", "make test")).toMatch(/SPECPATH_REPORT$/);
  });
});
