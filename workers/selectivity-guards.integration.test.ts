// Issue 12 items 5 and 10 over real runs: one test asserting two requirements
// cannot prove a negative selective, and guard tests (PASS_TO_PASS) sit beside
// probes without covering an atom.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { callRoute } from "@/lib/testing/factories";
import { db } from "@/lib/db";
import { createDemoRepo, DEMO_PROBES, PR_FILES } from "@/lib/demo/demo-repo";
import { buildDemoFamily } from "@/lib/demo/build-demo-family";
import { patchFromFiles } from "@/lib/demo/patch-from-files";
import { requestCalibration } from "@/lib/runs/request-runs";
import { getGateReport } from "@/lib/families/get-gate-report";
import * as kindRoute from "@/app/api/families/[familyId]/probes/[probeId]/kind/route";
import * as coverageRoute from "@/app/api/families/[familyId]/probes/[probeId]/coverage/route";
import { useWorkerPool } from "@/workers/testing/worker-pool";

process.env.NEXTAUTH_SECRET ??= "test-secret";

const pool = useWorkerPool("select");

async function family(name: string) {
  const suite = await db().suite.create({ data: { name } });
  const repo = createDemoRepo(path.join(pool.tmp, name));
  const built = await buildDemoFamily(db(), { suiteId: suite.id, repo });
  return { familyId: built.family.id, atoms: built.atoms, repo };
}

async function calibrate(familyId: string) {
  await requestCalibration(pool.curatorId, familyId);
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if ((await db().run.count({ where: { familyId, status: { in: ["queued", "running"] } } })) === 0) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const report = await getGateReport(familyId);
  return (stage: string, key: string) => report.stages.find((s) => s.stage === stage)!.gates.find((g) => g.key === key)!;
}

const SHARED = "missing secrets: required throws, optional gives null";

describe("item 5: one test asserting two requirements", () => {
  it("fails the negatives and names both atoms in the reconciliation gate", async () => {
    const { familyId, atoms, repo } = await family("shared");
    const tests = PR_FILES["test/secrets.test.js"]!.replace(
      /test\("required lookup[\s\S]*?\n}\);\n\ntest\("optional lookup of a missing[\s\S]*?\n}\);\n/,
      `test("${SHARED}", () => {\n  assert.throws(() => getSecret("MISSING_REQUIRED"), SecretNotFoundError);\n  assert.equal(getSecret("MISSING_OPTIONAL", { optional: true }), null);\n});\n`,
    );
    expect(tests).toContain(SHARED);
    await db().verifier.update({ where: { familyId }, data: { hiddenTestPatch: patchFromFiles(repo.dir, repo.baseCommit, { "test/secrets.test.js": tests }) } });
    await db().probe.deleteMany({ where: { familyId, testId: { in: [DEMO_PROBES.A1, DEMO_PROBES.A2] } } });
    await db().probe.create({ data: { familyId, testId: SHARED, position: -1, atoms: { create: [{ atomId: atoms.A1! }, { atomId: atoms.A2! }] } } });

    const gate = await calibrate(familyId);
    expect(gate("calibration", "gold").status).toBe("pass");
    const negatives = gate("calibration", "negatives");
    expect(negatives.status).toBe("fail");
    expect(negatives.missing).toMatch(/Negative negative-A1-remove \(run \w+\) fails every probe of A2/);
    expect(negatives.evidence).toContainEqual({ label: "selective negatives (fail only their target's probes)", detail: "0 of 2" });
    const selectivity = gate("reconciliation", "selectivity");
    expect(selectivity.status).toBe("fail");
    expect(selectivity.missing).toContain(`A1 and A2 share their only probe ${SHARED}`);
    expect(selectivity.missing).toMatch(/Split the test in the hidden test patch .* or merge the atoms/);
  }, 200_000);
});

describe("item 10: guard tests", () => {
  it("holds an existing pass-to-pass test as a guard: covers no atom, passes on gold and the alternative, reported on base", async () => {
    const { familyId, atoms } = await family("guards");
    const guard = await db().probe.create({ data: { familyId, testId: "stores and returns a secret", position: 9 } });

    let gate = await calibrate(familyId);
    expect(gate("reconciliation", "coverage").missing).toMatch(/Probe stores and returns a secret covers no atom; cover one, or mark it a guard test/);

    const made = await callRoute(kindRoute.PUT, { method: "PUT", userId: pool.curatorId, params: { familyId, probeId: guard.id }, body: { kind: "guard", version: 1 } });
    expect(made.status).toBe(200);
    expect(made.json).toMatchObject({ kind: "guard", version: 2 });
    const stale = await callRoute(kindRoute.PUT, { method: "PUT", userId: pool.curatorId, params: { familyId, probeId: guard.id }, body: { kind: "probe", version: 1 } });
    expect(stale.status).toBe(409);
    const cover = await callRoute(coverageRoute.PUT, { method: "PUT", userId: pool.curatorId, params: { familyId, probeId: guard.id }, body: { atomId: atoms.A1!, covered: true } });
    expect(cover.status).toBe(422);
    expect(await db().auditEvent.count({ where: { familyId, action: "probe.set_kind" } })).toBe(1);

    gate = await calibrate(familyId); // same content: the runs are reused
    expect(gate("reconciliation", "coverage").status).toBe("pass");
    for (const key of ["gold", "base", "negatives", "alternatives", "runs"]) expect(gate("calibration", key).status, key).toBe("pass");
    expect(gate("calibration", "base").evidence).toContainEqual({ label: "guard tests (pass-to-pass)", detail: "stores and returns a secret" });
    expect(gate("calibration", "gold").evidence).toContainEqual({ label: "probes passing on every gold run", detail: "4 of 4" });
  }, 200_000);
});
