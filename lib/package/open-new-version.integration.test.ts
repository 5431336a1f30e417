// "Open version 2" carries everything a frozen family's contract stands on: guard tests
// stay guards (so the reconciliation gate of version 2 says what version 1's said),
// the lead, the default reviewers and the upstream identity stay, leak-lint waivers move with the history text.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, type Prisma } from "@/lib/db";
import { stopBoss } from "@/lib/jobs/boss";
import { useFreshDatabase } from "@/lib/testing/db";
import { makeUser } from "@/lib/testing/factories";
import { buildDemoFamily } from "@/lib/demo/build-demo-family";
import { createDemoRepo } from "@/lib/demo/demo-repo";
import { getGateReport } from "@/lib/families/get-gate-report";
import { openNewVersion } from "./open-new-version";
import { diffVersions } from "./diff-versions";
import { samplePackage } from "./test-fixtures";

let tmp: string;
beforeAll(async () => {
  await useFreshDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-open-version-"));
});
afterAll(async () => {
  await stopBoss({ graceful: false, timeout: 1000 });
  fs.rmSync(tmp, { recursive: true, force: true });
});

const reconciliation = async (familyId: string) =>
  (await getGateReport(familyId)).stages.find((s) => s.stage === "reconciliation")!.gates.map((g) => [g.key, g.status, g.missing ?? null]);

describe("open version 2 of a frozen family", () => {
  it("keeps guard tests as guards, the lead, the default reviewers and the waivers, and its reconciliation gate reads as version 1's", async () => {
    const [lead, curator, reviewer] = await Promise.all([makeUser(["lead"]), makeUser(["curator"]), makeUser(["reviewer"])]);
    const suite = await db().suite.create({ data: { name: "versions" } });
    const { family } = await buildDemoFamily(db(), { suiteId: suite.id, repo: createDemoRepo(path.join(tmp, "demo")), leadId: lead.id, curatorIds: [curator.id], title: "versions family", complete: true });
    // A guard test (pass-to-pass), as "Accept all guards" would add it.
    const verifier = await db().verifier.findUniqueOrThrow({ where: { familyId: family.id } });
    const guardId = "test/existing.test.js::keeps working";
    await db().verifier.update({ where: { familyId: family.id }, data: { collectedTests: [...verifier.collectedTests, guardId] } });
    await db().probe.create({ data: { familyId: family.id, testId: guardId, kind: "guard", position: 99 } });
    await db().taskFamily.update({ where: { id: family.id }, data: { defaultReviewerIds: [reviewer.id] } });
    const revision = await db().historyRevision.findFirstOrThrow({ where: { history: { familyId: family.id } }, orderBy: { number: "desc" }, include: { history: true } });
    await db().leakWaiver.create({ data: { revisionId: revision.id, turn: 1, kind: "atom_key", match: "A4", reason: "A4 is a paper size here", createdById: curator.id } });
    const before = await reconciliation(family.id);
    expect(before.find(([key]) => key === "coverage")?.[1]).toBe("pass");

    await db().package.create({ data: { familyId: family.id, hash: "f".repeat(64), content: {}, frozenById: lead.id, frozenAt: new Date() } });
    await db().taskFamily.update({ where: { id: family.id }, data: { frozen: true } });
    const next = await openNewVersion({ id: lead.id, roles: ["lead"] }, family.id);

    const v2 = await db().taskFamily.findUniqueOrThrow({ where: { id: next.id }, include: { probes: true } });
    expect(v2.probes.find((p) => p.testId === guardId)?.kind).toBe("guard");
    expect(v2.probes.filter((p) => p.kind === "guard")).toHaveLength(1);
    expect(v2.leadId).toBe(lead.id);
    // The upstream identity freeze requires (and exports name) is the same pull request's.
    const v1 = await db().taskFamily.findUniqueOrThrow({ where: { id: family.id } });
    expect(v1.upstreamRepo).toMatch(/^[\w.-]+\/[\w.-]+$/);
    expect([v2.upstreamRepo, v2.mergedAt]).toEqual([v1.upstreamRepo, v1.mergedAt]);
    expect(v2.defaultReviewerIds).toEqual([reviewer.id]);
    const waivers = await db().leakWaiver.findMany({ where: { revision: { history: { familyId: next.id, condition: revision.history.condition } } } });
    expect(waivers.map((w) => [w.turn, w.kind, w.match, w.reason])).toEqual([[1, "atom_key", "A4", "A4 is a paper size here"]]);
    expect(await reconciliation(next.id)).toEqual(before);
  });

  it("shows version 1 → 2 with the guards, the default reviewers and the waivers that changed", async () => {
    const [lead, curator, reviewer, second] = await Promise.all([makeUser(["lead"]), makeUser(["curator"]), makeUser(["reviewer"]), makeUser(["reviewer"])]);
    const suite = await db().suite.create({ data: { name: "versions diff" } });
    const { family } = await buildDemoFamily(db(), { suiteId: suite.id, repo: createDemoRepo(path.join(tmp, "demo-diff")), leadId: lead.id, curatorIds: [curator.id], title: "diffed family", complete: true });
    await db().taskFamily.update({ where: { id: family.id }, data: { defaultReviewerIds: [reviewer.id] } });
    const revision = await db().historyRevision.findFirstOrThrow({ where: { history: { familyId: family.id } }, orderBy: { number: "desc" }, include: { history: true } });
    await db().leakWaiver.create({ data: { revisionId: revision.id, turn: 1, kind: "atom_key", match: "A4", reason: "A4 is a paper size here", createdById: curator.id } });
    const v1 = samplePackage();
    await db().package.create({ data: { familyId: family.id, hash: "1".repeat(64), content: v1 as unknown as Prisma.InputJsonObject, frozenById: lead.id, frozenAt: new Date() } });
    await db().taskFamily.update({ where: { id: family.id }, data: { frozen: true } });

    const next = await openNewVersion({ id: lead.id, roles: ["lead"] }, family.id);
    await db().taskFamily.update({ where: { id: next.id }, data: { defaultReviewerIds: [reviewer.id, second.id] } });
    await db().leakWaiver.updateMany({ where: { revision: { history: { familyId: next.id } } }, data: { reason: "a paper format, not an atom" } });
    const v2 = samplePackage();
    v2.family.version = 2;
    v2.verifier.guardTests = ["t0", "t3"];
    await db().package.create({ data: { familyId: next.id, hash: "2".repeat(64), content: v2 as unknown as Prisma.InputJsonObject, frozenById: lead.id, frozenAt: new Date() } });

    const diff = await diffVersions("1".repeat(64), "2".repeat(64));
    expect(diff.from.version).toBe(1);
    expect(diff.to.version).toBe(2);
    const names = async (ids: string[]) => (await db().user.findMany({ where: { id: { in: ids } }, select: { name: true } })).map((u) => u.name).sort().join(", ");
    expect(diff.changes).toEqual([
      { section: "guards", path: "t3", kind: "added", before: null, after: "guard" },
      { section: "defaults", path: "default reviewers", kind: "changed", before: await names([reviewer.id]), after: await names([reviewer.id, second.id]) },
      { section: "waivers", path: `${revision.history.condition} turn 1 atom_key “A4” reason`, kind: "changed", before: "A4 is a paper size here", after: "a paper format, not an atom" },
    ]);
  });
});
