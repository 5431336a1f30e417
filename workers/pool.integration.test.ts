// The worker pool against a real PostgreSQL, real git, real sandboxed test runs.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "@/lib/testing/db";
import { db } from "@/lib/db";
import { stopBoss } from "@/lib/jobs/boss";
import { createDemoRepo, DEMO_PROBES } from "@/lib/demo/demo-repo";
import { buildDemoFamily } from "@/lib/demo/build-demo-family";
import { requestCalibration, requestRuns, requestSingleRun } from "@/lib/runs/request-runs";
import { startWorker } from "./worker-process";

const TERMINAL = ["passed", "failed", "timeout", "patch_apply_failed", "empty_collection", "infrastructure_error", "cancelled"];
let tmp: string;
let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await useFreshDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-pool-"));
});

afterAll(async () => {
  await stopBoss({ graceful: false, timeout: 1000 });
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function waitFor<T>(what: string, probe: () => Promise<T | null | false>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const allTerminal = (familyId: string, count: number) =>
  waitFor(`${count} finished runs`, async () => {
    const runs = await db().run.findMany({ where: { familyId }, include: { results: true } });
    return runs.length === count && runs.every((r) => TERMINAL.includes(r.status)) && runs;
  });

async function makeFamily(name: string) {
  const suite = await db().suite.create({ data: { name } });
  const repo = createDemoRepo(path.join(tmp, name));
  return buildDemoFamily(db(), { suiteId: suite.id, repo });
}

describe("calibration on the worker pool", () => {
  it("runs the whole matrix of a correct family: gold passes thrice, base and negatives fail where they should", async () => {
    const { family } = await makeFamily("calibrate-ok");
    const worker = await startWorker({ concurrency: 2, cacheDir: path.join(tmp, "cache"), log: () => undefined });
    try {
      const batch = await requestCalibration((await db().user.create({ data: { email: "c@x", name: "C", roles: ["curator"] } })).id, family.id);
      expect(batch.created).toBe(3 + 1 + 2 + 1); // no histories yet, so no replay runs
      const again = await requestCalibration((await db().user.findFirstOrThrow()).id, family.id);
      expect(again.created).toBe(0); // a double click reuses the runs
      const runs = await allTerminal(family.id, 7);
      const byRole = (role: string) => runs.filter((r) => r.patchRole === role);
      const probes = Object.values(DEMO_PROBES);
      expect(byRole("gold").map((r) => r.signature)).toEqual([[1, 1, 1], [1, 1, 1], [1, 1, 1]]);
      expect(byRole("base")[0]!.status).toBe("failed");
      expect(byRole("alternative")[0]!.signature).toEqual([1, 1, 1]);
      const negatives = await db().run.findMany({ where: { familyId: family.id, patchRole: "negative" }, include: { patch: true } });
      const a1 = negatives.find((r) => r.patch?.name === "negative-A1-remove")!;
      const a2 = negatives.find((r) => r.patch?.name === "negative-A2-reverse")!;
      expect(a1.signature).toEqual([0, 1, 1]); // fails only its target (probe order: A1, A2, A3)
      expect(a2.signature).toEqual([1, 0, 1]);
      expect(probes).toHaveLength(3);
      for (const run of runs) expect(run.results).toHaveLength(1);
      const result = runs[0]!.results[0]!;
      expect(result.sandbox).toBe(fs.existsSync("/usr/bin/bwrap") ? "bwrap" : "none");
    } finally {
      await worker.stop();
    }
  });

  it("collects the tests with gold applied, so tests that import what the PR adds are found and no probe goes stale", async () => {
    const { family } = await makeFamily("collect");
    await db().verifier.update({ where: { familyId: family.id }, data: { collectedTests: [] } });
    const worker = await startWorker({ concurrency: 1, cacheDir: path.join(tmp, "cache"), log: () => undefined });
    try {
      await requestSingleRun(null, family.id, "collect", "first");
      const [run] = await allTerminal(family.id, 1);
      expect(run!.status).toBe("passed");
      const verifier = await db().verifier.findUniqueOrThrow({ where: { familyId: family.id } });
      expect(verifier.collectedTests).toEqual(expect.arrayContaining([...Object.values(DEMO_PROBES), "stores and returns a secret"]));
      expect(verifier.collectedTests.some((id) => id.startsWith("/"))).toBe(false);
      expect(await db().probe.count({ where: { familyId: family.id, stale: true } })).toBe(0);
    } finally {
      await worker.stop();
    }
  });

  it("loses and duplicates nothing when a worker is killed with SIGKILL in the middle of 20 runs", async () => {
    const { family } = await makeFamily("kill-9");
    const requests = Array.from({ length: 20 }, (_, i) => ({
      kind: "calibrate" as const, patchRole: "gold" as const, patchId: null, historyRevisionId: null, repeat: i, requestKey: `kill:${i}`,
    }));
    const gold = await db().patch.findFirstOrThrow({ where: { familyId: family.id, kind: "gold" } });
    await requestRuns(null, family.id, requests.map((r) => ({ ...r, patchId: gold.id })));

    const env = {
      ...process.env, DATABASE_URL: databaseUrl, STUDIO_DATA_DIR: tmp, STUDIO_WORKER_CONCURRENCY: "2",
      STUDIO_HEARTBEAT_SECONDS: "1", STUDIO_DEAD_AFTER_SECONDS: "3",
    };
    const spawnWorker = (): ChildProcess =>
      spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.resolve("workers/index.ts")], { env, stdio: "ignore" });

    const first = spawnWorker();
    await waitFor("the first worker to be mid-way", async () => {
      const done = await db().run.count({ where: { familyId: family.id, status: "passed" } });
      const running = await db().run.count({ where: { familyId: family.id, status: "running" } });
      return done >= 2 && running >= 1;
    });
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));
    const heldByTheDead = await db().run.count({ where: { familyId: family.id, status: "running" } });

    const second = spawnWorker();
    try {
      const runs = await allTerminal(family.id, 20);
      expect(runs.every((r) => r.status === "passed")).toBe(true);
      for (const run of runs) {
        // exactly one result per run: the killed attempt wrote none, the retry wrote one
        expect(run.results.map((x) => x.status)).toEqual(["passed"]);
        expect(run.results[0]!.attempt).toBe(run.attempt);
      }
      expect(heldByTheDead).toBeGreaterThan(0);
      expect(runs.filter((r) => r.attempt === 2).length).toBeGreaterThanOrEqual(heldByTheDead);
    } finally {
      second.kill("SIGTERM");
      await new Promise((r) => second.once("exit", r));
    }
  }, 180_000);
});
