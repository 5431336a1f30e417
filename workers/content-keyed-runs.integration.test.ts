// Issue 12 items 1–4 over real runs: the gates and the replay matrix count a run
// only for the content it ran (patch bytes, hidden tests, verifier, probe list,
// history text and trace), never by row ids or version counters.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createDemoRepo, DEMO_PROBES, PR_FILES } from "@/lib/demo/demo-repo";
import { buildDemoFamily } from "@/lib/demo/build-demo-family";
import { patchFromFiles } from "@/lib/demo/patch-from-files";
import { requestCalibration, rerunFailed } from "@/lib/runs/request-runs";
import { getGateReport } from "@/lib/families/get-gate-report";
import { sendToReview } from "@/lib/review/send-to-review";
import { loadReplayMatrix } from "@/lib/histories/load-replay-matrix";
import { useWorkerPool } from "@/workers/testing/worker-pool";

const pool = useWorkerPool("content");

async function settled(familyId: string) {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if ((await db().run.count({ where: { familyId, status: { in: ["queued", "running"] } } })) === 0) break;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function gates(familyId: string) {
  const report = await getGateReport(familyId);
  return (stage: string, key: string) => report.stages.find((s) => s.stage === stage)!.gates.find((g) => g.key === key)!;
}

async function calibrate(familyId: string) {
  const batch = await requestCalibration(pool.curatorId, familyId);
  await settled(familyId);
  return batch;
}

const evidence = (gate: { evidence: { label: string; detail: string }[] }, label: string) => gate.evidence.find((e) => e.label === label)?.detail;

describe("runs count only for the content they ran", () => {
  let familyId: string;
  let repo: ReturnType<typeof createDemoRepo>;
  let harmlessRunId: string;
  const harmless = () => patchFromFiles(repo.dir, repo.baseCommit, { "src/secrets.js": `// a harmless edit\n${PR_FILES["src/secrets.js"]!}` });
  const setNegativeA1 = (diff: string) =>
    db().patch.updateMany({ where: { familyId, name: "negative-A1-remove" }, data: { diff, version: { increment: 1 } } });

  beforeAll(async () => {
    const suite = await db().suite.create({ data: { name: "content" } });
    repo = createDemoRepo(path.join(pool.tmp, "content"));
    familyId = (await buildDemoFamily(db(), { suiteId: suite.id, repo })).family.id;
    await calibrate(familyId);
    const gate = await gates(familyId);
    for (const key of ["gold", "base", "negatives", "alternatives", "runs"]) expect(gate("calibration", key).status, key).toBe("pass");
  }, 200_000);

  it("item 1: a negative edited into a harmless diff is not selective on its old run; restored, its old run counts again", async () => {
    const original = (await db().patch.findFirstOrThrow({ where: { familyId, name: "negative-A1-remove" } })).diff;
    await setNegativeA1(harmless());
    let gate = await gates(familyId);
    expect(gate("calibration", "negatives").status).toBe("pending");
    expect(evidence(gate("calibration", "negatives"), "selective negatives (fail only their target's probes)")).toBe("1 of 2");

    await calibrate(familyId);
    gate = await gates(familyId);
    expect(gate("calibration", "negatives").status).toBe("fail");
    expect(gate("calibration", "negatives").missing).toContain(DEMO_PROBES.A1);
    harmlessRunId = (await db().run.findFirstOrThrow({ where: { familyId, kind: "calibrate", patchRole: "negative" }, orderBy: { createdAt: "desc" } })).id;

    await setNegativeA1(original);
    gate = await gates(familyId);
    expect(gate("calibration", "negatives").status).toBe("pass");
    expect(JSON.stringify(gate("calibration", "runs"))).not.toContain(harmlessRunId);
  }, 200_000);

  it("item 3: a probe removed and added again is the same probe list: calibrate reuses the runs and the gate counts them", async () => {
    const probe = await db().probe.findFirstOrThrow({ where: { familyId, testId: DEMO_PROBES.A3 }, include: { atoms: true } });
    await db().probe.delete({ where: { id: probe.id } });
    await db().probe.create({ data: { familyId, testId: probe.testId, position: probe.position, atoms: { create: probe.atoms.map((a) => ({ atomId: a.atomId })) } } });
    const batch = await calibrate(familyId);
    expect(batch).toMatchObject({ created: 0, reused: batch.requested });
    const gate = await gates(familyId);
    expect(evidence(gate("calibration", "gold"), "finished gold runs")).toBe("3 of 3");
    for (const key of ["gold", "base", "negatives", "alternatives", "runs"]) expect(gate("calibration", key).status, key).toBe("pass");
  }, 200_000);

  it("item 1: hidden tests changed and changed back count the first runs only (never 6 of 3)", async () => {
    const verifier = await db().verifier.findUniqueOrThrow({ where: { familyId } });
    // Other hidden tests: the present-secret probe now expects another value, so gold fails it.
    const other = PR_FILES["test/secrets.test.js"]!.replace('{ optional: true }), "v1")', '{ optional: true }), "v2")');
    expect(other).not.toBe(PR_FILES["test/secrets.test.js"]);
    const edited = patchFromFiles(repo.dir, repo.baseCommit, { "test/secrets.test.js": other });
    await db().verifier.update({ where: { familyId }, data: { hiddenTestPatch: edited, version: { increment: 1 } } });
    let gate = await gates(familyId);
    expect(gate("calibration", "gold").status).toBe("pending");
    expect(evidence(gate("calibration", "gold"), "finished gold runs")).toBe("0 of 3");
    await calibrate(familyId);
    gate = await gates(familyId);
    expect(gate("calibration", "gold").missing).toContain(`Gold fails probe ${DEMO_PROBES.A3}`);
    await db().verifier.update({ where: { familyId }, data: { hiddenTestPatch: verifier.hiddenTestPatch, version: { increment: 1 } } });
    gate = await gates(familyId);
    expect(evidence(gate("calibration", "gold"), "finished gold runs")).toBe("3 of 3");
    expect(gate("calibration", "gold").status).toBe("pass");
  }, 200_000);

  it("item 3: Re-run failed re-runs the broken runs of the current content, never those of older content", async () => {
    const original = (await db().patch.findFirstOrThrow({ where: { familyId, name: "negative-A2-reverse" } })).diff;
    const broken = original.replace(/^@@ -\d+,\d+ \+\d+,\d+ @@/m, "@@ -90,7 +90,7 @@");
    expect(broken).not.toBe(original);
    await db().patch.updateMany({ where: { familyId, name: "negative-A2-reverse" }, data: { diff: broken, version: { increment: 1 } } });
    await calibrate(familyId);
    let gate = await gates(familyId);
    expect(gate("calibration", "runs").missing).toMatch(/negative negative-A2-reverse\) ended in patch_apply_failed/);
    expect(await rerunFailed(pool.curatorId, familyId)).toEqual({ rerun: 1 });
    await settled(familyId);
    await db().patch.updateMany({ where: { familyId, name: "negative-A2-reverse" }, data: { diff: original, version: { increment: 1 } } });
    expect(await rerunFailed(pool.curatorId, familyId)).toEqual({ rerun: 0 });
    gate = await gates(familyId);
    expect(gate("calibration", "runs").status).toBe("pass");
  }, 200_000);

  it("item 2: a deleted negative's run is not read as the unmodified base", async () => {
    await setNegativeA1(harmless()); // its run exists (all probes pass)
    await db().patch.deleteMany({ where: { familyId, name: "negative-A1-remove" } });
    expect(await db().run.findUniqueOrThrow({ where: { id: harmlessRunId } })).toMatchObject({ patchId: null, patchRole: "negative" });
    const gate = await gates(familyId);
    expect(gate("calibration", "base").status).toBe("pass");
    expect(gate("calibration", "base").missing).toBeNull();
  });
});

