// The tamper canaries in every runner the studio supports (issue 19): on real grade runs of each
// runner fixture (testing/runner-families.ts; tape, mocha and vitest install from the npm registry
// in setup), gold passes — the canaries ran, the must-fail one failed, none of them entered the
// signature — the base fails as a failure, not as tampering, and where the library can reach the
// tests' assertion module (node:test, mocha) a patch that stubs it is tampered.
import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeRun } from "./execute";
import { diffFor } from "./testing/git-fixture";
import { createRunnerFixture, RUNNERS, type RunnerFixture, type TRunnerName } from "./testing/runner-families";
import type { RunnerOptions, TRunSpec } from "./types";

function findPython(): string | null {
  try {
    return execFileSync("python3", ["-c", "import sys, pytest; print(sys.executable)"], { encoding: "utf8" }).trim() || null;
  } catch {
    return null;
  }
}
const python = findPython();
let options: RunnerOptions;
beforeAll(async () => {
  options = { cacheDir: await mkdtemp(path.join(os.tmpdir(), "specpath-canary-cache-")), setupTimeoutMs: 300_000 };
});
afterAll(async () => {
  await rm(options.cacheDir, { recursive: true, force: true });
});

const STUB_ASSERT_CJS = 'const assert = require("node:assert/strict");\nfor (const k of Object.keys(assert)) if (typeof assert[k] === "function") assert[k] = () => {};\n';

for (const runner of RUNNERS) {
  const needsPython = runner === "pytest" || runner === "unittest";
  describe.runIf(!needsPython || python)(`canaries under ${runner}`, { timeout: 400_000 }, () => {
    let fixture: RunnerFixture;
    beforeAll(async () => {
      fixture = await createRunnerFixture(runner as TRunnerName, { python: python ?? "python3" });
    });
    afterAll(async () => {
      await rm(fixture.repoDir, { recursive: true, force: true });
    });
    const grade = (patch: string | null): TRunSpec => ({
      repoUrl: fixture.repoDir, baseCommit: fixture.baseCommit, setupCommand: fixture.setupCommand, testCommand: fixture.testCommand,
      resultFormat: fixture.resultFormat, hiddenTestPatch: fixture.hiddenTestPatch, patch, historyFile: null,
      grading: { historyPath: ".specpath/history.md" }, probes: [fixture.probes.A1, fixture.probes.A2], timeoutMs: 120_000,
    });

    it("passes gold with the canaries out of the signature, and fails the base without calling it tampered", async () => {
      const gold = await executeRun(grade(fixture.goldPatch), options);
      expect(gold, `${gold.message}\n${gold.logs.setup}\n${gold.logs.stderr}`).toMatchObject({ outcome: "passed", signature: "11" });
      expect(gold.tests.some((t) => t.id.includes("specpathcanary"))).toBe(false);
      const base = await executeRun(grade(null), options);
      expect(base.outcome, base.message).not.toBe("tampered");
      expect(base.outcome === "failed" || base.outcome === "empty_collection").toBe(true);
    });

    it.runIf(runner === "mocha")("calls a library that stubs the tests' assertion module tampered", async () => {
      const library = `${STUB_ASSERT_CJS}function inRange(value, low, high) {\n  return value >= low && value <= high;\n}\nfunction clamp() {\n  return 0;\n}\nmodule.exports = { inRange, clamp };\n`;
      const forged = await diffFor(fixture.repoDir, fixture.baseCommit, { "src/range.js": library });
      const result = await executeRun(grade(forged), options);
      expect(result.outcome, result.message).toBe("tampered");
    });
  });
}
