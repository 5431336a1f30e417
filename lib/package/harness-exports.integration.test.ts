// The exports as the harnesses run them. SWE-bench: each instance's `eval_script` (as
// make_test_spec turns it into the TestSpec's script) runs in the bwrap sandbox on a fresh
// workspace built as its `image` is (the environment folder's prepare.sh on the base snapshot),
// after the patch is applied as the harness applies it; the log is graded by a port of the
// harness's own grading and log parsers (testing/swebench-harness.ts). Harbor: the pytest
// family's task folder goes through Harbor's trial sequence (environment, solution, tests/test.sh
// with its stdout redirected into test-stdout.txt) and reads reward.txt.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSandboxed } from "@/lib/runner/sandbox";
import { createRunnerFixture, type RunnerFixture } from "@/lib/runner/testing/runner-families";
import { environmentOfPackage } from "./environment";
import { baseSnapshot, harborFiles, sweBenchFor } from "./harbor-export";
import { harborEnvironmentFiles, harborTaskName, VERIFIER_OUTPUT } from "./harbor";
import { writeTree } from "./native-export";
import { ZSweBenchInstanceSchema, type TSweBenchInstance } from "./swebench";
import { fixturePackage } from "./testing/fixture-package";
import { gradeLog, harnessEvalScript } from "./testing/swebench-harness";
import type { TPackage } from "./types";

const python = execFileSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" }).trim();
let tmp: string;
const cacheDir = () => path.join(tmp, "cache");
const families: Record<string, { fixture: RunnerFixture; content: TPackage; hash: string; instances: TSweBenchInstance[] }> = {};

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-harness-exports-"));
  for (const runner of ["node-test", "pytest"] as const) {
    const fixture = await createRunnerFixture(runner, { python });
    const { content, hash } = await fixturePackage(fixture, cacheDir());
    families[runner] = { fixture, content, hash, instances: await sweBenchFor({ content, hash }, cacheDir()) };
  }
}, 240_000);

