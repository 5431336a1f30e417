// A worker process: pulls runs from the queue with `concurrency` pollers, beats
// its heartbeat, hands the runs of dead workers to the queue again, and on
// SIGTERM finishes what it holds (or releases it) before exiting.
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import { db } from "@/lib/db";
import { retryWhileUnavailable } from "@/lib/db/retry-unavailable";
import { boss, stopBoss } from "@/lib/jobs/boss";
import { JOB_KINDS, RUN_QUEUE, ZRunJobSchema, type TJobKind } from "@/lib/jobs/definitions";
import { listenForJobs } from "@/lib/jobs/job-wakeups";
import { beatSuiteExports, reapSuiteExports, releaseSuiteExports } from "@/lib/package/reap-suite-exports";
import { beatImports, reapImports, releaseImports } from "@/lib/anchoring/imports/reap-imports";
import { HEARTBEAT_SECONDS, reapDeadWorkers, resendUnsentRuns } from "@/lib/runs/reap-dead-workers";
import { JOB_HANDLERS } from "./handlers/jobs";
import { executeRunJob } from "./handlers/run-job";
import type { TJobHandler } from "./handlers/types";
import type { RunnerOptions } from "../lib/runner/index";
import { containerEngine } from "../lib/runner/index";

export type WorkerOptions = {
  concurrency: number;
  cacheDir: string;
  hidePaths?: string[];
  log?: (line: string) => void;
  /** Save each result before the slot takes its next run, as before (bench/pool.ts compares the two). */
  saveInLine?: boolean;
  /** Awaited when a run has executed, before its result is saved behind the slot's next job (tests stop the worker there). */
  onRunExecuted?: (runId: string) => Promise<void> | void;
};

