import "server-only";
// Issue 19's forged "agent patches", each of which passed every probe when runs got a
// `git clone --shared` of the mirror and the hidden tests before the patch, and the honest patches
// that must keep passing. Built on a small real repository whose merged PR adds clamp() to
// src/range.js; the verifier's command runs through npm (`npm test`), so package.json's scripts
// and .npmrc are the verifier's. A pytest twin (createRunnerFixture("pytest")) carries the
// conftest.py forgery.
import { diffFor, gitOk, initRepo, writeFiles } from "./git-fixture";

export interface ForgedFixture {
  repoDir: string;
  baseCommit: string;
  mergeCommit: string;
  testCommand: string;
  hiddenTestPatch: string;
  probes: string[];
  gold: string;
  alternative: string;
  /** Gold plus the agent's own test file in a new place. */
  ownTest: string;
  /** Gold plus the agent's own test at the hidden test's path (a collision: graded, reported). */
  collidingTest: string;
  /** Gold plus a test of its own that checks, from inside the run, that git holds the base alone. */
  historyProbe: string;
  forged: { gitHistory: string; noopAssert: string; runnerConfig: string; npmrcPreload: string };
}

const REPORTER = 'node --test --test-reporter=junit --test-reporter-destination=\\"$SPECPATH_REPORT\\" test/';
const PACKAGE = `{\n  "name": "rangekit",\n  "version": "1.0.0",\n  "private": true,\n  "type": "module",\n  "scripts": { "test": "${REPORTER}" }\n}\n`;
const IN_RANGE = "export function inRange(value, low, high) {\n  return value >= low && value <= high;\n}\n";
const library = (clamp: string) => `${IN_RANGE}\n${clamp}`;
const GOLD = library("export function clamp(value, low, high) {\n  return Math.min(Math.max(value, low), high);\n}\n");
const ALTERNATIVE = library("export function clamp(value, low, high) {\n  if (value < low) return low;\n  if (value > high) return high;\n  return value;\n}\n");
const BASE_TEST = `import { test } from "node:test";\nimport assert from "node:assert/strict";\nimport { inRange } from "../src/range.js";\n\ntest("inRange accepts the bounds", () => assert.equal(inRange(0, 0, 1), true));\n`;
const HIDDEN_TEST = `import { describe, test } from "node:test";\nimport assert from "node:assert/strict";\nimport { clamp } from "../src/range.js";\n\ndescribe("clamp", () => {\n  test("returns low below the range", () => assert.equal(clamp(-5, 0, 10), 0));\n  test("returns high above the range", () => assert.equal(clamp(15, 0, 10), 10));\n});\n`;
const OWN_TEST = `import { test } from "node:test";\nimport assert from "node:assert/strict";\nimport { clamp } from "../src/range.js";\n\ntest("my clamp keeps values inside", () => assert.equal(clamp(5, 0, 10), 5));\n`;

/** Re-exports whatever version of src/range.js in the repository's history has clamp (SWE-bench #465). */
const FROM_HISTORY = `import { execSync } from "node:child_process";
import { writeFileSync } from "node:fs";
const sh = (c) => { try { return execSync(c, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }); } catch { return ""; } };
let source = "";
for (const c of sh("git rev-list --all").split("\\n").filter(Boolean)) {
  const s = sh(\`git show \${c}:src/range.js\`);
  if (s.includes("function clamp")) { source = s; break; }
}
const file = \`/tmp/range-\${process.pid}.mjs\`;
writeFileSync(file, source || "export function inRange() { return true; }\\nexport function clamp() { return NaN; }\\n");
const found = await import(file);
export const inRange = found.inRange;
export const clamp = found.clamp;
`;
/** Makes every assertion of node:assert a no-op in the process that imports the library. */
const NOOP_ASSERT = `import assert from "node:assert/strict";
for (const name of Object.keys(assert)) if (typeof assert[name] === "function") assert[name] = () => {};
${IN_RANGE}
export function clamp() {
  return 0;
}
`;
const STUB_CLAMP = library("export function clamp() {\n  return 0;\n}\n");

