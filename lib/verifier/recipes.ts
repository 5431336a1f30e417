// Pure: one tested verifier recipe per runner the studio supports — setup, test command,
import { type TResultFormat } from "@/lib/contract/types";
// report format — and, when a run wrote no report, the runner's own option that names it.
// Every recipe but jest is the command the runner fixtures of the integration tests run
// (lib/runner/testing/runner-families.ts; lib/verifier/recipes.test.ts keeps them equal).

export type TRunnerRecipe = {
  id: "node-test" | "tape" | "mocha" | "vitest" | "jest" | "pytest" | "unittest";
  label: string;
  language: "node" | "python";
  setupCommand: string | null;
  testCommand: string;
  resultFormat: TResultFormat;
  /** How this runner is told where the report goes, said when a run wrote none. */
  reportOption: string;
  /** Recognizes the runner in a test command. */
  detect: RegExp;
  note: string;
};

const NPM_SETUP = "npm ci --no-audit --no-fund --loglevel=error";
/** The interpreter on the worker, as the sandbox shows it (python3, or a runtime listed in SPECPATH_SANDBOX_RUNTIMES). */
const PYTHON = "python3";

export const RUNNER_RECIPES: readonly TRunnerRecipe[] = [
  {
    id: "node-test", label: "node:test", language: "node", setupCommand: null,
    testCommand: 'node --test --test-reporter=junit --test-reporter-destination="$SPECPATH_REPORT" test/',
    resultFormat: "junit", reportOption: '--test-reporter=junit --test-reporter-destination="$SPECPATH_REPORT"', detect: /\bnode\s+(?:[^|;&]*\s)?--test\b/,
    note: "Node's own runner; no dependency to install.",
  },
  {
    id: "tape", label: "tape", language: "node", setupCommand: NPM_SETUP,
    testCommand: "./node_modules/.bin/tape 'test/**/*.test.js'",
    resultFormat: "tap", reportOption: "TAP on stdout (no report file needed; nothing else may print to stdout)", detect: /\btape\b/,
    note: "TAP is read from stdout when no report file is written.",
  },
  {
    id: "mocha", label: "mocha", language: "node", setupCommand: NPM_SETUP,
    testCommand: './node_modules/.bin/mocha --reporter xunit --reporter-option output="$SPECPATH_REPORT" test/',
    resultFormat: "junit", reportOption: '--reporter xunit --reporter-option output="$SPECPATH_REPORT"', detect: /\bmocha\b/,
    note: "The xunit reporter writes JUnit XML.",
  },
  {
    id: "vitest", label: "vitest", language: "node", setupCommand: NPM_SETUP,
    testCommand: './node_modules/.bin/vitest run --reporter=junit --outputFile="$SPECPATH_REPORT"',
    resultFormat: "junit", reportOption: '--reporter=junit --outputFile="$SPECPATH_REPORT"', detect: /\bvitest\b/,
    note: "Without --outputFile vitest prints the report to stdout and writes no file.",
  },
  {
    id: "jest", label: "jest (jest-junit)", language: "node",
    setupCommand: `${NPM_SETUP} && npm install --no-save --no-audit --no-fund --loglevel=error jest-junit@16.0.0`,
    testCommand: 'JEST_JUNIT_OUTPUT_FILE="$SPECPATH_REPORT" JEST_JUNIT_ADD_FILE_ATTRIBUTE=true JEST_JUNIT_ANCESTOR_SEPARATOR=" > " JEST_JUNIT_CLASSNAME="{classname}" JEST_JUNIT_TITLE="{classname} > {title}" ./node_modules/.bin/jest test/ --ci --coverage=false --reporters=default --reporters=jest-junit',
    resultFormat: "junit", reportOption: 'jest-junit installed in setup, JEST_JUNIT_OUTPUT_FILE="$SPECPATH_REPORT" and --reporters=jest-junit (after the test files)', detect: /\bjest\b/,
    note: "jest-junit comes from the registry in setup; its file attribute gives ids `file::describe > test` (with the defaults they read `undefined::…` and nested describes merge). Test files go before --reporters; --coverage=false keeps a project's coverage thresholds out of the verdict.",
  },
  {
    id: "pytest", label: "pytest", language: "python", setupCommand: null,
    testCommand: `PYTHONDONTWRITEBYTECODE=1 ${PYTHON} -m pytest -q -p no:cacheprovider --continue-on-collection-errors --junitxml="$SPECPATH_REPORT" tests`,
    resultFormat: "junit", reportOption: '--junitxml="$SPECPATH_REPORT"', detect: /\bpytest\b/,
    note: "pytest from the worker's Python; a package it lacks is installed by the setup (pip through the registry network). --continue-on-collection-errors: a test module that fails to import fails its own tests, and the other modules still run.",
  },
  {
    id: "unittest", label: "unittest", language: "python", setupCommand: null,
    testCommand: `PYTHONDONTWRITEBYTECODE=1 ${PYTHON} run_tests.py`,
    resultFormat: "junit", reportOption: "a runner script that writes JUnit XML to $SPECPATH_REPORT (unittest has no JUnit reporter of its own)", detect: /\bunittest\b|run_tests\.py/,
    note: "unittest writes no JUnit itself: commit a small runner script (run_tests.py) that records each test and writes the report.",
  },
];