describe("item 4: sending to review does not outdate replays", () => {
  it("keeps the path gate's replay signatures after every unchanged revision goes to review", async () => {
    const suite = await db().suite.create({ data: { name: "review" } });
    const repo = createDemoRepo(path.join(pool.tmp, "review"));
    const familyId = (await buildDemoFamily(db(), { suiteId: suite.id, repo, complete: true })).family.id;
    await calibrate(familyId);
    let gate = await gates(familyId);
    expect(gate("paths", "replay_signatures").status).toBe("pass");

    const revisions = await db().historyRevision.findMany({ where: { history: { familyId } }, include: { history: true } });
    for (const r of revisions) await sendToReview(pool.curatorId, familyId, r.history.condition, r.number, { version: r.version });
    expect(await db().historyRevision.count({ where: { history: { familyId }, status: "in_review" } })).toBe(revisions.length);

    gate = await gates(familyId);
    expect(gate("paths", "replay_signatures").status).toBe("pass");
    const matrix = await loadReplayMatrix(familyId);
    expect(matrix.rows.every((row) => row.equal === true)).toBe(true);
    expect(JSON.stringify(matrix)).not.toMatch(/"outdated":true/);
    const again = await requestCalibration(pool.curatorId, familyId);
    expect(again.created).toBe(0);
  }, 240_000);
});
