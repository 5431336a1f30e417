import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/app-error";
import { getGateReport } from "@/lib/families/get-gate-report";
import { UPSTREAM_REQUIRED_MESSAGE } from "@/lib/anchoring/upstream/upstream-name";

/** What a freeze would make read-only, for the confirmation a lead reads before freezing. */
export async function getFreezePreview(familyId: string) {
  const family = await db().taskFamily.findUnique({
    where: { id: familyId },
    select: {
      title: true, frozen: true, familyVersion: true, upstreamRepo: true,
      _count: { select: { atoms: true, probes: true, patches: true, histories: true, runs: true, diffFiles: true } },
      histories: { select: { condition: true, _count: { select: { revisions: true } } } },
    },
  });
  if (!family) throw notFound("Task family", familyId);
  const [report, reviews] = await Promise.all([
    getGateReport(familyId),
    db().review.count({ where: { submittedAt: { not: null }, assignment: { revision: { history: { familyId } } } } }),
  ]);
  const blockers = report.stages.filter((s) => s.stage !== "freeze" && s.status !== "pass").map((s) => `${s.title}: ${s.missing ?? s.status}`);
  if (!family.upstreamRepo) blockers.push(`Upstream repository: ${UPSTREAM_REQUIRED_MESSAGE}`);
  return {
    title: family.title,
    version: family.familyVersion,
    frozen: family.frozen,
    ready: blockers.length === 0 && !family.frozen,
    blockers,
    items: [
      { label: "atoms (with rejected and merged candidates)", count: family._count.atoms },
      { label: "probes", count: family._count.probes },
      { label: "patches (gold, negatives, alternatives, hidden tests)", count: family._count.patches },
      { label: "histories", count: family._count.histories },
      { label: "history revisions", count: family.histories.reduce((n, h) => n + h._count.revisions, 0) },
      { label: "submitted reviews", count: reviews },
      { label: "runs", count: family._count.runs },
      { label: "diff files", count: family._count.diffFiles },
    ],
  };
}
