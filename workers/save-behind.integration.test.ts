// A worker's slot takes its next run while the last one's result is still being saved
// (workers/worker-process.ts): a stop in that window must neither lose the result nor run
// the run again. Real PostgreSQL, real pg-boss, real sandboxed runs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { buildDemoFamily } from "@/lib/demo/build-demo-family";
import { createDemoRepo } from "@/lib/demo/demo-repo";
import { stopBoss } from "@/lib/jobs/boss";
import { requestRuns } from "@/lib/runs/request-runs";
import { useFreshDatabase } from "@/lib/testing/db";
import { startWorker } from "./worker-process";

const TERMINAL = ["passed", "failed", "timeout", "patch_apply_failed", "empty_collection", "infrastructure_error", "cancelled"];
const RUNS = 4;
let tmp: string;

beforeAll(async () => {
  await useFreshDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-save-behind-"));
});
afterAll(async () => {
  await stopBoss({ graceful: false, timeout: 1000 });
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function waitFor<T>(what: string, probe: () => Promise<T | null | false>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("a slot saves a result behind its next run", () => {
  it("a stop while a result is being saved waits for it: no run is lost, none runs twice", async () => {
    const suite = await db().suite.create({ data: { name: "save behind" } });
    const { family } = await buildDemoFamily(db(), { suiteId: suite.id, repo: createDemoRepo(path.join(tmp, "repo")) });
    const gold = await db().patch.findFirstOrThrow({ where: { familyId: family.id, kind: "gold" } });
    const cacheDir = path.join(tmp, "cache");

    let stopped: Promise<void> | null = null;
    let first: string | null = null;
    const worker = await startWorker({
      concurrency: 1, cacheDir, log: () => undefined,
      onRunExecuted: async (runId) => {
        if (stopped) return;
        first = runId;
        stopped = worker.stop();
        // Long enough for the stop to have released every run still "running", were it not waiting for this save.
        await new Promise((r) => setTimeout(r, 1500));
      },
    });
    const requests = Array.from({ length: RUNS }, (_, i) => ({
      kind: "calibrate" as const, patchRole: "gold" as const, patchId: gold.id, historyRevisionId: null, repeat: i, requestKey: `save-behind:${i}`,
    }));
    await requestRuns(null, family.id, requests);
    await waitFor("the first run executed and the worker stopping", async () => stopped !== null);
    await stopped;

    // Once stop() is done, the run whose save it found in flight is saved, and nothing is left "running".
    const afterStop = await db().run.findMany({ where: { familyId: family.id }, include: { results: true } });
    const firstRun = afterStop.find((r) => r.id === first)!;
    expect(firstRun.status).toBe("passed");
    expect(firstRun.results.map((r) => r.attempt)).toEqual([1]);
    expect(afterStop.filter((r) => r.status === "running")).toEqual([]);
    for (const run of afterStop) {
      if (run.status === "queued") expect(run.results).toEqual([]);
      else expect(run.results.map((r) => r.attempt)).toEqual([1]);
    }

    // The next worker runs what is left, each run once.
    const next = await startWorker({ concurrency: 1, cacheDir, log: () => undefined });
    try {
      const done = await waitFor("every run finished", async () => {
        const runs = await db().run.findMany({ where: { familyId: family.id }, include: { results: true } });
        return runs.length === RUNS && runs.every((r) => TERMINAL.includes(r.status)) && runs;
      });
      for (const run of done) {
        expect(run.status).toBe("passed");
        expect(run.attempt).toBe(1);
        expect(run.results.map((r) => r.attempt)).toEqual([1]);
      }
    } finally {
      await next.stop();
    }
  }, 180_000);
});