export async function startWorker(options: WorkerOptions) {
  const log = options.log ?? ((line: string) => console.log(`[worker] ${line}`));
  const id = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;
  const runner: RunnerOptions = { cacheDir: path.resolve(options.cacheDir), hidePaths: options.hidePaths };
  // The runs this process's handlers hold right now. Only these get a heartbeat: a run left
  // "running" under this worker by a handler that gave up (its claim's or its result's write lost
  // while PostgreSQL restarted) stops beating and goes back to the queue (reapDeadWorkers).
  // Counted: two jobs of one run (a resend) may meet in this process, and only one of them claims it.
  const held = new Holds();
  // Likewise the suite exports and imports its handlers hold, by kind.
  const heldRows = Object.fromEntries((Object.keys(JOB_KINDS) as TJobKind[]).map((kind) => [kind, new Holds()])) as Record<TJobKind, Holds>;

  // Started again while PostgreSQL is still coming back (npm start's supervision): wait for it.
  // The container runtime it can run a verifier's `image` in (podman / docker), or none: saving an image asks for one.
  const engine = await containerEngine();
  const containerRuntime = engine ? path.basename(engine) : null;
  await retryWhileUnavailable(() => db().worker.create({ data: { id, host: os.hostname(), pid: process.pid, concurrency: options.concurrency, containerRuntime } }));
  const beat = async () => {
    await db().worker.update({ where: { id }, data: { lastSeenAt: new Date(), running: held.size(), containerRuntime } }).catch(() => undefined);
    await db().run.updateMany({ where: { workerId: id, status: "running", id: { in: held.ids() } }, data: { heartbeatAt: new Date() } }).catch(() => undefined);
    await beatSuiteExports(id, heldRows.suite_export.ids()).catch(() => undefined);
    await beatImports(id, heldRows.import.ids()).catch(() => undefined);
  };
  const heartbeat = setInterval(() => void beat(), HEARTBEAT_SECONDS * 1000);
  const reaper = setInterval(() => {
    void reapDeadWorkers().then((n) => n && log(`re-queued ${n} run(s) from a worker that stopped`)).catch(() => undefined);
    void resendUnsentRuns().catch(() => undefined);
    void reapSuiteExports().then((n) => n && log(`re-queued ${n} suite export(s) from a worker that stopped`)).catch(() => undefined);
    void reapImports().then((n) => n && log(`re-queued ${n} import(s) from a worker that stopped`)).catch(() => undefined);
  }, HEARTBEAT_SECONDS * 2000);

  const queue = await boss();
  // A job sent to a queue wakes that queue's pollers here at once, instead of after their polling interval.
  const pollers = new Map<string, string[]>();
  const poller = (queueName: string, pollerId: string) => pollers.set(queueName, [...(pollers.get(queueName) ?? []), pollerId]);
  const wakeups = listenForJobs((queueName) => {
    for (const pollerId of pollers.get(queueName) ?? []) queue.notifyWorker(pollerId);
  }, log);
  // A slot hands its job back to pg-boss (complete, then fetch the next) as soon as the run has
  // executed, and saves the result meanwhile: the next claim no longer waits for the save's
  // transaction. The run stays held (beaten) until its result is saved, and stop() waits for
  // every save before it releases what is still running, so a stop neither loses nor repeats a run.
  const saving = new Set<Promise<void>>();
  const executeThenSaveBehind = (runId: string) =>
    new Promise<void>((executed, failed) => {
      let handedBack = false;
      const whole = held.during(runId, async () => {
        const save = await executeRunJob(runId, id, runner);
        if (!save) return;
        if (options.saveInLine) return save();
        handedBack = true;
        executed();
        await options.onRunExecuted?.(runId);
        await save();
      });
      const tracked: Promise<void> = whole.then(
        () => executed(),
        (error: unknown) => {
          // Before the hand-back the job fails as before (pg-boss retries it); after it, the run is no
          // longer beaten and the reaper gives it back to the queue as a new attempt.
          if (!handedBack) return failed(error);
          log(`the result of run ${runId} could not be saved (${(error as Error).message}); the reaper re-queues it`);
        },
      ).finally(() => saving.delete(tracked));
      saving.add(tracked);
    });
  for (let i = 0; i < options.concurrency; i++) {
    let pollerId = "";
    pollerId = await queue.work(RUN_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async (jobs) => {
      for (const job of jobs) {
        const payload = ZRunJobSchema.safeParse(job.data);
        if (!payload.success) {
          log(`dropped a malformed job ${job.id}: ${payload.error.issues[0]?.message}`);
          continue;
        }
        await executeThenSaveBehind(payload.data.runId);
      }
      // pg-boss would otherwise wait out the polling interval after a short job:
      // ask for the next one at once, so a busy queue keeps every slot full.
      queue.notifyWorker(pollerId);
    });
    poller(RUN_QUEUE, pollerId);
  }
  // The other job kinds (lib/jobs/definitions.ts): each its own queue and handler, beside the runs' slots.
  for (const kind of Object.keys(JOB_KINDS) as TJobKind[]) {
    const definition = JOB_KINDS[kind];
    // The payload below is parsed by this kind's own schema, so it is what this kind's handler takes.
    const handle = JOB_HANDLERS[kind] as TJobHandler<unknown>;
    for (let i = 0; i < definition.concurrency; i++) {
      const pollerId = await queue.work(definition.queue, { batchSize: 1, pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const job of jobs) {
          const payload = definition.payload.safeParse(job.data);
          if (!payload.success) log(`dropped a malformed ${kind} job ${job.id}: ${payload.error.issues[0]?.message}`);
          else await heldRows[kind].during(definition.rowId(payload.data as never), () => handle(payload.data, { id, runner }));
        }
      });
      poller(definition.queue, pollerId);
    }
  }
  log(`ready: ${id}, concurrency ${options.concurrency}, container runtime ${containerRuntime ?? "none"}`);

  return {
    id,
    async stop() {
      await wakeups.stop();
      clearInterval(heartbeat);
      clearInterval(reaper);
      await stopBoss({ graceful: true, timeout: 30_000 }).catch(() => undefined);
      // The results still being saved behind the slots' last jobs are saved before anything is released
      // (bounded like the graceful stop: a save still waiting for the database after that is released below).
      const savesDeadline = Date.now() + 30_000;
      while (saving.size > 0 && Date.now() < savesDeadline) {
        await Promise.race([Promise.all([...saving]), new Promise((resolve) => setTimeout(resolve, Math.max(0, savesDeadline - Date.now())).unref())]);
      }
      await db().worker.update({ where: { id }, data: { stoppedAt: new Date(), running: 0 } }).catch(() => undefined);
      // Anything still held (the graceful wait timed out) is released to other workers at once.
      // If the database is already gone (Ctrl-C stops it too), the reaper does this on the next start.
      await db().run.updateMany({ where: { workerId: id, status: "running" }, data: { status: "queued", workerId: null } }).catch(() => undefined);
      await releaseSuiteExports(id).catch(() => undefined);
      await releaseImports(id).catch(() => undefined);
    },
  };
}

/** The rows this process's handlers hold right now, counted: two jobs of one row (a resend) may meet here. */
class Holds {
  private readonly counts = new Map<string, number>();
  ids = () => [...this.counts.keys()];
  size = () => this.counts.size;
  async during<T>(rowId: string, work: () => Promise<T>): Promise<T> {
    this.counts.set(rowId, (this.counts.get(rowId) ?? 0) + 1);
    try {
      return await work();
    } finally {
      const left = this.counts.get(rowId)! - 1;
      if (left === 0) this.counts.delete(rowId);
      else this.counts.set(rowId, left);
    }
  }
}
