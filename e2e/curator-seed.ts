// A generated two-atom family, as an import leaves it: a node:test repository with 30
// existing tests, a PR adding clamp(value, low, high) with two hidden tests, the gold
// patch and the hidden test patch, the contract's atoms accepted — and no verifier
// command, probe, negative or history yet: the curator's session builds those.
import { e2eDatabaseUrl } from "./database-url";
import { ACCOUNTS } from "./fixtures";
import { diffFor, gitOk, initRepo, writeFiles } from "../workers/runner/testing/git-fixture";

const EXISTING_TESTS = 30;

const library = (withClamp: boolean) =>
  "export function inRange(value, low, high) {\n  return value >= low && value <= high;\n}\n" +
  (withClamp ? "\n/** Limits value to [low, high]. */\nexport function clamp(value, low, high) {\n  return Math.min(Math.max(value, low), high);\n}\n" : "");

const existingTests = () =>
  'import { test } from "node:test";\nimport assert from "node:assert/strict";\nimport { inRange } from "../src/range.js";\n\n' +
  Array.from({ length: EXISTING_TESTS }, (_, i) => `test("inRange keeps case ${i + 1}", () => assert.equal(inRange(${i}, 0, ${EXISTING_TESTS}), true));\n`).join("");

const hiddenTests =
  'import { describe, test } from "node:test";\nimport assert from "node:assert/strict";\nimport { clamp } from "../src/range.js";\n\n' +
  'describe("clamp", () => {\n  test("returns low below the range", () => assert.equal(clamp(-5, 0, 10), 0));\n  test("returns high above the range", () => assert.equal(clamp(15, 0, 10), 10));\n});\n';

export async function seedCuratorFamily(title: string): Promise<{ id: string; title: string }> {
  process.env.DATABASE_URL ??= e2eDatabaseUrl();
  const { db } = await import("../lib/db/client");
  const { dir, base } = await initRepo("specpath-e2e-curator-", {
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
  const merge = await gitOk(["rev-parse", "HEAD"], dir);
  const suite = await db().suite.findFirstOrThrow({ where: { name: "specpath-demo" } });
  const curator = await db().user.findUniqueOrThrow({ where: { email: ACCOUNTS.curator } });
  const family = await db().taskFamily.create({
    data: {
      suiteId: suite.id, title, repo: dir, prNumber: 7, baseCommit: base, mergeCommit: merge,
      curators: { create: { userId: curator.id } },
      verifier: { create: { hiddenTestPatch: hidden } },
      patches: { create: { kind: "gold", name: "gold", diff: gold } },
    },
  });
  const atoms = [
    { key: "A1", statement: "A value below the range gives the lower bound.", inputCondition: "value < low", observation: "clamp returns low", role: "final" as const, replacedBy: [] },
    { key: "A2", statement: "A value above the range gives the upper bound.", inputCondition: "value > high", observation: "clamp returns high", role: "final" as const, replacedBy: [] },
    { key: "A3", statement: "A value above the range is returned unchanged.", inputCondition: "value > high", observation: "clamp returns the value", role: "temporary" as const, replacedBy: ["A2"] },
  ];
  for (const [position, a] of atoms.entries()) {
    await db().atom.create({ data: { ...a, familyId: family.id, position, status: "accepted", scope: "clamp(value, low, high)", polarity: "require" } });
  }
  return { id: family.id, title };
}
