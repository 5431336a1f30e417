import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { canaryVerdict, checkPatch, detectRunner, hiddenTextsOf, planCanaries, protectedPaths, renderGradingScript, renderStagedRestore, type TRecipeVerifier } from "./recipe";

const HIDDEN = `diff --git a/test/clamp.test.js b/test/clamp.test.js
new file mode 100644
--- /dev/null
+++ b/test/clamp.test.js
@@ -0,0 +1,3 @@
+import { test } from "node:test";
+import assert from "node:assert/strict";
+test("clamp", () => assert.equal(1, 1));
`;
const verifier: TRecipeVerifier = { testCommand: "npm test --silent", resultFormat: "junit", hiddenTestPatch: HIDDEN, historyPath: ".specpath/history.md" };

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-recipe-"));
  dirs.push(d);
  return d;
};

describe("the grading recipe", () => {
  it("names the runner, the hidden test paths and the verifier's own files", () => {
    expect(detectRunner("PYTHONDONTWRITEBYTECODE=1 python3 -m pytest -q tests")).toBe("pytest");
    expect(detectRunner('node --test --test-reporter=junit test/')).toBe("node-test");
    expect(detectRunner("python3 run_tests.py")).toBe("unittest");
    const paths = protectedPaths(verifier);
    expect(paths.hiddenTests).toEqual(["test/clamp.test.js"]);
    expect(paths.verifierFiles).toEqual([".npmrc", ".specpath/history.md"]);
    expect(paths.restoredFiles).toEqual(["package.json"]);
    expect(protectedPaths({ ...verifier, testCommand: "python3 run_tests.py" }).verifierFiles).toContain("run_tests.py");
    expect(protectedPaths({ ...verifier, testCommand: "./node_modules/.bin/mocha test/" }).verifierFiles).toContain(".mocharc.yml");
  });

  it("tells forbidden content from a collision with a hidden test", () => {
    const patch = (file: string) => `diff --git a/${file} b/${file}\n--- a/${file}\n+++ b/${file}\n@@ -1 +1 @@\n-a\n+b\n`;
    expect(checkPatch(patch(".npmrc") + patch("src/x.js"), protectedPaths(verifier))).toEqual({ forbidden: [".npmrc"], collisions: [], restored: [] });
    expect(checkPatch(patch("test/clamp.test.js") + patch("package.json"), protectedPaths(verifier))).toEqual({ forbidden: [], collisions: ["test/clamp.test.js"], restored: ["package.json"] });
  });

  it("calls a patch into installed dependencies forbidden, and writes canaries with the file's own assertion library", () => {
    const add = (file: string) => `diff --git a/${file} b/${file}\nnew file mode 100644\n--- /dev/null\n+++ b/${file}\n@@ -0,0 +1 @@\n+x\n`;
    expect(checkPatch(add("node_modules/chai/index.js") + add("src/node_modules.js"), protectedPaths(verifier)).forbidden).toEqual(["node_modules/chai/index.js"]);
    const chai = `diff --git a/test/a.test.js b/test/a.test.js\nnew file mode 100644\n--- /dev/null\n+++ b/test/a.test.js\n@@ -0,0 +1,2 @@\n+const { expect } = require("chai");\n+it("a", () => expect(1).to.equal(1));\n`;
    const [canary] = planCanaries({ testCommand: "mocha test/", resultFormat: "junit", hiddenTestPatch: chai }, hiddenTextsOf(chai, () => null), "n2");
    expect(canary!.snippet).toContain('const specpathCanary0Expect = require("chai").expect;');
    expect(canary!.snippet).toContain('globalThis.it("specpathcanaryn2f0", () => { specpathCanary0Expect(1).to.equal(2); });');
  });

  it("restores protected paths over whatever the patch left, writes the hidden tests and canaries, removes a planted report", () => {
    const work = tmp();
    const base = tmp();
    fs.mkdirSync(path.join(work, "test"), { recursive: true });
    fs.writeFileSync(path.join(work, "package.json"), '{"scripts":{"test":"echo forged"}}');
    fs.writeFileSync(path.join(base, "package.json"), '{"scripts":{"test":"node --test test/"}}');
    fs.writeFileSync(path.join(work, ".npmrc"), "node-options=--require ./stub.cjs\n");
    fs.symlinkSync("/etc", path.join(work, ".specpath"));
    fs.writeFileSync(path.join(work, "test", "clamp.test.js"), "// the agent's own test\n");
    fs.writeFileSync(path.join(work, "report.xml"), "<planted/>");
    const canaries = planCanaries(verifier, hiddenTextsOf(HIDDEN, () => null), "abc123");
    expect(canaries).toHaveLength(1);
    const script = renderGradingScript(
      { workdir: JSON.stringify(work), agentPatch: null, base: { kind: "dir", dir: JSON.stringify(base) }, hiddenPatchFile: null, canaries, reportPath: '"./report.xml"', testCommand: "ls -a . test > listing.txt", afterTest: null, onFail: 'echo "$1" >&2; exit 3' },
      verifier,
    );
    execFileSync("sh", ["-c", script]);
    expect(fs.readFileSync(path.join(work, "package.json"), "utf8")).toBe('{"scripts":{"test":"node --test test/"}}');
    expect(fs.existsSync(path.join(work, ".npmrc"))).toBe(false);
    expect(fs.existsSync(path.join(work, ".specpath"))).toBe(false);
    expect(fs.existsSync(path.join(work, "report.xml"))).toBe(false);
    const test = fs.readFileSync(path.join(work, "test", "clamp.test.js"), "utf8");
    expect(test).toMatch(/^import \{ test \} from "node:test";/);
    expect(test).toContain('specpathCanary0Test("specpathcanaryabc123f0", () => { specpathCanary0Assert.equal(1, 2); });');
    expect(test).not.toContain("the agent's own test");
  });

  it("restores from a staged tree with one rm and one cp, never reaching through a link the patch planted", () => {
    // Every command the script starts goes through these wrappers, which log their names.
    const bin = tmp();
    const log = path.join(bin, "started.log");
    for (const tool of ["rm", "cp", "mkdir", "dirname", "mktemp", "cat", "git"]) {
      fs.writeFileSync(path.join(bin, tool), `#!/bin/sh\necho ${tool} >> ${JSON.stringify(log)}\nPATH=/usr/bin:/bin exec ${tool} "$@"\n`, { mode: 0o755 });
    }
    const staged = tmp();
    fs.mkdirSync(path.join(staged, "test"));
    fs.writeFileSync(path.join(staged, "test", "clamp.test.js"), "// hidden, canaries in\n");
    fs.mkdirSync(path.join(staged, ".specpath"));
    fs.writeFileSync(path.join(staged, ".specpath", "history.md"), "Turn 1\n");
    const clear = ["test/clamp.test.js", ".npmrc", ".specpath/history.md", "package.json"];
    const restore = (work: string) => {
      fs.rmSync(log, { force: true });
      const script = `specpath_fail() { echo "$1" >&2; exit 3; }\n${renderStagedRestore(clear, JSON.stringify(staged))}`;
      execFileSync("/bin/sh", ["-c", script], { cwd: work, env: { PATH: `${bin}:/usr/bin:/bin` } as unknown as NodeJS.ProcessEnv });
      return fs.existsSync(log) ? fs.readFileSync(log, "utf8").trim().split("\n") : [];
    };

    const elsewhere = tmp();
    fs.writeFileSync(path.join(elsewhere, "clamp.test.js"), "outside the workspace\n");
    const work = tmp();
    fs.symlinkSync(elsewhere, path.join(work, "test")); // the patch made test/ a link out
    fs.writeFileSync(path.join(work, ".npmrc"), "node-options=--require ./stub.cjs\n");
    fs.writeFileSync(path.join(work, ".specpath"), "a file where a folder goes\n");
    fs.mkdirSync(path.join(work, "package.json")); // a folder where a file goes
    fs.writeFileSync(path.join(work, "package.json", "x"), "");
    expect(restore(work)).toEqual(["rm", "cp"]);
    expect(fs.readFileSync(path.join(elsewhere, "clamp.test.js"), "utf8")).toBe("outside the workspace\n");
    expect(fs.lstatSync(path.join(work, "test")).isDirectory()).toBe(true);
    expect(fs.readFileSync(path.join(work, "test", "clamp.test.js"), "utf8")).toBe("// hidden, canaries in\n");
    expect(fs.readFileSync(path.join(work, ".specpath", "history.md"), "utf8")).toBe("Turn 1\n");
    expect(fs.existsSync(path.join(work, ".npmrc"))).toBe(false);
    expect(fs.existsSync(path.join(work, "package.json"))).toBe(false);

    // Nothing in the way (a patch that left the protected paths alone): the copy alone.
    const clean = tmp();
    expect(restore(clean)).toEqual(["cp"]);
    expect(fs.readFileSync(path.join(clean, "test", "clamp.test.js"), "utf8")).toBe("// hidden, canaries in\n");
  });

  it("finds verifier files the agent changed in place (git base, as a SWE-bench harness has it) and leaves an untouched workspace alone", () => {
    const run = (plant: boolean) => {
      const work = tmp();
      const git = (...args: string[]) => execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@x", ...args], { cwd: work, encoding: "utf8" });
      git("init", "-q");
      fs.writeFileSync(path.join(work, ".npmrc"), "fund=false\n");
      fs.writeFileSync(path.join(work, "package.json"), "{}\n");
      git("add", "-A");
      git("commit", "-qm", "base");
      const base = git("rev-parse", "HEAD").trim();
      if (plant) fs.writeFileSync(path.join(work, ".npmrc"), "node-options=--require ./x.cjs\n");
      const script = renderGradingScript(
        { workdir: JSON.stringify(work), agentPatch: null, base: { kind: "git", commit: base }, hiddenPatchFile: null, canaries: [], reportPath: null, testCommand: "echo ran", afterTest: null, onFail: 'echo "fail: $1"; exit 3', onForbidden: 'echo "forbidden: $1"; exit 0' },
        verifier,
      );
      return execFileSync("sh", ["-c", script], { encoding: "utf8" });
    };
    expect(run(true)).toContain("forbidden: .npmrc");
    const clean = run(false);
    expect(clean).not.toContain("forbidden");
    expect(clean).toContain("ran");
  });

  it("calls a run tampered when a must-fail canary passes, or canaries are filtered out while the probes ran", () => {
    const canaries = planCanaries(verifier, hiddenTextsOf(HIDDEN, () => null), "n1");
    const honest = [{ id: "clamp", outcome: "pass" }, { id: "specpathcanaryn1f0", outcome: "fail" }, { id: "specpathcanaryn1p0", outcome: "pass" }];
    expect(canaryVerdict(canaries, honest, "n1", true).tampered).toBe(false);
    const stubbed = honest.map((t) => ({ ...t, outcome: "pass" }));
    expect(canaryVerdict(canaries, stubbed, "n1", true).reason).toMatch(/must-fail canary in test\/clamp\.test\.js did not fail/);
    expect(canaryVerdict(canaries, [{ id: "clamp", outcome: "pass" }], "n1", true).tampered).toBe(true);
    expect(canaryVerdict(canaries, [], "n1", false).tampered).toBe(false); // the hidden file did not load: the probes fail on their own
  });
});
