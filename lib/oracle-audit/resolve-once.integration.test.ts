// Resolve once, audit incrementally, on real runs: a drafted addendum goes only into the
// histories that lack it and the re-audit accepts it; one waiver covers every history and
// survives edits; a revision whose text is unchanged keeps its audit (also across
// send-to-review); a failed run says one sentence, can be run again, and never leaves an
// older audit as the silent latest word.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { buildDemoFamily } from "@/lib/demo/build-demo-family";
import { createDemoRepo } from "@/lib/demo/demo-repo";
import { getGateReport } from "@/lib/families/get-gate-report";
import { sendToReview } from "@/lib/review/send-to-review";
import { waitForRuns } from "@/lib/testing/frozen-demo";
import { makeUser } from "@/lib/testing/factories";
import { useWorkerPool } from "@/workers/testing/worker-pool";
import { getOracleAudit } from "./get-oracle-audit";
import { placeAddendumAndRerun } from "./place-addendum";
import { requestOracleAudit } from "./request-oracle-audit";
import { createSseFamily } from "./testing/sse-family";
import { waiveFinding } from "./waive-finding";

const pool = useWorkerPool("oracle-resolve");
const oracleGate = async (familyId: string) => (await getGateReport(familyId)).stages.find((s) => s.stage === "audit")!.gates.find((g) => g.key === "oracle_audit")!;
const staticRuns = (familyId: string) => db().run.findMany({ where: { familyId, requestKey: { contains: ":oracle_audit:static:" } }, orderBy: { createdAt: "asc" }, include: { results: { orderBy: { attempt: "desc" } } } });
const counterfactualRuns = (familyId: string) => db().run.count({ where: { familyId, kind: "counterfactual" } });
let n = 0;
async function sseFamily() {
  const suite = await db().suite.create({ data: { name: `resolve-${++n}` } });
  return (await createSseFamily(suite.id, path.join(pool.tmp, `repo-${n}`))).family;
}
async function audited(familyId: string) {
  await requestOracleAudit(pool.curatorId, familyId);
  await waitForRuns(familyId);
  return (await getOracleAudit(familyId)).audit!;
}

