import "server-only";
// One fixture repository per test runner the studio supports, each with the
// same two-atom change: a merged PR adds clamp(value, low, high) to a tiny
// "rangekit" library.
//   A1 (final): a value below the range gives low.
//   A2 (final): a value above the range gives high.
//   A3 (temporary, replaced by A2): a value above the range is returned as is.
// Every fixture has a gold patch (the PR's source change), one negative per
// final atom (breaks exactly that one), an alternative that must pass, and
// hidden tests with one test per atom — or, with `shared: true`, one test that
// asserts both requirements (its probe covers A1 and A2, so no negative can
// keep the other atom's probe passing).
//
// npm dependencies (tape, mocha, vitest) install from the npm registry in the
// verifier's setup: `npm ci` with the package-lock.json committed beside this
// file under runner-fixtures/<runner>/ (made once with a real
// `npm install --package-lock-only`).
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ReportFormat } from "../parsers/types";
import { diffFor, gitOk, initRepo, writeFiles } from "./git-fixture";
import { UNITTEST_RUNNER } from "./python-fixture";

export const RUNNERS = ["node-test", "tape", "mocha", "vitest", "jest", "pytest", "unittest"] as const;
export type TRunnerName = (typeof RUNNERS)[number];

export interface RunnerFixture {
  runner: TRunnerName;
  repoDir: string;
  baseCommit: string;
  mergeCommit: string;
  setupCommand: string | null;
  testCommand: string;
  resultFormat: ReportFormat;
  hiddenTestPatch: string;
  goldPatch: string;
  negatives: { A1: string; A2: string };
  alternative: string;
  /** Probe test ids by atom; with `shared`, both atoms name the one shared test. */
  probes: { A1: string; A2: string };
  /** The base's own test (it passes everywhere). */
  guard: string;
  shared: boolean;
}

export const RUNNER_ATOMS = [
  { key: "A1", statement: "A value below the range gives the lower bound.", scope: "clamp(value, low, high)", inputCondition: "value < low", polarity: "require", observation: "clamp returns low", role: "final", replacedBy: [] as string[] },
  { key: "A2", statement: "A value above the range gives the upper bound.", scope: "clamp(value, low, high)", inputCondition: "value > high", polarity: "require", observation: "clamp returns high", role: "final", replacedBy: [] as string[] },
  { key: "A3", statement: "A value above the range is returned unchanged.", scope: "clamp(value, low, high)", inputCondition: "value > high", polarity: "require", observation: "clamp returns the value", role: "temporary", replacedBy: ["A2"] },
] as const;

const TITLE = { A1: "returns low below the range", A2: "returns high above the range", shared: "clamps to both bounds" };
const NPM_SETUP = "npm ci --no-audit --no-fund --loglevel=error";

type Lang = "js-cjs" | "js-esm" | "py";

interface Variant {
  lang: Lang;
  deps: "tape" | "mocha" | "vitest" | "jest" | null;
  setupCommand: (python: string) => string | null;
  testCommand: (python: string) => string;
  resultFormat: ReportFormat;
  /** Files of the base besides the library: the existing test. */
  baseTest: Record<string, string>;
  hiddenTest: (shared: boolean) => Record<string, string>;
  probeIds: (shared: boolean) => { A1: string; A2: string };
  guard: string;
}

const JS_BODY = {
  gold: "return Math.min(Math.max(value, low), high);",
  A1: "return Math.min(value, high);",
  A2: "return Math.max(value, low);",
  alternative: "if (value < low) return low;\n  if (value > high) return high;\n  return value;",
};
const PY_BODY = {
  gold: "return min(max(value, low), high)",
  A1: "return min(value, high)",
  A2: "return max(value, low)",
  alternative: "if value < low:\n        return low\n    if value > high:\n        return high\n    return value",
};

