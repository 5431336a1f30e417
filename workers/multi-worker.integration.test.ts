// Acceptance (issue 11, item 10): two worker processes, each with its own data
// and cache folder as on two machines, against one database: both take a share
// of a calibration's runs, and killing either one with SIGKILL in the middle
// loses nothing and duplicates nothing. Real processes, real PostgreSQL, real
// sandboxed runs.
import { spawn, type ChildProcess } from "node:child_process";
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

const TERMINAL = ["passed", "failed", "timeout", "patch_apply_failed", "empty_collection", "infrastructure_error", "cancelled"];
const RUNS = 12;
let tmp: string;
let databaseUrl: string;
const alive = new Set<ChildProcess>();

beforeAll(async () => {
  databaseUrl = await useFreshDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-two-workers-"));
});
afterAll(async () => {
  for (const child of alive) child.kill("SIGKILL");
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

/** A worker as it would start on another machine: its own data folder and cache folder, the shared database. */
function startWorkerProcess(name: string): ChildProcess {
  const env = {
    ...process.env, DATABASE_URL: databaseUrl, STUDIO_DATA_DIR: path.join(tmp, `${name}-data`), STUDIO_CACHE_DIR: path.join(tmp, `${name}-cache`),
    STUDIO_WORKER_CONCURRENCY: "1", STUDIO_HEARTBEAT_SECONDS: "1", STUDIO_DEAD_AFTER_SECONDS: "3",
  };
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.resolve("workers/index.ts")], { env, stdio: "ignore" });
  alive.add(child);
  child.once("exit", () => alive.delete(child));
  return child;
}

async function kill9(child: ChildProcess) {
  child.kill("SIGKILL");
  if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once("exit", r));
}

const workerPid = (workerId: string) => Number(workerId.split(":")[1]);

async function calibrate(familyId: string, round: string) {
  const gold = await db().patch.findFirstOrThrow({ where: { familyId, kind: "gold" } });
  const requests = Array.from({ length: RUNS }, (_, i) => ({
    kind: "calibrate" as const, patchRole: "gold" as const, patchId: gold.id, historyRevisionId: null, repeat: i, requestKey: `${round}:${i}`,
  }));
  await requestRuns(null, familyId, requests);
}

/** Waits until both pids have finished a run of this round and runs are still left, then kills `victim`. */
async function killMidway(familyId: string, round: string, pids: [number, number], victim: ChildProcess) {
  await waitFor(`both workers busy in ${round}`, async () => {
    const results = await db().runResult.findMany({ where: { run: { familyId, requestKey: { startsWith: `${round}:` } } }, select: { workerId: true } });
    const by = new Set(results.map((r) => workerPid(r.workerId)));
    const left = await db().run.count({ where: { familyId, requestKey: { startsWith: `${round}:` }, status: { in: ["queued", "running"] } } });
    return pids.every((pid) => by.has(pid)) && left >= 2;
  });
  await kill9(victim);
}

async function expectExactlyOnce(familyId: string, round: string) {
  const runs = await waitFor(`every run of ${round} finished`, async () => {
    const found = await db().run.findMany({ where: { familyId, requestKey: { startsWith: `${round}:` } }, include: { results: true } });
    return found.length === RUNS && found.every((r) => TERMINAL.includes(r.status)) && found;
  });
  for (const run of runs) {
    expect(run.status).toBe("passed");
    expect(run.signature).toEqual([1, 1, 1]);
    // One result per run: a killed attempt wrote none, its retry wrote one.
    expect(run.results.map((r) => r.attempt)).toEqual([run.attempt]);
  }
  return runs;
}

describe("two workers on one database", () => {
  it("share a calibration, and killing either one mid-way loses and duplicates nothing", async () => {
    const suite = await db().suite.create({ data: { name: "two-workers" } });
    const { family } = await buildDemoFamily(db(), { suiteId: suite.id, repo: createDemoRepo(path.join(tmp, "repo")) });

    // Round 1: A and B share the runs; A dies.
    let a = startWorkerProcess("a");
    const b = startWorkerProcess("b");
    await calibrate(family.id, "one");
    await killMidway(family.id, "one", [a.pid!, b.pid!], a);
    const first = await expectExactlyOnce(family.id, "one");
    const sharers = new Set(first.flatMap((r) => r.results.map((x) => workerPid(x.workerId))));
    expect(sharers).toEqual(new Set([a.pid, b.pid]));

    // Each kept its own cache: a mirror and a prepared workspace in both folders.
    for (const name of ["a", "b"]) {
      expect(fs.readdirSync(path.join(tmp, `${name}-cache`, "mirrors")).length, name).toBeGreaterThan(0);
      expect(fs.readdirSync(path.join(tmp, `${name}-cache`, "workspaces")).filter((e) => !e.endsWith(".lock")).length, name).toBeGreaterThan(0);
    }

    // Round 2: A comes back (same folders), B dies this time.
    a = startWorkerProcess("a");
    // Up before the runs are asked for (on a busy machine B could otherwise take them all first).
    const back = a.pid!;
    await waitFor("A back", () => db().worker.findFirst({ where: { pid: back, stoppedAt: null } }));
    await calibrate(family.id, "two");
    await killMidway(family.id, "two", [a.pid!, b.pid!], b);
    await expectExactlyOnce(family.id, "two");
    await kill9(a);
  }, 300_000);
});
