import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeRun } from "./execute";
import { createPythonFixture, type PythonFixture } from "./testing/python-fixture";
import type { TRunSpec } from "./types";

function findPython(): string | null {
  try {
    return execFileSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" }).trim() || null;
  } catch {
    return null;
  }
}
const python = findPython();

let fixture: PythonFixture;
let cacheDir: string;

describe.runIf(python)("executeRun on a Python unittest fixture", () => {
  beforeAll(async () => {
    fixture = await createPythonFixture();
    cacheDir = await mkdtemp(path.join(os.tmpdir(), "specpath-py-cache-"));
  });
  afterAll(async () => {
    await rm(fixture.repoDir, { recursive: true, force: true });
    await rm(cacheDir, { recursive: true, force: true });
  });

  const spec = (patch: string | null): TRunSpec => ({
    repoUrl: fixture.repoDir,
    baseCommit: fixture.baseCommit,
    setupCommand: null,
    testCommand: fixture.testCommand(python as string),
    resultFormat: "junit",
    hiddenTestPatch: fixture.hiddenTestPatch,
    patch,
    historyFile: null,
    probes: fixture.probes,
    timeoutMs: 30_000,
  });

  it("passes the gold patch with pytest-style ids", async () => {
    const result = await executeRun(spec(fixture.goldPatch), { cacheDir });
    expect(result).toMatchObject({ outcome: "passed", signature: "11" });
    expect(result.tests.map((t) => t.id)).toContain("tests/test_add.py::AddTest::test_add");
  });

  it("fails the base, where clamp is an error rather than a failure", async () => {
    const result = await executeRun(spec(null), { cacheDir });
    expect(result).toMatchObject({ outcome: "failed", signature: "00" });
    expect(result.probes.map((p) => p.status)).toEqual(["error", "error"]);
  });
});