const jsLibrary = (lang: "js-cjs" | "js-esm", body: string | null) => {
  const inRange = "function inRange(value, low, high) {\n  return value >= low && value <= high;\n}\n";
  const clamp = body === null ? "" : `\n/** Limits value to [low, high]. */\nfunction clamp(value, low, high) {\n  ${body}\n}\n`;
  const exports = lang === "js-cjs" ? `\nmodule.exports = { inRange${body === null ? "" : ", clamp"} };\n` : `\nexport { inRange${body === null ? "" : ", clamp"} };\n`;
  return inRange + clamp + exports;
};
const pyLibrary = (body: string | null) =>
  "def in_range(value, low, high):\n    return low <= value <= high\n" +
  (body === null ? "" : `\n\ndef clamp(value, low, high):\n    """Limits value to [low, high]."""\n    ${body}\n`);

const jsImport = (lang: "js-cjs" | "js-esm", names: string) =>
  lang === "js-cjs" ? `const { ${names} } = require("../src/range.js");` : `import { ${names} } from "../src/range.js";`;

const VARIANTS: Record<TRunnerName, Variant> = {
  "node-test": {
    lang: "js-esm",
    deps: null,
    setupCommand: () => null,
    testCommand: () => 'node --test --test-reporter=junit --test-reporter-destination="$SPECPATH_REPORT" test/',
    resultFormat: "junit",
    baseTest: { "test/in-range.test.js": `import { test } from "node:test";\nimport assert from "node:assert/strict";\n${jsImport("js-esm", "inRange")}\n\ntest("inRange accepts the bounds", () => assert.equal(inRange(0, 0, 1), true));\n` },
    hiddenTest: (shared) => ({
      "test/clamp.test.js": `import { describe, test } from "node:test";\nimport assert from "node:assert/strict";\n${jsImport("js-esm", "clamp")}\n\ndescribe("clamp", () => {\n${
        shared
          ? `  test(${JSON.stringify(TITLE.shared)}, () => {\n    assert.equal(clamp(-5, 0, 10), 0);\n    assert.equal(clamp(15, 0, 10), 10);\n  });\n`
          : `  test(${JSON.stringify(TITLE.A1)}, () => assert.equal(clamp(-5, 0, 10), 0));\n  test(${JSON.stringify(TITLE.A2)}, () => assert.equal(clamp(15, 0, 10), 10));\n`
      }});\n`,
    }),
    probeIds: (shared) => (shared ? both(`clamp > ${TITLE.shared}`) : { A1: `clamp > ${TITLE.A1}`, A2: `clamp > ${TITLE.A2}` }),
    guard: "inRange accepts the bounds",
  },
  tape: {
    lang: "js-cjs",
    deps: "tape",
    setupCommand: () => NPM_SETUP,
    testCommand: () => "./node_modules/.bin/tape 'test/**/*.test.js'",
    resultFormat: "tap",
    baseTest: { "test/in-range.test.js": `const test = require("tape");\n${jsImport("js-cjs", "inRange")}\n\ntest("inRange accepts the bounds", (t) => {\n  t.equal(inRange(0, 0, 1), true);\n  t.equal(inRange(1, 0, 1), true);\n  t.end();\n});\n` },
    hiddenTest: (shared) => ({
      "test/clamp.test.js": `const test = require("tape");\n${jsImport("js-cjs", "clamp")}\n\n${
        shared
          ? `test(${JSON.stringify(`clamp ${TITLE.shared}`)}, (t) => {\n  t.equal(clamp(5, 0, 10), 5, "inside stays");\n  t.equal(clamp(-5, 0, 10), 0, "below gives low");\n  t.equal(clamp(15, 0, 10), 10, "above gives high");\n  t.end();\n});\n`
          : `test(${JSON.stringify(`clamp ${TITLE.A1}`)}, (t) => {\n  t.equal(clamp(-5, 0, 10), 0);\n  t.equal(clamp(-1, 0, 10), 0);\n  t.end();\n});\n\ntest(${JSON.stringify(`clamp ${TITLE.A2}`)}, (t) => {\n  t.equal(clamp(15, 0, 10), 10);\n  t.equal(clamp(11, 0, 10), 10);\n  t.end();\n});\n`
      }`,
    }),
    probeIds: (shared) => (shared ? both(`clamp ${TITLE.shared}`) : { A1: `clamp ${TITLE.A1}`, A2: `clamp ${TITLE.A2}` }),
    guard: "inRange accepts the bounds",
  },
  mocha: {
    lang: "js-cjs",
    deps: "mocha",
    setupCommand: () => NPM_SETUP,
    testCommand: () => './node_modules/.bin/mocha --reporter xunit --reporter-option output="$SPECPATH_REPORT" test/',
    resultFormat: "junit",
    baseTest: { "test/in-range.test.js": `const assert = require("node:assert/strict");\n${jsImport("js-cjs", "inRange")}\n\ndescribe("inRange", () => {\n  it("accepts the bounds", () => assert.equal(inRange(0, 0, 1), true));\n});\n` },
    hiddenTest: (shared) => ({
      "test/clamp.test.js": `const assert = require("node:assert/strict");\n${jsImport("js-cjs", "clamp")}\n\ndescribe("clamp", () => {\n${
        shared
          ? `  it(${JSON.stringify(TITLE.shared)}, () => {\n    assert.equal(clamp(-5, 0, 10), 0);\n    assert.equal(clamp(15, 0, 10), 10);\n  });\n`
          : `  it(${JSON.stringify(TITLE.A1)}, () => assert.equal(clamp(-5, 0, 10), 0));\n  it(${JSON.stringify(TITLE.A2)}, () => assert.equal(clamp(15, 0, 10), 10));\n`
      }});\n`,
    }),
    probeIds: (shared) =>
      shared ? both(`test/clamp.test.js::clamp ${TITLE.shared}`) : { A1: `test/clamp.test.js::clamp ${TITLE.A1}`, A2: `test/clamp.test.js::clamp ${TITLE.A2}` },
    guard: "test/in-range.test.js::inRange accepts the bounds",
  },
  vitest: {
    lang: "js-esm",
    deps: "vitest",
    setupCommand: () => NPM_SETUP,
    testCommand: () => './node_modules/.bin/vitest run --reporter=junit --outputFile="$SPECPATH_REPORT"',
    resultFormat: "junit",
    baseTest: { "test/in-range.test.js": `import { expect, test } from "vitest";\n${jsImport("js-esm", "inRange")}\n\ntest("inRange accepts the bounds", () => expect(inRange(0, 0, 1)).toBe(true));\n` },
    hiddenTest: (shared) => ({
      "test/clamp.test.js": `import { describe, expect, it } from "vitest";\n${jsImport("js-esm", "clamp")}\n\ndescribe("clamp", () => {\n${
        shared
          ? `  it(${JSON.stringify(TITLE.shared)}, () => {\n    expect(clamp(-5, 0, 10)).toBe(0);\n    expect(clamp(15, 0, 10)).toBe(10);\n  });\n`
          : `  it(${JSON.stringify(TITLE.A1)}, () => expect(clamp(-5, 0, 10)).toBe(0));\n  it(${JSON.stringify(TITLE.A2)}, () => expect(clamp(15, 0, 10)).toBe(10));\n`
      }});\n`,
    }),
    probeIds: (shared) =>
      shared ? both(`test/clamp.test.js::clamp > ${TITLE.shared}`) : { A1: `test/clamp.test.js::clamp > ${TITLE.A1}`, A2: `test/clamp.test.js::clamp > ${TITLE.A2}` },
    guard: "test/in-range.test.js::inRange accepts the bounds",
  },
  // jest's JUnit comes from jest-junit, installed by the setup (lib/verifier/recipes.ts): with its file
  // attribute and " > " between describe titles the ids read `file::describe > test`.
  jest: {
    lang: "js-cjs",
    deps: "jest",
    setupCommand: () => `${NPM_SETUP} && npm install --no-save --no-audit --no-fund --loglevel=error jest-junit@16.0.0`,
    testCommand: () => 'JEST_JUNIT_OUTPUT_FILE="$SPECPATH_REPORT" JEST_JUNIT_ADD_FILE_ATTRIBUTE=true JEST_JUNIT_ANCESTOR_SEPARATOR=" > " JEST_JUNIT_CLASSNAME="{classname}" JEST_JUNIT_TITLE="{classname} > {title}" ./node_modules/.bin/jest test/ --ci --coverage=false --reporters=default --reporters=jest-junit',
    resultFormat: "junit",
    baseTest: { "test/in-range.test.js": `${jsImport("js-cjs", "inRange")}\n\ndescribe("inRange", () => {\n  test("accepts the bounds", () => expect(inRange(0, 0, 1)).toBe(true));\n});\n` },
    hiddenTest: (shared) => ({
      "test/clamp.test.js": `${jsImport("js-cjs", "clamp")}\n\ndescribe("clamp", () => {\n${
        shared
          ? `  test(${JSON.stringify(TITLE.shared)}, () => {\n    expect(clamp(-5, 0, 10)).toBe(0);\n    expect(clamp(15, 0, 10)).toBe(10);\n  });\n`
          : `  test(${JSON.stringify(TITLE.A1)}, () => expect(clamp(-5, 0, 10)).toBe(0));\n  test(${JSON.stringify(TITLE.A2)}, () => expect(clamp(15, 0, 10)).toBe(10));\n`
      }});\n`,
    }),
    probeIds: (shared) =>
      shared ? both(`test/clamp.test.js::clamp > ${TITLE.shared}`) : { A1: `test/clamp.test.js::clamp > ${TITLE.A1}`, A2: `test/clamp.test.js::clamp > ${TITLE.A2}` },
    guard: "test/in-range.test.js::inRange > accepts the bounds",
  },
  pytest: {
    lang: "py",
    deps: null,
    setupCommand: () => null,
    testCommand: (python) => `PYTHONDONTWRITEBYTECODE=1 ${python} -m pytest -q -p no:cacheprovider --continue-on-collection-errors --junitxml="$SPECPATH_REPORT" tests`,
    resultFormat: "junit",
    baseTest: { "tests/__init__.py": "", "tests/test_in_range.py": "from rangekit import in_range\n\n\ndef test_in_range_accepts_the_bounds():\n    assert in_range(0, 0, 1)\n" },
    hiddenTest: (shared) => ({
      "tests/test_clamp.py": shared
        ? "from rangekit import clamp\n\n\ndef test_clamps_to_both_bounds():\n    assert clamp(-5, 0, 10) == 0\n    assert clamp(15, 0, 10) == 10\n"
        : "from rangekit import clamp\n\n\ndef test_returns_low_below_the_range():\n    assert clamp(-5, 0, 10) == 0\n\n\ndef test_returns_high_above_the_range():\n    assert clamp(15, 0, 10) == 10\n",
    }),
    probeIds: (shared) =>
      shared
        ? both("tests.test_clamp::test_clamps_to_both_bounds")
        : { A1: "tests.test_clamp::test_returns_low_below_the_range", A2: "tests.test_clamp::test_returns_high_above_the_range" },
    guard: "tests.test_in_range::test_in_range_accepts_the_bounds",
  },
  unittest: {
    lang: "py",
    deps: null,
    setupCommand: () => null,
    testCommand: (python) => `PYTHONDONTWRITEBYTECODE=1 ${python} run_tests.py`,
    resultFormat: "junit",
    baseTest: {
      "run_tests.py": UNITTEST_RUNNER,
      "tests/__init__.py": "",
      "tests/test_in_range.py": "import unittest\n\nfrom rangekit import in_range\n\n\nclass InRangeTest(unittest.TestCase):\n    def test_accepts_the_bounds(self):\n        self.assertTrue(in_range(0, 0, 1))\n",
    },
    hiddenTest: (shared) => ({
      "tests/test_clamp.py":
        "import unittest\n\nfrom rangekit import clamp\n\n\nclass ClampTest(unittest.TestCase):\n" +
        (shared
          ? "    def test_clamps_to_both_bounds(self):\n        self.assertEqual(clamp(-5, 0, 10), 0)\n        self.assertEqual(clamp(15, 0, 10), 10)\n"
          : "    def test_returns_low_below_the_range(self):\n        self.assertEqual(clamp(-5, 0, 10), 0)\n\n    def test_returns_high_above_the_range(self):\n        self.assertEqual(clamp(15, 0, 10), 10)\n"),
    }),
    probeIds: (shared) =>
      shared
        ? both("tests/test_clamp.py::ClampTest::test_clamps_to_both_bounds")
        : { A1: "tests/test_clamp.py::ClampTest::test_returns_low_below_the_range", A2: "tests/test_clamp.py::ClampTest::test_returns_high_above_the_range" },
    guard: "tests/test_in_range.py::InRangeTest::test_accepts_the_bounds",
  },
};

