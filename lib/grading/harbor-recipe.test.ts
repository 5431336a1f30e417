// The Harbor task folder's tests/test.sh on the same forged patches as the studio's grade runs
// (lib/runner/forged-grades.test.ts), run in bwrap laid out as Harbor does: the workdir /app
// (the environment's snapshot, one commit, then the agent's edits), /tests uploaded only for
// verification, /logs/verifier, /solution. Forged → reward 0, gold → 1.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { harborTaskFiles, harborTaskName } from "@/lib/package/harbor";
import { bundledSignatureScript, protectedBaseFiles } from "@/lib/package/harbor-export";
import type { TPackage } from "@/lib/package/types";
import { findExecutable } from "@/lib/runner/host";
import { CONFTEST_FORGERY, createForgedFixture, type ForgedFixture } from "@/lib/runner/testing/forged-patches";
import { diffFor } from "@/lib/runner/testing/git-fixture";
import { createRunnerFixture } from "@/lib/runner/testing/runner-families";

let fixture: ForgedFixture;
let tmp: string;
let task: string;
const bwrap = findExecutable("bwrap");
type TRepo = { repoDir: string; baseCommit: string };

/** A Harbor task folder for one history of a package on `repo`, as the exporter writes it (tests/ with base/, canaries.json, the signature script). */
async function buildTask(repo: TRepo, verifier: { testCommand: string; hiddenTestPatch: string; probes: string[] }, gold: string, title: string): Promise<string> {
  const content = {
    family: { title, version: 1 },
    provenance: { repo: repo.repoDir, upstream: "rangekit-org/rangekit", baseCommit: repo.baseCommit, prNumber: null },
    verifier: { setupCommand: null, testCommand: verifier.testCommand, resultFormat: "junit", hiddenTestPatch: verifier.hiddenTestPatch, timeoutSec: 120, image: null, probes: verifier.probes.map((testId) => ({ testId })) },
    protocol: { historyPath: ".specpath/history.md", historyFormat: "markdown", agentTimeoutSec: 1200, verifierTimeoutSec: 120, retryPolicy: "none" },
    histories: [{ condition: "direct", revision: 1, turns: [{ index: 0, text: "Add clamp(value, low, high)." }] }],
    patches: [{ name: "gold", kind: "gold", targetAtom: null, mode: null, diff: gold }],
  } as unknown as TPackage;
  const hash = "sha256-0123456789abcdef";
  const name = harborTaskName(content, "direct");
  const files = [
    ...harborTaskFiles(content, hash, "direct"),
    { path: `${name}/tests/specpath_signature.mjs`, content: await bundledSignatureScript() },
    ...(await protectedBaseFiles(content, path.join(tmp, "cache"))).map((f) => ({ path: `${name}/tests/base/${f.path}`, content: f.content })),
  ];
  for (const f of files) {
    fs.mkdirSync(path.dirname(path.join(tmp, "task", f.path)), { recursive: true });
    fs.writeFileSync(path.join(tmp, "task", f.path), f.content);
  }
  return path.join(tmp, "task", name);
}