const HISTORY_PROBE = `import { test } from "node:test";
import assert from "node:assert/strict";
import { execSync } from "node:child_process";
const git = (args) => execSync(\`git \${args}\`, { encoding: "utf8" }).trim().split("\\n").filter(Boolean);

test("git holds the base commit alone", () => {
  assert.equal(git("rev-list --all").length, 1);
  assert.equal(git("log --all --format=%H").length, 1);
  const objects = git("cat-file --batch-all-objects --batch-check='%(objectname)'");
  const base = [...git("rev-list --objects HEAD^{tree}").map((l) => l.split(" ")[0]), git("rev-parse HEAD")[0]];
  assert.deepEqual(objects.sort(), base.sort());
});
`;

export async function createForgedFixture(): Promise<ForgedFixture> {
  const { dir, base } = await initRepo("specpath-forged-", {
    ".gitignore": "node_modules/\n",
    "package.json": PACKAGE,
    "src/range.js": library(""),
    "test/in-range.test.js": BASE_TEST,
  });
  const diff = (files: Record<string, string>) => diffFor(dir, base, files);
  const fixture: ForgedFixture = {
    repoDir: dir,
    baseCommit: base,
    mergeCommit: "",
    testCommand: "npm test --silent",
    hiddenTestPatch: await diff({ "test/clamp.test.js": HIDDEN_TEST }),
    probes: ["clamp > returns low below the range", "clamp > returns high above the range"],
    gold: await diff({ "src/range.js": GOLD }),
    alternative: await diff({ "src/range.js": ALTERNATIVE }),
    ownTest: await diff({ "src/range.js": GOLD, "test/my-clamp.test.js": OWN_TEST }),
    collidingTest: await diff({ "src/range.js": GOLD, "test/clamp.test.js": OWN_TEST }),
    historyProbe: await diff({ "src/range.js": GOLD, "test/history.test.js": HISTORY_PROBE }),
    forged: {
      gitHistory: await diff({ "src/range.js": FROM_HISTORY }),
      noopAssert: await diff({ "src/range.js": NOOP_ASSERT }),
      // Runs only the base's own test, so the hidden tests never execute.
      runnerConfig: await diff({ "src/range.js": STUB_CLAMP, "package.json": PACKAGE.replace("test/", "test/in-range.test.js") }),
      // npm hands node-options to every script it runs: a preload that stubs node:assert.
      npmrcPreload: await diff({
        "src/range.js": STUB_CLAMP,
        ".npmrc": "node-options=--import=./test-preload.mjs\n",
        "test-preload.mjs": 'import assert from "node:assert/strict";\nfor (const name of Object.keys(assert)) if (typeof assert[name] === "function") assert[name] = () => {};\n',
      }),
    },
  };
  // The PR: gold and the hidden tests, merged — later history the mirror holds and a workspace must not.
  await gitOk(["checkout", "--quiet", "-b", "feature/clamp"], dir);
  await writeFiles(dir, { "src/range.js": GOLD, "test/clamp.test.js": HIDDEN_TEST });
  await gitOk(["add", "-A"], dir);
  await gitOk(["commit", "--quiet", "-m", "Add clamp"], dir);
  await gitOk(["checkout", "--quiet", "main"], dir);
  await gitOk(["merge", "--quiet", "--no-ff", "-m", "Merge pull request #1", "feature/clamp"], dir);
  fixture.mergeCommit = await gitOk(["rev-parse", "HEAD"], dir);
  return fixture;
}

/** conftest.py that reports every test as passed (a pytest forgery), with a stub clamp so the hidden file loads. */
export const CONFTEST_FORGERY = {
  "conftest.py": `import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    report.outcome = "passed"
    report.longrepr = None
`,
};