function both(id: string) {
  return { A1: id, A2: id };
}

const FIXTURE_DIR = path.join(import.meta.dirname, "runner-fixtures");

function dependencyFiles(deps: Variant["deps"]): Record<string, string> {
  if (!deps) return {};
  return {
    "package.json": readFileSync(path.join(FIXTURE_DIR, deps, "package.json"), "utf8"),
    "package-lock.json": readFileSync(path.join(FIXTURE_DIR, deps, "package-lock.json"), "utf8"),
  };
}

/**
 * Builds the fixture repository for one runner: base (library + its own test +
 * dependency manifest), a PR branch with the gold change and the hidden tests,
 * merged with --no-ff. `python` is the interpreter's absolute path (pyenv shims
 * need a HOME the sandbox does not give).
 */
export async function createRunnerFixture(runner: TRunnerName, options: { shared?: boolean; python?: string } = {}): Promise<RunnerFixture> {
  const variant = VARIANTS[runner];
  const shared = options.shared ?? false;
  const python = options.python ?? "python3";
  const libPath = variant.lang === "py" ? "rangekit/__init__.py" : "src/range.js";
  const library = (body: string | null) =>
    variant.lang === "py" ? pyLibrary(body) : jsLibrary(variant.lang, body);
  const bodies = variant.lang === "py" ? PY_BODY : JS_BODY;
  const manifest: Record<string, string> = variant.deps ? {} : variant.lang === "js-esm" ? { "package.json": JSON.stringify({ name: "rangekit", version: "1.0.0", private: true, type: "module" }, null, 2) + "\n" } : {};
  const { dir, base } = await initRepo(`specpath-${runner}-fixture-`, {
    ".gitignore": "node_modules/\n__pycache__/\n",
    [libPath]: library(null),
    ...variant.baseTest,
    ...manifest,
    ...dependencyFiles(variant.deps),
  });
  const hidden = variant.hiddenTest(shared);
  const source = (body: string) => diffFor(dir, base, { [libPath]: library(body) });
  const fixture: RunnerFixture = {
    runner,
    repoDir: dir,
    baseCommit: base,
    mergeCommit: "",
    setupCommand: variant.setupCommand(python),
    testCommand: variant.testCommand(python),
    resultFormat: variant.resultFormat,
    hiddenTestPatch: await diffFor(dir, base, hidden),
    goldPatch: await source(bodies.gold),
    negatives: { A1: await source(bodies.A1), A2: await source(bodies.A2) },
    alternative: await source(bodies.alternative),
    probes: variant.probeIds(shared),
    guard: variant.guard,
    shared,
  };
  await gitOk(["checkout", "--quiet", "-b", "feature/clamp"], dir);
  await writeFiles(dir, { [libPath]: library(bodies.gold), ...hidden });
  await gitOk(["add", "-A"], dir);
  await gitOk(["commit", "--quiet", "-m", "Add clamp(value, low, high)"], dir);
  await gitOk(["checkout", "--quiet", "main"], dir);
  await gitOk(["merge", "--quiet", "--no-ff", "-m", "Merge pull request #12 from feature/clamp", "feature/clamp"], dir);
  fixture.mergeCommit = await gitOk(["rev-parse", "HEAD"], dir);
  return fixture;
}