describe("resolve once", () => {
  it("places each drafted addendum once, only where it is lacking, and the re-audit finds none of them", async () => {
    const family = await sseFamily();
    const audit = await audited(family.id);
    const streamValues = audit.hidden.find((d) => d.name === "streamValues")!;
    // Direct gives its identifier ("let streamValues(values) stream a list"): hidden in split only.
    expect(streamValues.histories.map((h) => h.condition)).toEqual(["split"]);
    const texts = async () => new Map((await db().history.findMany({ where: { familyId: family.id }, include: { revisions: { orderBy: { number: "desc" }, take: 1, include: { turns: true } } } })).map((h) => [h.condition, h.revisions[0]!.turns.map((t) => t.text).join("\n")]));
    const before = await texts();
    const placedIn = new Map<string, string[]>();
    for (const dep of audit.hidden.filter((d) => d.kind !== "path")) {
      const finding = await db().oracleFinding.findUniqueOrThrow({ where: { id: dep.finding.id } });
      const placed = await placeAddendumAndRerun(pool.curatorId, family.id, finding.id, { sentence: dep.finding.addendum!, version: finding.version });
      placedIn.set(dep.name, placed.placed.map((p) => p.condition).sort());
    }
    expect(placedIn.get("streamValues")).toEqual(["split"]);
    expect(placedIn.get("valueSSE")).toEqual(["direct", "split"]);
    const after = await texts();
    expect(after.get("direct")!.startsWith(before.get("direct")!)).toBe(true);
    expect(after.get("direct")).not.toContain(streamValues.finding.addendum!);
    await waitForRuns(family.id);
    const reaudit = (await getOracleAudit(family.id)).audit!;
    expect(reaudit.current).toBe(true);
    const placedKeys = new Set(audit.hidden.filter((d) => d.kind !== "path").map((d) => d.dependencyKey));
    expect(reaudit.histories.flatMap((h) => h.findings).filter((f) => placedKeys.has(`${f.kind}:${f.module ?? ""}:${f.name}`))).toEqual([]);
    // The tab's listing names how each now stands: specified, with the reason.
    const listed = reaudit.histories.find((h) => h.condition === "split")!.listing.find((d) => d.name === "valueSSE")!;
    expect(listed).toMatchObject({ category: "specified", file: "test/sse.test.js", line: 3 });
  }, 300_000);

  it("waives a dependency once for every history, and the waiver survives an edit; a per-history waiver covers that history only", async () => {
    const family = await sseFamily();
    const lead = await makeUser(["lead"]);
    const audit = await audited(family.id);
    const name = audit.hidden.find((d) => d.name === "valueSSE")!;
    expect(name.histories).toHaveLength(2);
    const waived = await waiveFinding(lead.id, family.id, name.finding.id, { rationale: "The handler module's export is named in the issue every agent reads.", version: name.finding.version, scope: "family" });
    expect(waived).toMatchObject({ waived: 2, scope: "family" });
    const literal = audit.hidden.find((d) => d.kind === "literal")!;
    const direct = literal.histories.find((h) => h.condition === "direct")!;
    const directFinding = await db().oracleFinding.findUniqueOrThrow({ where: { id: direct.findingId } });
    await waiveFinding(lead.id, family.id, direct.findingId, { rationale: "Direct quotes the error text in its issue link.", version: directFinding.version, scope: "history" });
    // Edit split (not stating either): the next audit reads it anew and keeps both waivers where they apply.
    const split = await db().historyRevision.findFirstOrThrow({ where: { history: { familyId: family.id, condition: "split" } } });
    await db().turn.update({ where: { revisionId_index: { revisionId: split.id, index: 0 } }, data: { text: "First: format single values as server-sent events, one event each, in order." } });
    const next = await audited(family.id);
    expect(next.id).not.toBe(audit.id);
    const of = (condition: string, n: string) => next.histories.find((h) => h.condition === condition)!.findings.find((f) => f.name === n);
    expect(of("direct", "valueSSE")?.resolution).toBe("waived");
    expect(of("split", "valueSSE")?.resolution).toBe("waived");
    expect(of("direct", literal.name)?.resolution).toBe("waived");
    expect(of("split", literal.name)?.resolution).toBeNull();
    expect((await getOracleAudit(family.id)).waivers.map((w) => [w.name, w.history])).toEqual([["valueSSE", null], [literal.name, "direct"]]);
    const events = await db().auditEvent.count({ where: { familyId: family.id, action: "oracle_finding.waive" } });
    expect(events).toBe(2);
  }, 300_000);
});