beforeAll(async () => {
  fixture = await createForgedFixture();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-harbor-recipe-"));
  task = await buildTask(fixture, fixture, fixture.gold, "Range clamp");
});
afterAll(() => {
  fs.rmSync(fixture.repoDir, { recursive: true, force: true });
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The environment's /app (git archive of the base + one commit, as the Dockerfile does), the agent's edits, then tests/test.sh. */
function trial(name: string, agentPatch: string | null, at: { repo: TRepo; task: string; runtimes?: string[] } = { repo: fixture, task }): { reward: string; signature: Record<string, unknown>; log: string } {
  const { repo, task } = at;
  const root = path.join(tmp, "trials", name);
  const app = path.join(root, "app");
  const logs = path.join(root, "logs");
  fs.mkdirSync(app, { recursive: true });
  fs.mkdirSync(logs, { recursive: true });
  execFileSync("sh", ["-c", `git -C "$1" archive --format=tar "$2" | tar -x -C "$3"`, "sh", repo.repoDir, repo.baseCommit, app]);
  const id = ["-c", "user.name=specpath", "-c", "user.email=specpath@localhost"];
  execFileSync("git", ["init", "-q"], { cwd: app });
  execFileSync("git", ["add", "-A"], { cwd: app });
  execFileSync("git", [...id, "commit", "-qm", `base ${repo.baseCommit}`], { cwd: app });
  if (agentPatch) {
    fs.writeFileSync(path.join(root, "agent.patch"), agentPatch);
    execFileSync("git", ["apply", path.join(root, "agent.patch")], { cwd: app }); // the agent's edits (Harbor: the agent's session)
  }
  const system = ["/usr", "/bin", "/sbin", "/lib", "/lib64", "/etc", ...(at.runtimes ?? [])].filter((d) => fs.existsSync(d)).flatMap((d) => ["--ro-bind", d, d]);
  const run = spawnSync(bwrap!, [
    "--unshare-all", "--die-with-parent", "--new-session", ...system, "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp",
    "--bind", app, "/app", "--ro-bind", path.join(task, "tests"), "/tests", "--bind", logs, "/logs/verifier", "--ro-bind", path.join(task, "solution"), "/solution",
    "--chdir", "/app", "--setenv", "HOME", "/tmp", "--setenv", "PATH", "/usr/local/bin:/usr/bin:/bin",
    "bash", "/tests/test.sh",
  ], { encoding: "utf8", timeout: 120_000 });
  const reward = fs.readFileSync(path.join(logs, "reward.txt"), "utf8").trim();
  const sig = fs.existsSync(path.join(logs, "signature.json")) ? JSON.parse(fs.readFileSync(path.join(logs, "signature.json"), "utf8")) : {};
  return { reward, signature: sig, log: `${run.stdout}\n${run.stderr}` };
}

describe.runIf(bwrap)("the Harbor task's tests/test.sh, from the one grading recipe", { timeout: 180_000 }, () => {
  it("gives gold (the task's own solve.sh patch), the alternative and an honest own-test patch reward 1", () => {
    for (const [name, patch] of [["gold", fs.readFileSync(path.join(task, "solution", "gold.patch"), "utf8")], ["alternative", fixture.alternative], ["own-test", fixture.ownTest], ["colliding", fixture.collidingTest]] as const) {
      const t = trial(name, patch);
      expect(t.reward, `${name}: ${t.log}`).toBe("1");
      expect(t.signature).toMatchObject({ outcome: "passed", bits: "11" });
    }
  });

  it("gives the forged patches reward 0, each for its reason", () => {
    expect(trial("base", null).reward).toBe("0");
    const history = trial("git-history", fixture.forged.gitHistory);
    expect(history.reward).toBe("0");
    expect(history.signature).toMatchObject({ outcome: "failed" });
    const noop = trial("noop-assert", fixture.forged.noopAssert);
    expect(noop.reward, noop.log).toBe("0");
    expect(noop.signature).toMatchObject({ outcome: "tampered" });
    // package.json (the verifier's scripts under npm) restored: the hidden tests run, and fail on the stub — as in the studio.
    const config = trial("runner-config", fixture.forged.runnerConfig);
    expect(config.reward).toBe("0");
    expect(config.signature).toMatchObject({ outcome: "failed", bits: "10" });
    // Files the verifier owns, changed by the agent: forbidden content, as the studio says of the same patch.
    const preload = trial("npmrc-preload", fixture.forged.npmrcPreload);
    expect(preload.reward).toBe("0");
    expect(preload.signature).toMatchObject({ outcome: "forbidden_content", paths: ".npmrc" });
    // Gold that also touched .npmrc: forbidden too (the studio refuses it the same way).
    const goldAndNpmrc = `${fixture.gold}diff --git a/.npmrc b/.npmrc\nnew file mode 100644\n--- /dev/null\n+++ b/.npmrc\n@@ -0,0 +1 @@\n+fund=false\n`;
    expect(trial("gold-npmrc", goldAndNpmrc).signature).toMatchObject({ outcome: "forbidden_content" });
  });
});

function findPython(): { exe: string; prefix: string } | null {
  try {
    const [exe, prefix] = execFileSync("python3", ["-c", "import sys, pytest; print(sys.executable); print(sys.base_prefix)"], { encoding: "utf8" }).trim().split("\n");
    return exe && prefix ? { exe, prefix } : null;
  } catch {
    return null;
  }
}
const python = findPython();

describe.runIf(bwrap && python)("the Harbor task's tests/test.sh under pytest", { timeout: 180_000 }, () => {
  it("gives gold reward 1 and a conftest.py that marks every test passed reward 0 (tampered)", async () => {
    const py = await createRunnerFixture("pytest", { python: python!.exe });
    try {
      const pyTask = await buildTask(py, { testCommand: py.testCommand, hiddenTestPatch: py.hiddenTestPatch, probes: [py.probes.A1, py.probes.A2] }, py.goldPatch, "Range clamp py");
      const at = { repo: py, task: pyTask, runtimes: [python!.prefix] };
      const gold = trial("py-gold", py.goldPatch, at);
      expect(gold.reward, gold.log).toBe("1");
      const stub = "def in_range(value, low, high):\n    return low <= value <= high\n\n\ndef clamp(value, low, high):\n    return 0\n";
      const forged = trial("py-conftest", await diffFor(py.repoDir, py.baseCommit, { ...CONFTEST_FORGERY, "rangekit/__init__.py": stub }), at);
      expect(forged.reward).toBe("0");
      expect(forged.signature).toMatchObject({ outcome: "tampered" });
    } finally {
      fs.rmSync(py.repoDir, { recursive: true, force: true });
    }
  });
});
