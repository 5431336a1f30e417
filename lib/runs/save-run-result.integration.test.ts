// A worker presumed dead (killed, or only slow on a loaded machine) may still
// finish its attempt after the run went back to the queue and another worker
// took it. Its late result must not become a second result of the run.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { useFreshDatabase } from "@/lib/testing/db";
import { makeFamily } from "@/lib/testing/factories";
import { claimRun } from "./claim-run";
import { saveRunResult, type TRunResultInput } from "./save-run-result";

beforeAll(async () => {
  await useFreshDatabase();
});

const passed: TRunResultInput = { status: "passed", signature: [1], probes: [], stdout: "", stderr: "", message: "all 1 probes passed", sandbox: "bwrap", warnings: [], timings: {} };

describe("saveRunResult", () => {
  it("keeps exactly one result per run when a presumed-dead attempt finishes after its retry started", async () => {
    const family = await makeFamily();
    const run = await db().run.create({ data: { familyId: family.id, kind: "calibrate", patchRole: "gold", requestKey: `late:${family.id}` } });
    const first = await claimRun(run.id, "slow-worker");
    expect(first).toEqual({ attempt: 1, kind: "calibrate" });
    // The reaper gives up on the slow worker; another worker takes attempt 2.
    await db().run.update({ where: { id: run.id }, data: { status: "queued", workerId: null } });
    const second = await claimRun(run.id, "live-worker");
    expect(second).toEqual({ attempt: 2, kind: "calibrate" });

    expect(await saveRunResult(run.id, 1, "slow-worker", passed)).toBe(false);
    expect(await saveRunResult(run.id, 2, "live-worker", passed)).toBe(true);
    const results = await db().runResult.findMany({ where: { runId: run.id } });
    expect(results.map((r) => [r.attempt, r.workerId])).toEqual([[2, "live-worker"]]);
    expect(await db().run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ status: "passed", attempt: 2 });
  });

  it("writes nothing for an attempt whose run was re-queued and not yet taken again", async () => {
    const family = await makeFamily();
    const run = await db().run.create({ data: { familyId: family.id, kind: "calibrate", patchRole: "gold", requestKey: `requeued:${family.id}` } });
    await claimRun(run.id, "slow-worker");
    await db().run.update({ where: { id: run.id }, data: { status: "queued", workerId: null } });
    expect(await saveRunResult(run.id, 1, "slow-worker", passed)).toBe(false);
    expect(await db().runResult.count({ where: { runId: run.id } })).toBe(0);
    expect(await db().run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ status: "queued" });
  });

  it("stays an upsert for the attempt that holds the run (a retried save writes one row)", async () => {
    const family = await makeFamily();
    const run = await db().run.create({ data: { familyId: family.id, kind: "calibrate", patchRole: "gold", requestKey: `twice:${family.id}` } });
    await claimRun(run.id, "w");
    expect(await saveRunResult(run.id, 1, "w", passed)).toBe(true);
    expect(await saveRunResult(run.id, 1, "w", passed)).toBe(false);
    expect(await db().runResult.count({ where: { runId: run.id } })).toBe(1);
  });
});