describe("incremental audit", () => {
  it("re-audits only the history whose text changed, keeping the other's result and every decided counterfactual", async () => {
    const family = await sseFamily();
    const first = await audited(family.id);
    const cfRuns = await counterfactualRuns(family.id);
    expect(cfRuns).toBeGreaterThan(0);
    const split = await db().historyRevision.findFirstOrThrow({ where: { history: { familyId: family.id, condition: "split" } } });
    await db().turn.update({ where: { revisionId_index: { revisionId: split.id, index: 0 } }, data: { text: "First: format single values as server-sent events, one event per value." } });
    expect((await oracleGate(family.id)).missing).toContain("The text of split changed since the last audit");
    const second = await audited(family.id);
    const runs = await staticRuns(family.id);
    expect(runs).toHaveLength(2);
    expect(runs[1]!.results[0]!.timings).toMatchObject({ baseCached: 1, goldCached: 1, testsCached: 1, historiesReused: 1, historiesClassified: 1 });
    const names = (a: typeof first, c: string) => a.histories.find((h) => h.condition === c)!.findings.map((f) => f.name).sort();
    expect(names(second, "direct")).toEqual(names(first, "direct"));
    expect(second.histories.find((h) => h.condition === "direct")!.reused).toBe(true);
    expect(second.histories.find((h) => h.condition === "direct")!.listing).toEqual(first.histories.find((h) => h.condition === "direct")!.listing);
    // Same gold: every counterfactual was decided already, none runs again.
    expect(await counterfactualRuns(family.id)).toBe(cfRuns);
    expect(second.counterfactuals).toMatchObject({ pending: 0, decided: first.counterfactuals.decided });
  }, 300_000);

  it("keeps the audit current when an unchanged draft is sent to review", async () => {
    const [lead, curator] = await Promise.all([makeUser(["lead"]), makeUser(["curator"])]);
    const suite = await db().suite.create({ data: { name: "resolve-review" } });
    const repo = createDemoRepo(path.join(pool.tmp, "demo-review"));
    const { family } = await buildDemoFamily(db(), { suiteId: suite.id, repo, leadId: lead.id, curatorIds: [curator.id], title: "review family", complete: true });
    const audit = await audited(family.id);
    expect(audit.current).toBe(true);
    const revision = await db().historyRevision.findFirstOrThrow({ where: { history: { familyId: family.id, condition: "direct" } }, include: { history: true } });
    await sendToReview(curator.id, family.id, "direct", revision.number, { version: revision.version });
    expect((await db().historyRevision.findUniqueOrThrow({ where: { id: revision.id } })).version).toBe(revision.version + 1);
    expect((await getOracleAudit(family.id)).audit!.current).toBe(true);
    expect((await oracleGate(family.id)).status).toBe("pass");
    expect(await requestOracleAudit(curator.id, family.id)).toMatchObject({ created: 0, reused: 1 });
  }, 300_000);
});

describe("a failed audit", () => {
  it("says one sentence without server paths, runs again when asked, and does not leave the older audit as the silent latest", async () => {
    const family = await sseFamily();
    const ok = await audited(family.id);
    expect(ok.current).toBe(true);
    const gold = await db().patch.findFirstOrThrow({ where: { familyId: family.id, kind: "gold" } });
    await db().patch.update({ where: { id: gold.id }, data: { diff: gold.diff.replace("+export function valueSSE", " export function valueSSE") } });
    await requestOracleAudit(pool.curatorId, family.id);
    await waitForRuns(family.id);
    const failed = (await staticRuns(family.id)).at(-1)!;
    expect(failed.status).toBe("infrastructure_error");
    expect(failed.message).toMatch(/^The audit could not run: the gold patch does not apply: .*\.$/);
    expect(failed.message).not.toMatch(/\/tmp\/|\/work\/|prisma|\n|\.ts:\d+/i);
    const view = await getOracleAudit(family.id);
    expect(view.lastRunFailed).toBe(true);
    expect(view.audit).toMatchObject({ id: ok.id, current: false, staleReason: expect.stringContaining("latest audit run failed") });
    const gate = await oracleGate(family.id);
    expect(gate.status).toBe("fail");
    expect(gate.missing).toMatch(/The last audit run failed: .*gold patch does not apply.*earlier audit/);
    // "Run the audit" a second time runs it again (a new attempt of the same content).
    expect(await requestOracleAudit(pool.curatorId, family.id)).toMatchObject({ created: 1, requeued: 1 });
    await waitForRuns(family.id);
    const again = (await staticRuns(family.id)).at(-1)!;
    expect(again.id).toBe(failed.id);
    expect(again.attempt).toBe(failed.attempt + 1);
    // Gold restored: the content the first audit read is back, and that audit is the word again.
    await db().patch.update({ where: { id: gold.id }, data: { diff: gold.diff } });
    const repaired = await audited(family.id);
    expect(repaired.id).toBe(ok.id);
    expect(repaired.current).toBe(true);
    expect((await oracleGate(family.id)).missing ?? "").not.toMatch(/failed/);
    expect((await getOracleAudit(family.id)).lastRunFailed).toBe(false);
  }, 300_000);
});
