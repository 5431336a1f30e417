import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { canaryVerdict, checkPatch, detectRunner, hiddenTextsOf, planCanaries, protectedPaths, renderGradingScript, type TRecipeVerifier } from "./recipe";

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
    expect(paths.verifierFiles).toEqual([".npmrc", ".specpath/history.md", "package.json"]);
    expect(protectedPaths({ ...verifier, testCommand: "python3 run_tests.py" }).verifierFiles).toContain("run_tests.py");
    expect(protectedPaths({ ...verifier, testCommand: "./node_modules/.bin/mocha test/" }).verifierFiles).toContain(".mocharc.yml");
  });

  it("tells forbidden content from a collision with a hidden test", () => {
    const patch = (file: string) => `diff --git a/${file} b/${file}\n--- a/${file}\n+++ b/${file}\n@@ -1 +1 @@\n-a\n+b\n`;
    expect(checkPatch(patch(".npmrc") + patch("src/x.js"), protectedPaths(verifier))).toEqual({ forbidden: [".npmrc"], collisions: [] });
    expect(checkPatch(patch("test/clamp.test.js"), protectedPaths(verifier))).toEqual({ forbidden: [], collisions: ["test/clamp.test.js"] });
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