/** The recipe whose runner a test command runs, if one is recognized (most specific first). */
export function recipeOf(testCommand: string): TRunnerRecipe | null {
  for (const id of ["jest", "vitest", "mocha", "tape", "pytest", "unittest", "node-test"] as const) {
    const recipe = RUNNER_RECIPES.find((r) => r.id === id)!;
    if (recipe.detect.test(testCommand)) return recipe;
  }
  return null;
}

const MISSING = /wrote no (?:junit|tap) report to \$SPECPATH_REPORT/;

/** A "wrote no report" message with the runner's own option added, when the runner is recognized. */
export function withReportHint(message: string | null, testCommand: string): string | null {
  if (!message || !MISSING.test(message)) return message;
  const recipe = recipeOf(testCommand);
  if (!recipe || message.includes("tell ")) return message;
  return `${message} — tell ${recipe.label} where to write it: ${recipe.reportOption}`;
}

/** What a hidden test file imports or calls, in the order that tells runners apart (most specific first). */
const SIGNS: readonly [TRunnerRecipe["id"], RegExp][] = [
  ["node-test", /\bfrom\s+["']node:test["']|require\(\s*["']node:test["']\s*\)/],
  ["vitest", /\bfrom\s+["']vitest["']|require\(\s*["']vitest["']\s*\)/],
  ["tape", /\bfrom\s+["']tape["']|require\(\s*["']tape["']\s*\)/],
  ["jest", /\bfrom\s+["']@jest\/globals["']|\bjest\.(?:fn|mock|spyOn)\(|^\+.*\bexpect\(.*\)\.(?:toBe|toEqual|toStrictEqual|toThrow)\w*\(/m],
  ["mocha", /^\+\s*(?:describe|it)\(/m],
  ["unittest", /^\+\s*import\s+unittest\b|^\+\s*class\s+\w+\(\s*unittest\.TestCase\s*\)/m],
  ["pytest", /^\+\s*(?:import\s+pytest\b|def\s+test_\w*\s*\()/m],
];

/**
 * The recipe a family's hidden tests point to, read from the test patch (the runner it
 * imports, or the globals it calls), so a new verifier starts filled in; null when the
 * patch says nothing recognizable. Only the added lines count: a removed import is gone.
 */
export function suggestRecipe(hiddenTestPatch: string): TRunnerRecipe | null {
  const added = hiddenTestPatch.split("\n").filter((l) => l.startsWith("+") && !l.startsWith("+++")).join("\n");
  for (const [id, sign] of SIGNS) {
    if (sign.test(added)) return RUNNER_RECIPES.find((r) => r.id === id)!;
  }
  return null;
}
