// Every runner family the studio supports, end to end on real runs: a fixture
// repository with a two-atom change (lib/runner/testing/runner-families.ts)
// is collected, its probes picked from the collected ids, calibrated and
// replayed by the worker pool — node:test (JUnit), tape (TAP), mocha (xunit),
// vitest (JUnit), pytest (JUnit) and unittest (JUnit from a runner script).
// Plus tape with one test asserting both requirements (a probe shared by both
// atoms), and a failing run's stored per-probe failure text.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "@/lib/testing/db";
import { db } from "@/lib/db";
import { stopBoss } from "@/lib/jobs/boss";
import { overridesFromReplacedBy, scaffoldFamily } from "@/lib/contract";
import { requestCalibration } from "@/lib/runs/request-runs";
import { requestCollect } from "@/lib/probes/request-collect";
import { addProbes } from "@/lib/probes/add-probes";
import { getGateReport } from "@/lib/families/get-gate-report";
import { runProposer } from "@/lib/proposals/run-proposer";
import { createRunnerFixture, RUNNER_ATOMS, RUNNERS, type RunnerFixture, type TRunnerName } from "../lib/runner/testing/runner-families";
import { startWorker } from "./worker-process";

let tmp: string;
let worker: Awaited<ReturnType<typeof startWorker>>;
let curatorId: string;
const python = execFileSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" }).trim();
const fixtures: RunnerFixture[] = [];

beforeAll(async () => {
  await useFreshDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-runner-families-"));
  worker = await startWorker({ concurrency: 2, cacheDir: path.join(tmp, "cache"), log: () => undefined });
  curatorId = (await db().user.create({ data: { email: "cur@runners", name: "Cur", roles: ["curator"] } })).id;
});

afterAll(async () => {
  await worker.stop();
  await stopBoss({ graceful: false, timeout: 1000 });
  for (const fixture of fixtures) fs.rmSync(fixture.repoDir, { recursive: true, force: true });
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function settle(familyId: string, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await db().run.count({ where: { familyId, status: { in: ["queued", "running"] } } })) === 0) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("runs did not finish in time");
}

/** The family as a curator would have it before collecting: atoms, verifier, patches; no probes yet. */
async function buildFamily(runner: TRunnerName, shared = false) {
  const fixture = await createRunnerFixture(runner, { python, shared });
  fixtures.push(fixture);
  const suite = await db().suite.create({ data: { name: `${runner}${shared ? "-shared" : ""}-${fixtures.length}` } });
  const family = await db().taskFamily.create({
    data: {
      suiteId: suite.id, title: `clamp via ${runner}`, repo: fixture.repoDir, prNumber: 12,
      baseCommit: fixture.baseCommit, mergeCommit: fixture.mergeCommit,
      verifier: {
        create: {
          setupCommand: fixture.setupCommand, testCommand: fixture.testCommand, resultFormat: fixture.resultFormat,
          hiddenTestPatch: fixture.hiddenTestPatch, timeoutSec: 120,
          protocol: { historyPath: "HISTORY.md", historyFormat: "markdown", agentTimeoutSec: 1200 },
        },
      },
    },
  });
  const atoms: Record<string, string> = {};
  for (const [position, atom] of RUNNER_ATOMS.entries()) {
    atoms[atom.key] = (await db().atom.create({ data: { ...atom, replacedBy: [...atom.replacedBy], familyId: family.id, position, status: "accepted" } })).id;
  }
  await db().patch.createMany({
    data: [
      { familyId: family.id, kind: "gold", name: "gold", diff: fixture.goldPatch },
      { familyId: family.id, kind: "negative", name: "negative-A1", targetAtomId: atoms.A1!, mode: "remove", diff: fixture.negatives.A1 },
      { familyId: family.id, kind: "negative", name: "negative-A2", targetAtomId: atoms.A2!, mode: "remove", diff: fixture.negatives.A2 },
      { familyId: family.id, kind: "alternative", name: "alternative", diff: fixture.alternative },
    ],
  });
  const catalog = RUNNER_ATOMS.map((a) => ({ ...a, replacedBy: [...a.replacedBy] }));
  const scaffold = scaffoldFamily({ atoms: catalog, overrides: overridesFromReplacedBy(catalog) });
  if (!scaffold.ok) throw new Error(scaffold.errors.map((e) => e.message).join("; "));
  for (const history of scaffold.value) {
    await db().history.create({
      data: { familyId: family.id, condition: history.condition, revisions: { create: { number: 1, turns: { create: history.turns.map((t, index) => ({ index, ...t })) } } } },
    });
  }
  return { fixture, family, atoms };
}

