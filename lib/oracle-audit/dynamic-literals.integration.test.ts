// The dynamic literal rule on real runs: the audit reads the latest calibration run of the base (the verifier's
// hidden tests on the base, in the sandbox), records which run it read, and re-judges every history once a newer
// base run exists; with no newer run, an unchanged history keeps its result.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { requestCalibration } from "@/lib/runs/request-runs";
import { waitForRuns } from "@/lib/testing/frozen-demo";
import { useWorkerPool } from "@/workers/testing/worker-pool";
import { requestOracleAudit } from "./request-oracle-audit";
import type { TAuditSummary } from "./save-oracle-audit";
import { createSseFamily } from "./testing/sse-family";

const pool = useWorkerPool("oracle-dynamic");
const latestAudit = async (familyId: string) => db().oracleAudit.findFirstOrThrow({ where: { familyId }, orderBy: { createdAt: "desc" } });
const latestStaticTimings = async (familyId: string) =>
  (await db().run.findFirstOrThrow({ where: { familyId, requestKey: { contains: ":oracle_audit:static:" } }, orderBy: { createdAt: "desc" }, include: { results: { orderBy: { attempt: "desc" }, take: 1 } } })).results[0]!.timings as Record<string, number>;

describe("the audit reads the base's calibration run", () => {
  it("records the base run it read, and a newer base run re-judges every history", async () => {
    const suite = await db().suite.create({ data: { name: "dynamic-literals" } });
    const { family } = await createSseFamily(suite.id, path.join(pool.tmp, "repo"));
    await requestOracleAudit(pool.curatorId, family.id);
    await waitForRuns(family.id);
    expect(((await latestAudit(family.id)).summary as TAuditSummary).baseRunId ?? null).toBeNull();

    await requestCalibration(pool.curatorId, family.id);
    await waitForRuns(family.id);
    const baseRun = await db().run.findFirstOrThrow({ where: { familyId: family.id, kind: "calibrate", patchRole: "base" }, include: { results: true } });
    expect(["passed", "failed"]).toContain(baseRun.status);
    // The hidden tests fail on the base, each with the runner's failure text.
    expect((baseRun.results[0]!.probes as { status: string }[]).some((p) => p.status !== "pass")).toBe(true);

    await requestOracleAudit(pool.curatorId, family.id);
    await waitForRuns(family.id);
    expect(((await latestAudit(family.id)).summary as TAuditSummary).baseRunId).toBe(baseRun.id);
    // Asked again with nothing newer, the same audit stands.
    expect(await requestOracleAudit(pool.curatorId, family.id)).toMatchObject({ created: 0, reused: 1 });
    const histories = await db().history.count({ where: { familyId: family.id } });
    expect(await latestStaticTimings(family.id)).toMatchObject({ historiesReused: 0, historiesClassified: histories });
  });
});
