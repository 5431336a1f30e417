// Calibration and replay gates over real runs: a correct family passes, and each
// construction artifact the paper found fails the gate with the right sentence.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createDemoRepo, DEMO_PROBES, DEMO_VARIANTS, PR_FILES } from "@/lib/demo/demo-repo";
import { buildDemoFamily, DEMO_ATOMS } from "@/lib/demo/build-demo-family";
import { patchFromFiles } from "@/lib/demo/patch-from-files";
import { scaffoldFamily, overridesFromReplacedBy } from "@/lib/contract";
import { requestCalibration } from "@/lib/runs/request-runs";
import { getGateReport } from "@/lib/families/get-gate-report";
import { useWorkerPool } from "@/workers/testing/worker-pool";

const pool = useWorkerPool("gates");

async function family(name: string) {
  const suite = await db().suite.create({ data: { name } });
  const repo = createDemoRepo(path.join(pool.tmp, name));
  const built = await buildDemoFamily(db(), { suiteId: suite.id, repo });
  return { ...built, repo };
}

async function addCoreHistories(familyId: string) {
  const catalog = DEMO_ATOMS.map((a) => ({ ...a, replacedBy: [...a.replacedBy] }));
  const scaffold = scaffoldFamily({ atoms: catalog, overrides: overridesFromReplacedBy(catalog) });
  if (!scaffold.ok) throw new Error(scaffold.errors.map((e) => e.message).join("; "));
  for (const history of scaffold.value) {
    await db().history.create({
      data: {
        familyId, condition: history.condition,
        revisions: { create: { number: 1, turns: { create: history.turns.map((t, index) => ({ index, ...t })) } } },
      },
    });
  }
}

async function calibrate(familyId: string) {
  await requestCalibration(pool.curatorId, familyId);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if ((await db().run.count({ where: { familyId, status: { in: ["queued", "running"] } } })) === 0) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const report = await getGateReport(familyId);
  const gate = (stage: string, key: string) => report.stages.find((s) => s.stage === stage)!.gates.find((g) => g.key === key)!;
  return { report, gate };
}

describe("calibration gate", () => {
  it("passes a correct family, including replay under the five core histories", async () => {
    const { family: f } = await family("correct");
    await addCoreHistories(f.id);
    const { gate } = await calibrate(f.id);
    for (const key of ["gold", "base", "negatives", "alternatives", "runs"]) expect(gate("calibration", key).status, key).toBe("pass");
    expect(gate("paths", "replay_signatures").status).toBe("pass");
  }, 180_000);

  it("fails on an empty negative (identical to gold)", async () => {
    const { family: f } = await family("empty-negative");
    const gold = await db().patch.findFirstOrThrow({ where: { familyId: f.id, kind: "gold" } });
    await db().patch.updateMany({ where: { familyId: f.id, name: "negative-A1-remove" }, data: { diff: gold.diff } });
    const { gate } = await calibrate(f.id);
    expect(gate("calibration", "negatives").status).toBe("fail");
    expect(gate("calibration", "negatives").missing).toMatch(/negative-A1-remove/);
    expect(gate("calibration", "negatives").missing).toMatch(/gold|empty/i);
  }, 120_000);

  it("fails on a negative that breaks two atoms", async () => {
    const { family: f, repo } = await family("two-atoms");
    const both = PR_FILES["src/secrets.js"]!.replace("  if (options.optional) return null;\n  throw new SecretNotFoundError(name);\n", "  return undefined;\n");
    await db().patch.updateMany({ where: { familyId: f.id, name: "negative-A1-remove" }, data: { diff: patchFromFiles(repo.dir, repo.baseCommit, { "src/secrets.js": both }) } });
    const { gate } = await calibrate(f.id);
    expect(gate("calibration", "negatives").status).toBe("fail");
    expect(gate("calibration", "negatives").missing).toContain(DEMO_PROBES.A2);
  }, 120_000);

  it("fails when gold fails one probe", async () => {
    const { family: f, repo } = await family("bad-gold");
    await db().patch.updateMany({ where: { familyId: f.id, kind: "gold" }, data: { diff: patchFromFiles(repo.dir, repo.baseCommit, { "src/secrets.js": DEMO_VARIANTS.negativeA2 }) } });
    const { gate } = await calibrate(f.id);
    expect(gate("calibration", "gold").status).toBe("fail");
    expect(gate("calibration", "gold").missing).toContain(DEMO_PROBES.A2);
  }, 120_000);

  it("fails closed when a probe's test was renamed", async () => {
    const { family: f } = await family("renamed-probe");
    await db().probe.updateMany({ where: { familyId: f.id, testId: DEMO_PROBES.A3 }, data: { testId: "optional lookup of a present secret returns the value" } });
    const { gate } = await calibrate(f.id);
    expect(gate("calibration", "gold").status).not.toBe("pass");
    expect(gate("calibration", "runs").status).toBe("fail");
    expect(gate("calibration", "runs").missing).toMatch(/empty_collection/);
    expect(gate("calibration", "runs").missing).toContain("returns the value");
  }, 120_000);

  it("fails the replay gate when the verifier reads the history file", async () => {
    const { family: f, repo } = await family("reads-history");
    const peeking = PR_FILES["test/secrets.test.js"]!.replace(
      'import { test } from "node:test";',
      'import { test } from "node:test";\nimport fs from "node:fs";\nconst history = fs.existsSync("HISTORY.md") ? fs.readFileSync("HISTORY.md", "utf8") : "";',
    ).replace('  setSecret("PRESENT", "v1");', '  if ((history.match(/## Message/g) ?? []).length > 1) throw new Error("depends on the history");\n  setSecret("PRESENT", "v1");');
    await db().verifier.update({ where: { familyId: f.id }, data: { hiddenTestPatch: patchFromFiles(repo.dir, repo.baseCommit, { "test/secrets.test.js": peeking }) } });
    await addCoreHistories(f.id);
    const { gate } = await calibrate(f.id);
    expect(gate("paths", "replay_signatures").status).toBe("fail");
    expect(gate("paths", "replay_signatures").missing).toMatch(/signature under \w+ differs/);
  }, 180_000);
});
