// Issue 19 on real runs (real git, bwrap, node, npm, pytest): the forged patches are graded as
// failures with their reasons; gold, the alternative and honest patches with tests of their own pass.
import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeRun } from "./execute";
import { diffFor } from "./testing/git-fixture";
import { CONFTEST_FORGERY, createForgedFixture, type ForgedFixture } from "./testing/forged-patches";
import { createRunnerFixture, type RunnerFixture } from "./testing/runner-families";
import type { RunnerOptions, TRunSpec } from "./types";

let fixture: ForgedFixture;
let options: RunnerOptions;

beforeAll(async () => {
  fixture = await createForgedFixture();
  options = { cacheDir: await mkdtemp(path.join(os.tmpdir(), "specpath-forged-cache-")) };
});
afterAll(async () => {
  await rm(fixture.repoDir, { recursive: true, force: true });
  await rm(options.cacheDir, { recursive: true, force: true });
});

const grade = (patch: string): TRunSpec => ({
  repoUrl: fixture.repoDir,
  baseCommit: fixture.baseCommit,
  setupCommand: null,
  testCommand: fixture.testCommand,
  resultFormat: "junit",
  hiddenTestPatch: fixture.hiddenTestPatch,
  patch,
  historyFile: null,
  grading: { historyPath: ".specpath/history.md" },
  probes: fixture.probes,
  timeoutMs: 60_000,
});

describe("grade runs that cannot be forged", { timeout: 120_000 }, () => {
  it("passes gold and the alternative, the canaries staying out of the signature and the test list", async () => {
    for (const patch of [fixture.gold, fixture.alternative]) {
      const result = await executeRun(grade(patch), options);
      expect(result, result.message).toMatchObject({ outcome: "passed", signature: "11" });
      expect(result.tests.map((t) => t.id).some((id) => id.includes("specpathcanary"))).toBe(false);
      expect(result.warnings.join("\n")).not.toMatch(/exited with/);
    }
  });

  it("passes an honest patch that adds its own test file, and one whose own test sits at the hidden test's path (collision reported)", async () => {
    const own = await executeRun(grade(fixture.ownTest), options);
    expect(own).toMatchObject({ outcome: "passed", signature: "11" });
    expect(own.tests.find((t) => t.id === "my clamp keeps values inside")?.outcome).toBe("pass");
    const colliding = await executeRun(grade(fixture.collidingTest), options);
    expect(colliding).toMatchObject({ outcome: "passed", signature: "11" });
    expect(colliding.warnings.join("\n")).toMatch(/the patch also wrote test\/clamp\.test\.js, where the hidden tests go: the hidden version was restored/);
    expect(colliding.tests.map((t) => t.id)).not.toContain("my clamp keeps values inside");
  });

  it("shows code inside a grade run the base commit alone: git log --all, rev-list --all, cat-file --batch-all-objects", async () => {
    const result = await executeRun(grade(fixture.historyProbe), options);
    expect(result.outcome).toBe("passed");
    expect(result.tests.find((t) => t.id === "git holds the base commit alone"), JSON.stringify(result.tests)).toMatchObject({ outcome: "pass" });
  });

  it("fails a patch that copies the solution from git history: there is none", async () => {
    const result = await executeRun(grade(fixture.forged.gitHistory), options);
    expect(result).toMatchObject({ outcome: "failed", signature: "00" });
  });

  it("calls a no-op assertion module tampered (its must-fail canary passed)", async () => {
    const result = await executeRun(grade(fixture.forged.noopAssert), options);
    expect(result.outcome).toBe("tampered");
    expect(result.message).toMatch(/^tampered: the must-fail canary in test\/clamp\.test\.js did not fail/);
    expect(result.signature).toBe("00");
  });

  it("undoes a runner config that skips the hidden tests (they run, and fail), and refuses an .npmrc preload as forbidden content naming it", async () => {
    const config = await executeRun(grade(fixture.forged.runnerConfig), options);
    expect(config).toMatchObject({ outcome: "failed", signature: "10" }); // the stub clamp returns 0: right below the range only
    expect(config.warnings.join("\n")).toMatch(/the patch's changes to package\.json were undone before the tests/);
    const preload = await executeRun(grade(fixture.forged.npmrcPreload), options);
    expect(preload.outcome).toBe("forbidden_content");
    expect(preload.message).toMatch(/writes \.npmrc/);
  });
});

function findPython(): string | null {
  try {
    const exe = execFileSync("python3", ["-c", "import sys, pytest; print(sys.executable)"], { encoding: "utf8" }).trim();
    return exe || null;
  } catch {
    return null;
  }
}
const python = findPython();

describe.runIf(python)("a pytest conftest.py that marks every test passed", { timeout: 120_000 }, () => {
  let py: RunnerFixture;
  beforeAll(async () => {
    py = await createRunnerFixture("pytest", { python: python! });
  });
  afterAll(async () => {
    await rm(py.repoDir, { recursive: true, force: true });
  });
  const pyGrade = (patch: string): TRunSpec => ({
    repoUrl: py.repoDir, baseCommit: py.baseCommit, setupCommand: null, testCommand: py.testCommand, resultFormat: "junit",
    hiddenTestPatch: py.hiddenTestPatch, patch, historyFile: null, grading: { historyPath: null }, probes: [py.probes.A1, py.probes.A2], timeoutMs: 60_000,
  });

  it("is tampered, while gold passes with the canaries out of the signature", async () => {
    const gold = await executeRun(pyGrade(py.goldPatch), options);
    expect(gold, gold.message).toMatchObject({ outcome: "passed", signature: "11" });
    const stub = "def in_range(value, low, high):\n    return low <= value <= high\n\n\ndef clamp(value, low, high):\n    return 0\n";
    const forged = await diffFor(py.repoDir, py.baseCommit, { ...CONFTEST_FORGERY, "rangekit/__init__.py": stub });
    const result = await executeRun(pyGrade(forged), options);
    expect(result.outcome, result.message).toBe("tampered");
    expect(result.message).toMatch(/must-fail canary in tests\/test_clamp\.py did not fail/);
  });
});
