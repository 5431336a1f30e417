// Liveness after PostgreSQL restarts at an unlucky moment (workers/postgres-restart.integration.test.ts
// does it for real): a write the worker saw succeed can be lost, or a job can end without claiming its
// run. Each state below is one such loss; every run must still end, each with one result.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.STUDIO_HEARTBEAT_SECONDS = "1";
  process.env.STUDIO_DEAD_AFTER_SECONDS = "3";
});

import { db } from "@/lib/db";
import { boss, stopBoss } from "@/lib/jobs/boss";
import { RUN_QUEUE } from "@/lib/jobs/definitions";
import { enqueueRuns } from "@/lib/jobs/enqueue-runs";
import { useFreshDatabase } from "@/lib/testing/db";
import { makeFamily } from "@/lib/testing/factories";
import { startWorker } from "./worker-process";
import { resendUnsentRuns } from "@/lib/runs/reap-dead-workers";

const TERMINAL = ["passed", "failed", "timeout", "patch_apply_failed", "empty_collection", "infrastructure_error", "cancelled"];
let tmp: string;

beforeAll(async () => {
  await useFreshDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-reap-"));
});
afterAll(async () => {
  await stopBoss({ graceful: false, timeout: 1000 });
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function queuedRun(name: string) {
  // Each test on its own: the previous test's runs and jobs go.
  await db().run.deleteMany({});
  await db().$executeRaw`DELETE FROM pgboss.job WHERE name = ${RUN_QUEUE}`;
  const family = await makeFamily();
  const run = await db().run.create({ data: { familyId: family.id, kind: "checkout", requestKey: `${family.id}:${name}` } });
  // Older than the resend's grace period, as a run waiting since before the restart.
  await db().$executeRaw`UPDATE "Run" SET "createdAt" = now() - interval '1 minute' WHERE id = ${run.id}`;
  await enqueueRuns([{ id: run.id, attempt: 1 }]);
  return db().run.findUniqueOrThrow({ where: { id: run.id } });
}

const jobState = async (jobId: string | null) =>
  (await db().$queryRaw<{ state: string }[]>`SELECT state::text AS state FROM pgboss.job WHERE id::text = ${jobId}`)[0]?.state ?? null;

describe("a queued run whose job will never bring it to a worker", () => {
  it("is sent again when its job completed without claiming it (the claim was lost in a restart)", async () => {
    const run = await queuedRun("completed-job");
    const queue = await boss();
    const [job] = await queue.fetch(RUN_QUEUE);
    expect(job?.id).toBe(run.jobId);
    await queue.complete(RUN_QUEUE, job!.id);

    expect(await resendUnsentRuns()).toBe(1);
    const after = await db().run.findUniqueOrThrow({ where: { id: run.id } });
    expect(after.jobId).not.toBe(run.jobId);
    expect(await jobState(after.jobId)).toBe("created");
    // Sent once: the new job is waiting, so the next pass leaves it alone.
    expect(await resendUnsentRuns()).toBe(0);
  });

  it("is sent again when a worker took its job long ago and never claimed the run", async () => {
    const run = await queuedRun("stale-active-job");
    const queue = await boss();
    const [job] = await queue.fetch(RUN_QUEUE);
    expect(job?.id).toBe(run.jobId);
    expect(await resendUnsentRuns()).toBe(0); // just taken: its worker is about to claim it
    await db().$executeRaw`UPDATE pgboss.job SET started_on = now() - interval '1 minute' WHERE id::text = ${job!.id}`;

    expect(await resendUnsentRuns()).toBe(1);
    expect(await jobState((await db().run.findUniqueOrThrow({ where: { id: run.id } })).jobId)).toBe("created");
  });
});

describe("a run left running under a live worker that no longer holds it", () => {
  it("goes back to the queue and ends with one result, though its worker keeps beating", async () => {
    // Drain what the tests above left, so the worker below sees only this run.
    await db().run.deleteMany({});
    const worker = await startWorker({ concurrency: 1, cacheDir: path.join(tmp, "cache"), log: () => undefined });
    try {
      const family = await makeFamily();
      // As a claim leaves it whose handler then gave up (its result's write was lost while PostgreSQL
      // restarted, or the claim's reply was): running, this worker's, attempt 1, and no job left.
      const run = await db().run.create({
        data: { familyId: family.id, kind: "checkout", requestKey: `${family.id}:let-go`, status: "running", attempt: 1, workerId: worker.id, startedAt: new Date(), heartbeatAt: new Date() },
      });
      const deadline = Date.now() + 30_000;
      let current = await db().run.findUniqueOrThrow({ where: { id: run.id }, include: { results: true } });
      while (!TERMINAL.includes(current.status) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        current = await db().run.findUniqueOrThrow({ where: { id: run.id }, include: { results: true } });
      }
      expect(current.status, `still ${current.status} (attempt ${current.attempt}, heartbeat ${current.heartbeatAt?.toISOString()}) after 30 s`).toSatisfy((s: string) => TERMINAL.includes(s));
      expect(current.attempt).toBe(2);
      expect(current.results.map((r) => r.attempt)).toEqual([2]);
    } finally {
      await worker.stop();
    }
  }, 60_000);
});

describe("a suite export or an import left running under a live worker that no longer holds it", () => {
  it("goes back to the queue as a new attempt, though its worker keeps beating", async () => {
    const worker = await startWorker({ concurrency: 1, cacheDir: path.join(tmp, "cache-rows"), log: () => undefined });
    try {
      const suite = await db().suite.create({ data: { name: `let-go-${Date.now()}` } });
      // As a claim leaves a row whose handler then gave up: running, this worker's, attempt 1, beaten just now.
      const held = { status: "running", attempt: 1, workerId: worker.id, heartbeatAt: new Date() };
      const exportJob = await db().exportJob.create({ data: { suiteId: suite.id, ...held } });
      const importJob = await db().importJob.create({ data: { suiteId: suite.id, source: "local", repo: path.join(tmp, "no-such-repo"), ...held } });
      const deadline = Date.now() + 30_000;
      const attempts = async () => [
        (await db().exportJob.findUniqueOrThrow({ where: { id: exportJob.id } })).attempt,
        (await db().importJob.findUniqueOrThrow({ where: { id: importJob.id } })).attempt,
      ];
      let now = await attempts();
      while (now.some((a) => a < 2) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        now = await attempts();
      }
      expect(now, "attempts of [export, import] after 30 s: a row no handler holds kept its heartbeat").toEqual([2, 2]);
    } finally {
      await worker.stop();
    }
  }, 60_000);
});