async function collectAndPick(familyId: string, fixture: RunnerFixture, atoms: Record<string, string>) {
  const started = Date.now();
  await requestCollect(curatorId, familyId);
  await settle(familyId);
  const collectMs = Date.now() - started;
  const collect = await db().run.findFirstOrThrow({ where: { familyId, kind: "collect" } });
  const verifier = await db().verifier.findUniqueOrThrow({ where: { familyId } });
  const ids = [...new Set([fixture.probes.A1, fixture.probes.A2])];
  await addProbes(curatorId, familyId, { testIds: ids });
  for (const probe of await db().probe.findMany({ where: { familyId } })) {
    const covers = (["A1", "A2"] as const).filter((key) => fixture.probes[key] === probe.testId);
    await db().probeAtom.createMany({ data: covers.map((key) => ({ probeId: probe.id, atomId: atoms[key]! })) });
  }
  return { collect, verifier, collectMs };
}

async function signatures(familyId: string) {
  const runs = await db().run.findMany({ where: { familyId, kind: "calibrate" }, include: { patch: { select: { name: true } } } });
  return Object.fromEntries(runs.map((r) => [r.patchRole === "base" ? "base" : `${r.patch?.name}#${r.repeat}`, r.signature.join("")]));
}

describe.each(RUNNERS)("%s fixture", (runner) => {
  it("collects the tests under their runner's ids, calibrates (gold, base, one negative per atom, alternative) and replays", async () => {
    const { fixture, family, atoms } = await buildFamily(runner);
    const { collect, verifier } = await collectAndPick(family.id, fixture, atoms);
    expect(collect.status, collect.message ?? "").toBe("passed");
    expect(collect.message).toBe("3 tests executed");
    expect([...verifier.collectedTests].sort()).toEqual([fixture.probes.A1, fixture.probes.A2, fixture.guard].sort());
    expect(verifier.sharedTestIds).toEqual([]);

    await requestCalibration(curatorId, family.id);
    await settle(family.id);
    expect(await signatures(family.id)).toEqual({
      "gold#0": "11", "gold#1": "11", "gold#2": "11", base: "00", "negative-A1#0": "01", "negative-A2#0": "10", "alternative#0": "11",
    });
    const report = await getGateReport(family.id);
    const gate = (stage: string, key: string) => report.stages.find((s) => s.stage === stage)!.gates.find((g) => g.key === key)!;
    for (const key of ["gold", "base", "negatives", "alternatives", "runs"]) expect(gate("calibration", key).status, `${key}: ${gate("calibration", key).missing}`).toBe("pass");
    expect(gate("paths", "replay_signatures").status, gate("paths", "replay_signatures").missing ?? "").toBe("pass");

    // A failed run says why: the probe's own failure text from the report.
    const negative = await db().run.findFirstOrThrow({ where: { familyId: family.id, kind: "calibrate", patch: { name: "negative-A1" } }, include: { results: true } });
    const probes = negative.results[0]!.probes as { probe: string; status: string; message?: string }[];
    const failing = probes.find((p) => p.probe === fixture.probes.A1)!;
    expect(failing.status).toBe("fail");
    // jest-junit's failure message is the first line of jest's ("expect(received).toBe(expected)"): no values in it.
    expect(failing.message).toMatch(runner === "jest" ? /expect\(received\)\.toBe\(expected\)/ : /-5|0/);
  }, 600_000);
});

