import "server-only";
// A tiny Node library with a clamp() task: base without clamp, hidden tests
// run by node:test's JUnit reporter, a gold patch and a negative patch that
// breaks only the upper bound.

import { diffFor, initRepo } from "./git-fixture";

export interface NodeFixture {
  repoDir: string;
  baseCommit: string;
  hiddenTestPatch: string;
  goldPatch: string;
  /** Ignores the upper bound: fails probe 1 only. */
  negativePatch: string;
  /** Does not apply to the base (context that is not there). */
  staleContextPatch: string;
  probes: string[];
  testCommand: string;
}

const MATH = "export function add(a, b) {\n  return a + b;\n}\n";

const HIDDEN_TEST = `import { describe, test } from "node:test";
import assert from "node:assert/strict";
import * as math from "../src/math.js";

describe("clamp", () => {
  test("returns the lower bound below the range", () => assert.equal(math.clamp(-5, 0, 10), 0));
  test("returns the upper bound above the range", () => assert.equal(math.clamp(15, 0, 10), 10));
  test("passes values inside the range through", () => assert.equal(math.clamp(5, 0, 10), 5));
});
`;

export const NODE_TEST_COMMAND = 'node --test --test-reporter=junit --test-reporter-destination="$SPECPATH_REPORT"';

export async function createNodeFixture(): Promise<NodeFixture> {
  const { dir, base } = await initRepo("specpath-node-fixture-", {
    "package.json": JSON.stringify({ name: "mathlib", version: "1.0.0", type: "module" }, null, 2) + "\n",
    "src/math.js": MATH,
    "test/add.test.js": `import { test } from "node:test";\nimport assert from "node:assert/strict";\nimport { add } from "../src/math.js";\n\ntest("add sums two numbers", () => assert.equal(add(2, 3), 5));\n`,
  });
  const clamp = (body: string) => `${MATH}\nexport function clamp(value, low, high) {\n  ${body}\n}\n`;
  return {
    repoDir: dir,
    baseCommit: base,
    hiddenTestPatch: await diffFor(dir, base, { "test/clamp.test.js": HIDDEN_TEST }),
    goldPatch: await diffFor(dir, base, { "src/math.js": clamp("return Math.min(Math.max(value, low), high);") }),
    negativePatch: await diffFor(dir, base, { "src/math.js": clamp("return Math.max(value, low);") }),
    staleContextPatch: [
      "diff --git a/src/math.js b/src/math.js",
      "--- a/src/math.js",
      "+++ b/src/math.js",
      "@@ -1,3 +1,3 @@",
      "-export function subtract(a, b) {",
      "+export function subtract(a, b, c) {",
      "   return a - b;",
      " }",
      "",
    ].join("\n"),
    probes: [
      "clamp > returns the lower bound below the range",
      "clamp > returns the upper bound above the range",
      "clamp > passes values inside the range through",
    ],
    testCommand: NODE_TEST_COMMAND,
  };
}
