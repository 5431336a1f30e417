// A generated two-atom family's repository (issue 23's acceptance): a node:test project with
// 30 existing tests, and a PR adding clamp(value, low, high) with two hidden tests. Used by
// the e2e curator session (e2e/curator-seed.ts) and its bench (bench/curator-child.ts).
import { diffFor, gitOk, initRepo, writeFiles } from "@/lib/runner/testing/git-fixture";

export const EXISTING_TESTS = 30;

const library = (withClamp: boolean) =>
  "export function inRange(value, low, high) {\n  return value >= low && value <= high;\n}\n" +
  (withClamp ? "\n/** Limits value to [low, high]. */\nexport function clamp(value, low, high) {\n  return Math.min(Math.max(value, low), high);\n}\n" : "");

const existingTests = () =>
  'import { test } from "node:test";\nimport assert from "node:assert/strict";\nimport { inRange } from "../src/range.js";\n\n' +
  Array.from({ length: EXISTING_TESTS }, (_, i) => `test("inRange keeps case ${i + 1}", () => assert.equal(inRange(${i}, 0, ${EXISTING_TESTS}), true));\n`).join("");

const hiddenTests =
  'import { describe, test } from "node:test";\nimport assert from "node:assert/strict";\nimport { clamp } from "../src/range.js";\n\n' +
  'describe("clamp", () => {\n  test("returns low below the range", () => assert.equal(clamp(-5, 0, 10), 0));\n  test("returns high above the range", () => assert.equal(clamp(15, 0, 10), 10));\n});\n';


export const CURATOR_ATOMS = [
  { key: "A1", statement: "A value below the range gives the lower bound.", inputCondition: "value < low", observation: "clamp returns low", role: "final" as const, replacedBy: [] as string[] },
  { key: "A2", statement: "A value above the range gives the upper bound.", inputCondition: "value > high", observation: "clamp returns high", role: "final" as const, replacedBy: [] as string[] },
  { key: "A3", statement: "A value above the range is returned unchanged.", inputCondition: "value > high", observation: "clamp returns the value", role: "temporary" as const, replacedBy: ["A2"] },
];

export async function createCuratorRepo(): Promise<{ dir: string; base: string; merge: string; gold: string; hidden: string }> {
  const { dir, base } = await initRepo("specpath-curator-family-", {
    "package.json": JSON.stringify({ name: "rangekit", version: "1.0.0", private: true, type: "module" }, null, 2) + "\n",
    "src/range.js": library(false),
    "test/in-range.test.js": existingTests(),
  });
  const gold = await diffFor(dir, base, { "src/range.js": library(true) });
  const hidden = await diffFor(dir, base, { "test/clamp.test.js": hiddenTests });
  await gitOk(["checkout", "--quiet", "-b", "feature/clamp"], dir);
  await writeFiles(dir, { "src/range.js": library(true), "test/clamp.test.js": hiddenTests });
  await gitOk(["add", "-A"], dir);
  await gitOk(["commit", "--quiet", "-m", "Add clamp"], dir);
  await gitOk(["checkout", "--quiet", "main"], dir);
  await gitOk(["merge", "--quiet", "--no-ff", "-m", "Merge pull request #7 from feature/clamp", "feature/clamp"], dir);
  return { dir, base, merge: await gitOk(["rev-parse", "HEAD"], dir), gold, hidden };
}