describe("one test asserting two requirements (tape)", () => {
  it("collects one shared probe; no negative can break one atom and keep the other's probe passing", async () => {
    const { fixture, family, atoms } = await buildFamily("tape", true);
    const { verifier } = await collectAndPick(family.id, fixture, atoms);
    expect([...verifier.collectedTests].sort()).toEqual(["clamp clamps to both bounds", "inRange accepts the bounds"]);
    const [probe] = await db().probe.findMany({ where: { familyId: family.id }, include: { atoms: true } });
    expect(probe!.atoms.map((a) => a.atomId).sort()).toEqual([atoms.A1, atoms.A2].sort());
    await requestCalibration(curatorId, family.id);
    await settle(family.id);
    const sigs = await signatures(family.id);
    expect(sigs["negative-A1#0"]).toBe("0");
    expect(sigs["negative-A2#0"]).toBe("0");
    expect(sigs.base).toBe("0");
    // Each negative broke one of the test's three assertions, and says which.
    const negative = await db().run.findFirstOrThrow({ where: { familyId: family.id, kind: "calibrate", patch: { name: "negative-A2" } }, include: { results: true } });
    expect((negative.results[0]!.probes as { message?: string }[])[0]?.message).toBe("1 of 3 assertions failed: above gives high: expected 10, actual 15");
  }, 600_000);
});

describe("ambiguous ids at collection (tape: two tests with one name)", () => {
  it("flags “N tests share this id” and records the id so it cannot be a probe without a decision", async () => {
    const { fixture, family } = await buildFamily("tape");
    const duplicated = fixture.hiddenTestPatch.replace(/clamp returns high above the range/g, "clamp returns low below the range");
    await db().verifier.update({ where: { familyId: family.id }, data: { hiddenTestPatch: duplicated } });
    await requestCollect(curatorId, family.id);
    await settle(family.id);
    const collect = await db().run.findFirstOrThrow({ where: { familyId: family.id, kind: "collect" } });
    expect(collect.message).toMatch(/3 tests executed under 2 ids; 1 id is shared by several tests \(“clamp returns low below the range”: 2 tests share this id\)/);
    expect(collect.warnings.join("\n")).toMatch(/2 tests share this id/);
    const verifier = await db().verifier.findUniqueOrThrow({ where: { familyId: family.id } });
    expect(verifier.sharedTestIds).toEqual(["clamp returns low below the range"]);
    await expect(addProbes(curatorId, family.id, { testIds: ["clamp returns low below the range"] })).rejects.toThrow(/shared by several executed tests/);
  }, 300_000);
});

describe("proposals from execution (mocha)", () => {
  it("proposes the tests failing on base and passing on gold, with the base failure and the changed function as scope", async () => {
    const { fixture, family } = await buildFamily("mocha");
    await requestCollect(curatorId, family.id);
    await settle(family.id);
    const collect = await db().run.findFirstOrThrow({ where: { familyId: family.id, kind: "collect" }, include: { results: true } });
    const tests = collect.results[0]!.probes as { id: string; outcome: string; base?: string }[];
    expect(Object.fromEntries(tests.map((t) => [t.id, [t.outcome, t.base]]))).toEqual({
      [fixture.probes.A1]: ["pass", "fail"],
      [fixture.probes.A2]: ["pass", "fail"],
      [fixture.guard]: ["pass", "pass"],
    });
    const result = await runProposer(curatorId, family.id, "heuristic");
    const proposed = await db().atom.findMany({ where: { familyId: family.id, status: "proposed" }, orderBy: { position: "asc" } });
    expect(result.created).toHaveLength(2);
    expect(proposed.map((a) => a.statement)).toEqual(["Returns low below the range.", "Returns high above the range."]);
    expect(proposed.every((a) => a.scope === "clamp(value, low, high)")).toBe(true);
    expect(proposed[0]!.observation).toContain("assert.equal(clamp(-5, 0, 10), 0)");
    expect(proposed[0]!.observation).toMatch(/On the base it fails: clamp is not a function/);
  }, 300_000);
});
