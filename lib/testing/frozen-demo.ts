import "server-only";
// Test helper: the fully built demo family, calibrated by real runs on a real worker,
// reviewed by two independent reviewers and audited for hidden dependencies, then frozen by a lead through freezeFamily.
import path from "node:path";
import { db } from "@/lib/db";
import { createDemoRepo } from "@/lib/demo/demo-repo";
import { buildDemoFamily } from "@/lib/demo/build-demo-family";
import { requestCalibration, requestSingleRun } from "@/lib/runs/request-runs";
import { getGateReport } from "@/lib/families/get-gate-report";
import { makeUser } from "@/lib/testing/factories";
import { requestOracleAudit } from "@/lib/oracle-audit/request-oracle-audit";

export async function waitForRuns(familyId: string, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await db().run.count({ where: { familyId, status: { in: ["queued", "running"] } } })) === 0) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error("runs did not finish in time");
}

/** The active set after replaying a trace: the gold final set a reviewer must reach. */
export function replayedSet(turns: { activated: string[]; deactivated: string[] }[]) {
  const active = new Set<string>();
  for (const t of turns) {
    t.deactivated.forEach((k) => active.delete(k));
    t.activated.forEach((k) => active.add(k));
  }
  return [...active].sort();
}

/** Two submitted blind reviews per current revision (sent to review) whose final sets are its gold final set. */
export async function seedAgreeingReviews(familyId: string, reviewerIds: string[]) {
  const histories = await db().history.findMany({
    where: { familyId },
    select: { revisions: { orderBy: { number: "desc" }, take: 1, select: { id: true, turns: { orderBy: { index: "asc" }, select: { activated: true, deactivated: true } } } } },
  });
  for (const h of histories) {
    const revision = h.revisions[0]!;
    const gold = replayedSet(revision.turns);
    await db().historyRevision.update({ where: { id: revision.id }, data: { status: "in_review", sentToReviewAt: new Date() } });
    for (const reviewerId of reviewerIds) {
      await db().reviewAssignment.create({
        data: { revisionId: revision.id, reviewerId, status: "submitted", review: { create: { finalSet: gold, operations: [], submittedAt: new Date() } } },
      });
    }
  }
}

export async function buildGreenDemoFamily(tmp: string, name = "frozen-demo") {
  const [lead, curator, r1, r2] = await Promise.all([makeUser(["lead"]), makeUser(["curator"]), makeUser(["reviewer"]), makeUser(["reviewer"])]);
  const suite = await db().suite.create({ data: { name } });
  const repo = createDemoRepo(path.join(tmp, name));
  const { family } = await buildDemoFamily(db(), { suiteId: suite.id, repo, leadId: lead.id, curatorIds: [curator.id], title: `${name} family`, complete: true });
  await requestSingleRun(null, family.id, "checkout", name);
  await requestCalibration(curator.id, family.id);
  await waitForRuns(family.id);
  await seedAgreeingReviews(family.id, [r1.id, r2.id]);
  // Stage 5's second gate: the specification–oracle audit of the current revisions (the demo has no hidden dependency).
  await requestOracleAudit(null, family.id);
  await waitForRuns(family.id);
  const report = await getGateReport(family.id);
  return { family, lead, curator, reviewers: [r1, r2], repo, report };
}
