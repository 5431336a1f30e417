// Negatives mined from gold, on real runs: fixtures in three runners (node:test,
// pytest, unittest) with a two-atom change; the miner's candidates run once each on
// the worker pool and one selective negative per atom is proposed, accepted as an
// ordinary negative, and calibration then passes its negatives gate. Where one test
// asserts both atoms, no candidate can be selective: the miner says so with what it tried.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { useWorkerPool } from "@/workers/testing/worker-pool";
import { addProbes } from "@/lib/probes/add-probes";
import { requestCollect } from "@/lib/probes/request-collect";
import { requestCalibration } from "@/lib/runs/request-runs";
import { getGateReport } from "@/lib/families/get-gate-report";
import { createRunnerFixture, RUNNER_ATOMS, type RunnerFixture, type TRunnerName } from "@/lib/runner/testing/runner-families";
import { requestMining } from "./request-mining";
import { listMining } from "./list-mining";
import { decideCandidate } from "./decide-candidate";

const pool = useWorkerPool("mining");
const python = execFileSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" }).trim();
const fixtures: RunnerFixture[] = [];
afterAll(() => { for (const f of fixtures) fs.rmSync(f.repoDir, { recursive: true, force: true }); });

async function settle(familyId: string, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await db().run.count({ where: { familyId, status: { in: ["queued", "running"] } } })) === 0) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("runs did not finish in time");
}

/** Gold, two final atoms, the collected tests: the fixture's probes mapped, its base test a guard. No negative written. */
async function familyReadyToMine(runner: TRunnerName, shared = false) {
  const fixture = await createRunnerFixture(runner, { python, shared });
  fixtures.push(fixture);
  const suite = await db().suite.create({ data: { name: `mine-${runner}-${fixtures.length}` } });
  const family = await db().taskFamily.create({
    data: {
      suiteId: suite.id, title: `clamp via ${runner}`, repo: fixture.repoDir, prNumber: 12, baseCommit: fixture.baseCommit, mergeCommit: fixture.mergeCommit,
      verifier: { create: { setupCommand: fixture.setupCommand, testCommand: fixture.testCommand, resultFormat: fixture.resultFormat, hiddenTestPatch: fixture.hiddenTestPatch, timeoutSec: 120 } },
      patches: { create: { kind: "gold", name: "gold", diff: fixture.goldPatch } },
    },
  });
  const atoms: Record<string, string> = {};
  for (const [position, atom] of RUNNER_ATOMS.filter((a) => a.role === "final").entries()) {
    atoms[atom.key] = (await db().atom.create({ data: { ...atom, replacedBy: [], familyId: family.id, position, status: "accepted" } })).id;
  }
  await requestCollect(pool.curatorId, family.id);
  await settle(family.id);
  await addProbes(pool.curatorId, family.id, { testIds: [...new Set([fixture.probes.A1, fixture.probes.A2])] });
  await addProbes(pool.curatorId, family.id, { testIds: [fixture.guard], kind: "guard" });
  for (const probe of await db().probe.findMany({ where: { familyId: family.id, kind: "probe" } })) {
    const covers = (["A1", "A2"] as const).filter((key) => fixture.probes[key] === probe.testId);
    await db().probeAtom.createMany({ data: covers.map((key) => ({ probeId: probe.id, atomId: atoms[key]! })) });
  }
  return { fixture, family, atoms };
}

describe.each(["node-test", "pytest", "unittest"] as const)("mining negatives from gold (%s)", (runner) => {
  it("finds a selective negative for each atom, and the accepted proposals pass the negatives gate", async () => {
    const { family, atoms } = await familyReadyToMine(runner);
    const started = Date.now();
    await requestMining(pool.curatorId, family.id, {});
    await settle(family.id);
    const mined = await listMining(family.id);
    expect(mined.batch!.generation, mined.batch!.generation.message ?? "").toMatchObject({ status: "passed" });
    expect(mined.batch!.tried).toBeGreaterThan(0);
    const wallSeconds = (Date.now() - started) / 1000;
    console.log(`[mining ${runner}] tried ${mined.batch!.tried} of ${mined.batch!.generated}, selective ${mined.batch!.selective}, ${mined.batch!.secondsPerAtom} s per atom (${wallSeconds.toFixed(1)} s wall)`);
    expect(mined.batch!.finished).toBe(mined.batch!.tried);
    // Every candidate ran to an outcome: a signature, or a run that could not load the tests with it.
    expect(mined.candidates.filter((c) => !["passed", "failed", "empty_collection"].includes(c.runStatus)).map((c) => `${c.description}: ${c.runStatus} ${c.verdict}`)).toEqual([]);
    for (const atom of mined.atoms) {
      expect(atom.proposals.length, `${atom.key}: ${mined.candidates.map((c) => `${c.description} → ${c.verdict}`).join("\n")}`).toBeGreaterThan(0);
      // Smallest first.
      expect(atom.proposals.map((p) => p.size)).toEqual([...atom.proposals.map((p) => p.size)].sort((a, b) => a - b));
    }
    for (const atom of mined.atoms) {
      const best = atom.proposals[0]!;
      await decideCandidate(pool.curatorId, family.id, best.id, { decision: "accept", version: best.version, targetAtomId: atoms[atom.key]! });
    }
    const negatives = await db().patch.findMany({ where: { familyId: family.id, kind: "negative" }, include: { targetAtom: { select: { key: true } } } });
    expect(negatives.map((n) => n.targetAtom?.key).sort()).toEqual(["A1", "A2"]);
    expect(await db().auditEvent.count({ where: { familyId: family.id, action: "negative_candidate.accept" } })).toBe(2);

    await requestCalibration(pool.curatorId, family.id);
    await settle(family.id);
    const report = await getGateReport(family.id);
    const gate = report.stages.find((s) => s.stage === "calibration")!.gates.find((g) => g.key === "negatives")!;
    expect(gate.status, gate.missing ?? "").toBe("pass");
  }, 600_000);
});

describe("mining where no negative can be selective (one test asserts both atoms)", () => {
  it("reports none, with every candidate it tried and why each is not selective", async () => {
    const { family } = await familyReadyToMine("node-test", true);
    await requestMining(pool.curatorId, family.id, {});
    await settle(family.id);
    const mined = await listMining(family.id);
    expect(mined.batch).toMatchObject({ finished: mined.batch!.tried, selective: 0 });
    expect(mined.batch!.tried).toBeGreaterThan(3);
    expect(mined.atoms.every((a) => a.proposals.length === 0)).toBe(true);
    expect(mined.candidates.every((c) => c.verdict !== null && c.selectiveFor === null)).toBe(true);
    console.log(mined.candidates.map((c) => `${c.description} → ${c.verdict}`).join("\n"));
    expect(mined.candidates.map((c) => c.verdict)).toContain("fails probes of A1 and A2, so it breaks more than one atom");
  }, 600_000);
});
