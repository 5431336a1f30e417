// The specification–oracle audit end to end on real runs: a hidden name from a module
// only gold defines, a hidden exact message, their counterfactuals, and the addenda
// that clear them in new revisions until the stage-5 gate turns green.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { stopBoss } from "@/lib/jobs/boss";
import { useFreshDatabase } from "@/lib/testing/db";
import { makeUser } from "@/lib/testing/factories";
import { getGateReport } from "@/lib/families/get-gate-report";
import { getOracleAudit } from "@/lib/oracle-audit/get-oracle-audit";
import { getSuiteOracleAccuracy } from "@/lib/oracle-audit/get-suite-accuracy";
import { placeAddendumAndRerun } from "@/lib/oracle-audit/place-addendum";
import { requestOracleAudit } from "@/lib/oracle-audit/request-oracle-audit";
import { createSseFamily, SSE_PROBES } from "@/lib/oracle-audit/testing/sse-family";
import { startWorker } from "./worker-process";

let tmp: string;
let worker: Awaited<ReturnType<typeof startWorker>>;

beforeAll(async () => {
  await useFreshDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-oracle-"));
  worker = await startWorker({ concurrency: 2, cacheDir: path.join(tmp, "cache"), log: () => undefined });
});

afterAll(async () => {
  await worker.stop();
  await stopBoss({ graceful: false, timeout: 1000 });
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function settle(familyId: string) {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if ((await db().run.count({ where: { familyId, status: { in: ["queued", "running"] } } })) === 0) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("runs did not finish");
}

const oracleGate = async (familyId: string) => (await getGateReport(familyId)).stages.find((s) => s.stage === "audit")!.gates.find((g) => g.key === "oracle_audit")!;

describe("specification–oracle audit", () => {
  it("flags valueSSE and the exact message per history, confirms both by counterfactual, and clears them by addendum", async () => {
    const curator = await makeUser(["curator"]);
    const suite = await db().suite.create({ data: { name: "oracle" } });
    const { family } = await createSseFamily(suite.id, path.join(tmp, "repo"));

    await requestOracleAudit(curator.id, family.id);
    await settle(family.id);
    const staticRun = await db().run.findFirstOrThrow({ where: { familyId: family.id, requestKey: { contains: ":static:" } } });
    expect(staticRun.status, staticRun.message ?? "").toBe("passed");
    expect(staticRun.kind).toBe("oracle_audit");
    // Each counterfactual is a run of its own kind, linked to its row; the static audit run is not one.
    const counterfactualRuns = await db().run.findMany({ where: { familyId: family.id, id: { not: staticRun.id } }, select: { id: true, kind: true, status: true } });
    expect(counterfactualRuns.length).toBeGreaterThan(0);
    expect(new Set(counterfactualRuns.map((r) => r.kind))).toEqual(new Set(["counterfactual"]));
    const linked = await db().oracleCounterfactual.findMany({ where: { familyId: family.id }, select: { runId: true } });
    expect(new Set(linked.map((l) => l.runId))).toEqual(new Set(counterfactualRuns.map((r) => r.id)));
    const audit = (await getOracleAudit(family.id)).audit!;
    expect(audit.histories).toHaveLength(2);
    for (const history of audit.histories) {
      const name = history.findings.find((f) => f.name === "valueSSE")!;
      expect(name, history.condition).toBeDefined();
      expect(name).toMatchObject({ kind: "name", scope: "unit", buildUnit: "test/sse.test.js (test file)" });
      expect(name.probeTestIds.sort()).toEqual(["formats one event per value", "streams several values"]);
      expect(name.evidence).toMatchObject({ file: "test/sse.test.js", line: 3, definedAt: { file: "src/rest/handler.js" } });
      expect(name.addendum).toBe("The module `src/rest/handler.js` must export `valueSSE`.");
      expect(name.counterfactual).toMatchObject({ outcome: "confirmed", failed: 2, predicted: 2 });
      const literal = history.findings.find((f) => f.kind === "literal")!;
      expect(literal).toMatchObject({ name: "event data must not be empty", scope: "test", probeTestIds: ["refuses an empty event"] });
      expect(literal.counterfactual).toMatchObject({ outcome: "confirmed", failed: 1 });
      // Nothing else of events.test.js or router.test.js is flagged.
      expect(history.findings.filter((f) => f.buildUnit.startsWith("test/events") && f.kind !== "literal")).toEqual([]);
      expect(history.findings.filter((f) => f.buildUnit.startsWith("test/router"))).toEqual([]);
    }
    expect(audit.counterfactuals).toMatchObject({ confirmed: audit.counterfactuals.decided, precision: 1, blastRadiusAccuracy: 1 });
    expect(audit.counterfactuals.decided).toBe(3); // valueSSE, streamValues, the message
    expect(await getSuiteOracleAccuracy(suite.id)).toMatchObject({ audited: 1, confirmed: 3, refuted: 0, wider: 0, precision: 1, blastRadiusAccuracy: 1 });
    const red = await oracleGate(family.id);
    expect(red.status).toBe("fail");
    expect(red.missing).toContain("`valueSSE` (2 probes)");

    // Split never names streamValues; direct gives it ("let streamValues(values) stream a list"; a description in its words would not do).
    expect(audit.histories.find((h) => h.condition === "split")!.findings.some((f) => f.name === "streamValues")).toBe(true);
    expect(audit.histories.find((h) => h.condition === "direct")!.findings.some((f) => f.name === "streamValues")).toBe(false);

    // The curator places each drafted sentence; each history gets a new revision with them.
    const drafted = new Map(audit.histories.flatMap((h) => h.findings).filter((f) => f.kind !== "path").map((f) => [f.addendum, f.id]));
    for (const [sentence, findingId] of drafted) {
      const current = await db().oracleFinding.findUniqueOrThrow({ where: { id: findingId } });
      if (current.resolution) continue;
      const placed = await placeAddendumAndRerun(curator.id, family.id, findingId, { sentence: sentence!, version: current.version });
      expect(placed.resolved).toBeGreaterThan(0);
    }
    await settle(family.id);
    const revisions = await db().historyRevision.findMany({ where: { history: { familyId: family.id } }, orderBy: { number: "asc" }, include: { turns: true } });
    expect(revisions.map((r) => r.number).sort()).toEqual([1, 1, 2, 2]);
    expect(revisions.filter((r) => r.number === 2).every((r) => r.turns[0]!.text.includes("`valueSSE`") && r.turns[0]!.text.includes("The error message must be exactly `event data must not be empty`"))).toBe(true);
    const after = (await getOracleAudit(family.id)).audit!;
    expect(after.current).toBe(true);
    expect(after.histories.filter((h) => h.current).flatMap((h) => h.findings)).toEqual([]);
    expect((await oracleGate(family.id)).status).toBe("pass");
    // Later audits read the base's and gold's definitions from the cache (same commit, same patch hash).
    const later = await db().runResult.findFirstOrThrow({ where: { run: { familyId: family.id, requestKey: { contains: ":static:" } } }, orderBy: { createdAt: "desc" } });
    expect(later.timings).toMatchObject({ baseCached: 1, goldCached: 1 });
    expect(SSE_PROBES).toHaveLength(5);
  }, 300_000);

  it("fails the gate with git's reason when gold does not apply, and never reports the family clean", async () => {
    const curator = await makeUser(["curator"]);
    const suite = await db().suite.create({ data: { name: "oracle-broken" } });
    const { family } = await createSseFamily(suite.id, path.join(tmp, "repo-broken"));
    const gold = await db().patch.findFirstOrThrow({ where: { familyId: family.id, kind: "gold" } });
    await db().patch.update({ where: { id: gold.id }, data: { diff: gold.diff.replace("+export function valueSSE", " export function valueSSE") } });
    await requestOracleAudit(curator.id, family.id);
    await settle(family.id);
    const run = await db().run.findFirstOrThrow({ where: { familyId: family.id, requestKey: { contains: ":static:" } } });
    expect(run.status).toBe("infrastructure_error");
    expect(run.message).toMatch(/gold patch does not apply/);
    const gate = await oracleGate(family.id);
    expect(gate.status).toBe("fail");
    expect(gate.missing).toMatch(/The last audit run failed: .*gold patch does not apply/);
    expect(await db().oracleAudit.count({ where: { familyId: family.id } })).toBe(0);
  }, 120_000);
});