afterAll(() => {
  for (const f of Object.values(families)) fs.rmSync(f.fixture.repoDir, { recursive: true, force: true });
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The workspace the instance's image holds: the base snapshot, prepared by the environment folder's prepare.sh. */
async function imageWorkspace(content: TPackage, name: string) {
  const envDir = path.join(tmp, name, "env");
  const testbed = path.join(tmp, name, "testbed");
  fs.mkdirSync(testbed, { recursive: true });
  await writeTree(envDir, [...harborEnvironmentFiles(content), { path: "repo.tar", content: await baseSnapshot(content, cacheDir()) }]);
  execFileSync("sh", [path.join(envDir, "prepare.sh")], { cwd: testbed, stdio: "pipe" });
  return testbed;
}

/** run_instance: the patch applied to /testbed as the harness applies it, then the TestSpec's eval script, stdout and stderr as one log. */
async function runInstance(instance: TSweBenchInstance, content: TPackage, patch: string | null, name: string) {
  const testbed = await imageWorkspace(content, name);
  if (patch) execFileSync("git", ["apply", "--verbose", "-"], { cwd: testbed, input: patch, stdio: ["pipe", "pipe", "pipe"] });
  const output = path.join(tmp, name, "out");
  fs.mkdirSync(output, { recursive: true });
  fs.writeFileSync(path.join(output, "eval.sh"), harnessEvalScript(instance.eval_script));
  const result = await runSandboxed({
    command: 'bash "$EVAL_SH" 2>&1',
    workspace: testbed,
    outputDir: output,
    env: (paths) => ({ SPECPATH_TESTBED: paths.workspace, EVAL_SH: `${paths.output}/eval.sh` }),
    timeoutMs: 120_000,
  });
  expect(result.sandbox).toBe("bwrap");
  return result.stdout;
}

describe.each(["node-test", "pytest"] as const)("SWE-bench instances of a %s family", (runner) => {
  it("carry the fields make_test_spec reads, ids as the named parser reports them", () => {
    const { content, instances, fixture } = families[runner]!;
    expect(instances).toHaveLength(2);
    for (const instance of instances) ZSweBenchInstanceSchema.parse(instance);
    const [first] = instances;
    expect(first).toMatchObject({ repo: "rangekit-org/rangekit", eval_type: "pass_and_fail", created_at: "2024-05-03T14:20:11.000Z", pull_number: 12 });
    expect(first!.log_parser).toBe(runner === "pytest" ? "parse_log_pytest" : "parse_log_tap");
    // One environment: both histories share version and image.
    expect(new Set(instances.map((i) => `${i.version} ${i.image}`)).size).toBe(1);
    expect(JSON.stringify(instances)).not.toContain(fixture.repoDir);
    const f2p = JSON.parse(first!.FAIL_TO_PASS) as string[];
    const p2p = JSON.parse(first!.PASS_TO_PASS) as string[];
    if (runner === "pytest") {
      expect(f2p).toEqual(["tests/test_clamp.py::test_returns_low_below_the_range", "tests/test_clamp.py::test_returns_high_above_the_range"]);
      expect(p2p).toEqual(["tests/test_in_range.py::test_in_range_accepts_the_bounds"]);
      expect(environmentOfPackage(content).pythonPackages[0]).toMatch(/^pytest==\d+\.\d+/);
    } else {
      expect(f2p).toEqual([fixture.probes.A1, fixture.probes.A2]);
      expect(p2p).toEqual([fixture.guard]);
    }
  });

  it("grade gold RESOLVED_FULL through the harness's own grading", async () => {
    const { content, instances, fixture } = families[runner]!;
    const log = await runInstance(instances[0]!, content, fixture.goldPatch, `${runner}-gold`);
    const graded = gradeLog(instances[0]!, log);
    expect(graded.found, log).toBe(true);
    expect(graded.report.FAIL_TO_PASS.failure, log).toEqual([]);
    expect(graded.report.PASS_TO_PASS.failure, log).toEqual([]);
    expect(graded.report.FAIL_TO_PASS.success).toEqual(JSON.parse(instances[0]!.FAIL_TO_PASS));
    expect(graded.status).toBe("RESOLVED_FULL");
  });

  it("grade a negative as failing exactly the probe of the atom it breaks", async () => {
    const { content, instances, fixture } = families[runner]!;
    const log = await runInstance(instances[1]!, content, fixture.negatives.A1, `${runner}-negative`);
    const graded = gradeLog(instances[1]!, log);
    const [a1, a2] = JSON.parse(instances[1]!.FAIL_TO_PASS) as string[];
    expect(graded.found, log).toBe(true);
    expect(graded.report.FAIL_TO_PASS.failure, log).toEqual([a1]);
    expect(graded.report.FAIL_TO_PASS.success).toEqual([a2]);
    expect(graded.report.PASS_TO_PASS.failure).toEqual([]);
    expect(graded.status).toBe("RESOLVED_PARTIAL");
  });

  it("grade the untouched base RESOLVED_NO, and an agent that edits the hidden tests gains nothing", async () => {
    const { content, instances, fixture } = families[runner]!;
    const base = gradeLog(instances[0]!, await runInstance(instances[0]!, content, null, `${runner}-base`));
    expect(base.status).toBe("RESOLVED_NO");
    // The hidden tests rewritten to pass on anything: the recipe restores them before the verifier runs.
    const cheat = fixture.hiddenTestPatch.replace(/assert(\.equal)?\s*\(?clamp\([^\n]*/g, (line) => (runner === "pytest" ? "assert True" : "assert.ok(true));"));
    const log = await runInstance(instances[0]!, content, cheat, `${runner}-cheat`);
    expect(gradeLog(instances[0]!, log).status, log).not.toBe("RESOLVED_FULL");
  });
});

describe("SWE-bench tamper canaries", () => {
  it("turn a pytest family's rigged run (a negative plus a conftest.py that makes every test pass) into no result", async () => {
    const { content, instances, fixture } = families.pytest!;
    const conftest = [
      "import pytest", "", "", "@pytest.hookimpl(hookwrapper=True)", "def pytest_runtest_makereport(item, call):",
      "    outcome = yield", "    report = outcome.get_result()", '    if report.when == "call":', '        report.outcome = "passed"', "",
    ].join("\n");
    const rigged = `diff --git a/conftest.py b/conftest.py\nnew file mode 100644\n--- /dev/null\n+++ b/conftest.py\n@@ -0,0 +1,${conftest.split("\n").length - 1} @@\n${conftest.trimEnd().split("\n").map((l) => `+${l}`).join("\n")}\n`;
    const log = await runInstance(instances[0]!, content, `${fixture.negatives.A1}${rigged}`, "pytest-rigged");
    // Without the canaries every FAIL_TO_PASS test would read PASSED here, although the negative breaks A1.
    expect(log).toMatch(/PASSED tests\/test_clamp.py::test_returns_low_below_the_range/);
    expect(log).toMatch(/>>>>> Tests Errored \(specpath: tampered: the must-fail canary/);
    expect(gradeLog(instances[0]!, log)).toMatchObject({ found: false, resolved: false });
    // Gold's log carries the canaries too, and still grades RESOLVED_FULL.
    const gold = await runInstance(instances[0]!, content, fixture.goldPatch, "pytest-gold-canaries");
    expect(gold).toMatch(/FAILED tests\/test_clamp.py::test_specpathcanary\w+f0/);
    expect(gradeLog(instances[0]!, gold).status).toBe("RESOLVED_FULL");
  });
});

describe("Harbor task folder of the pytest family", () => {
  async function trial(withSolution: boolean) {
    const { content, hash } = families.pytest!;
    const root = path.join(tmp, `harbor-${withSolution}`);
    await writeTree(root, await harborFiles({ content, hash }, cacheDir()));
    const task = path.join(root, harborTaskName(content, "direct"));
    const env = environmentOfPackage(content);
    // The environment's Python packages are the ones the sandbox's Python has (no PyPI here): check the pins, then build as the Dockerfile does.
    for (const pin of env.pythonPackages) {
      const [name, version] = pin.split("==");
      expect(execFileSync(python, ["-c", `import importlib.metadata as m; print(m.version(${JSON.stringify(name)}))`], { encoding: "utf8" }).trim()).toBe(version);
    }
    const dockerfile = fs.readFileSync(path.join(task, "environment", "Dockerfile"), "utf8");
    expect(dockerfile).toContain(`FROM python:${env.runtimes.python!.split(".").slice(0, 2).join(".")}-slim-bookworm`);
    expect(dockerfile).toContain(`pip install --no-cache-dir '${env.pythonPackages[0]}'`);
    const app = path.join(root, "trial", "app");
    const logs = path.join(root, "trial", "logs", "verifier");
    fs.mkdirSync(app, { recursive: true });
    fs.mkdirSync(logs, { recursive: true });
    execFileSync("sh", [path.join(task, "environment", "prepare.sh")], { cwd: app, stdio: "pipe" });
    const vars = { ...process.env, SPECPATH_APP_DIR: app, SPECPATH_LOGS_DIR: logs };
    if (withSolution) execFileSync("bash", [path.join(task, "solution", "solve.sh")], { env: vars, stdio: "pipe" });
    // Harbor: `bash /tests/test.sh > /logs/verifier/test-stdout.txt 2>&1`.
    const out = fs.openSync(path.join(logs, "test-stdout.txt"), "w");
    spawnSync("bash", [path.join(task, "tests", "test.sh")], { env: vars, stdio: ["ignore", out, out] });
    fs.closeSync(out);
    return { reward: fs.readFileSync(path.join(logs, "reward.txt"), "utf8").trim(), logs };
  }

  it("scores the oracle 1 with the exported environment, and the base 0", async () => {
    const solved = await trial(true);
    expect(solved.reward, fs.readFileSync(path.join(solved.logs, "test-stdout.txt"), "utf8")).toBe("1");
    expect(fs.readFileSync(path.join(solved.logs, VERIFIER_OUTPUT), "utf8")).toMatch(/passed/);
    expect(fs.readFileSync(path.join(solved.logs, "test-stdout.txt"), "utf8")).toMatch(/specpath signature 111 \(passed\) reward 1/);
    expect((await trial(false)).reward).toBe("0");
  });

  it("gives every history of the family the same environment folder, stored once", async () => {
    const { content, hash } = families.pytest!;
    const entries = await harborFiles({ content, hash }, cacheDir());
    const env = entries.filter((e) => e.path.includes("/environment/"));
    const byTask = new Map<string, string[]>();
    for (const e of env) byTask.set(e.path.split("/")[0]!, [...(byTask.get(e.path.split("/")[0]!) ?? []), e.path.split("/environment/")[1]!]);
    expect(byTask.size).toBe(2);
    const [first, second] = [...byTask.values()];
    expect(second).toEqual(first);
    expect(env.filter((e) => "content" in e)).toHaveLength(first!.length);
    expect(env.filter((e) => "linkTo" in e)).toHaveLength(first!.length);
  });
});
