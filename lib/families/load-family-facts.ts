// Gathers a family's facts from the database for the pure gate report (lib/gates/report.ts).
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/app-error";
import type { TFamilyFacts, TRunFact } from "@/lib/gates/types";

const nonEmpty = (text: string | null | undefined) => Boolean(text && text.trim());
const normalizeDiff = (diff: string) => diff.replace(/^index [0-9a-f]+\.\.[0-9a-f]+.*$/gm, "").replace(/\s+$/gm, "").trim();
const hasHunks = (diff: string) => /^@@ /m.test(diff);

export async function loadFamilyFacts(familyId: string): Promise<TFamilyFacts> {
  const family = await db().taskFamily.findUnique({
    where: { id: familyId },
    select: {
      repo: true, prNumber: true, baseCommit: true, mergeCommit: true,
      evidence: { select: { issueTitle: true, issueBody: true, prBody: true, reviewThreads: true, diff: true } },
      diffFiles: { select: { path: true, kind: true, inSlice: true, reason: true, hunks: true }, orderBy: { position: "asc" } },
      atoms: { orderBy: [{ position: "asc" }, { createdAt: "asc" }], include: { mergedInto: { select: { key: true } } } },
      probes: { orderBy: [{ position: "asc" }, { testId: "asc" }], select: { id: true, testId: true, stale: true, atoms: { select: { atom: { select: { key: true } } } } } },
      patches: { where: { kind: { not: "hidden_tests" } }, orderBy: { createdAt: "asc" }, include: { targetAtom: { select: { key: true } } } },
      histories: {
        select: {
          condition: true,
          revisions: { orderBy: { number: "desc" }, take: 1, select: {
            id: true, version: true, turns: { orderBy: { index: "asc" } },
            assignments: { select: { reviewerId: true, review: { select: { finalSet: true, ambiguous: true, submittedAt: true } } } },
          } },
        },
      },
      runs: {
        orderBy: { createdAt: "asc" },
        select: { id: true, kind: true, patchId: true, patchRole: true, historyRevisionId: true, historyRevisionVersion: true, status: true, probeIds: true, signature: true, message: true },
      },
      curators: { select: { userId: true } },
      packages: { where: { frozenAt: { not: null } }, take: 1, select: { hash: true, frozenAt: true, frozenBy: { select: { name: true } } } },
    },
  });
  if (!family) throw notFound("Task family", familyId);

  const currentVersions = new Map(family.histories.flatMap((h) => h.revisions.map((r) => [r.id, r.version] as const)));
  const checkout = family.runs.filter((r) => r.kind === "checkout").at(-1);
  const resolvedByCheckout = checkout?.status === "passed" ? true : checkout && isFinished(checkout.status) ? false : null;
  const gold = family.patches.find((p) => p.kind === "gold");
  const reviewThreads = Array.isArray(family.evidence?.reviewThreads) ? family.evidence.reviewThreads : [];

  return {
    anchoring: {
      repo: family.repo,
      prNumber: family.prNumber,
      baseCommit: family.baseCommit,
      mergeCommit: family.mergeCommit,
      resolved: { repo: resolvedByCheckout, baseCommit: resolvedByCheckout, mergeCommit: resolvedByCheckout },
      evidence: {
        issue: nonEmpty(family.evidence?.issueTitle) || nonEmpty(family.evidence?.issueBody),
        description: nonEmpty(family.evidence?.prBody),
        review: reviewThreads.length > 0,
        diff: nonEmpty(family.evidence?.diff) || family.diffFiles.length > 0,
      },
      files: family.diffFiles.map((f) => ({
        path: f.path, kind: f.kind, inSlice: f.inSlice, reason: f.reason,
        hunks: (Array.isArray(f.hunks) ? f.hunks : []) as { index: number; inSlice: boolean; reason: string | null }[],
      })),
    },
    atoms: family.atoms.map((a) => ({
      key: a.key, status: a.status, role: a.role, statement: a.statement, scope: a.scope, inputCondition: a.inputCondition,
      polarity: a.polarity, observation: a.observation, reason: a.reason, mergedInto: a.mergedInto?.key ?? null,
    })),
    probes: family.probes.map((p) => ({ id: p.id, testId: p.testId, stale: p.stale, atomKeys: p.atoms.map((x) => x.atom.key) })),
    patches: family.patches.map((p) => ({
      id: p.id,
      name: p.name,
      kind: p.kind as "gold" | "negative" | "alternative",
      targetAtomKey: p.targetAtom?.key ?? null,
      empty: !hasHunks(p.diff),
      identicalToGold: p.kind !== "gold" && gold !== undefined && normalizeDiff(p.diff) === normalizeDiff(gold.diff),
    })),
    histories: family.histories.flatMap((h) =>
      h.revisions.map((r) => ({
        revisionId: r.id,
        condition: h.condition,
        turns: r.turns.map((t) => ({ text: t.text, activated: t.activated, deactivated: t.deactivated, restated: t.restated })),
      })),
    ),
    runs: shareProbeLists(family.runs.filter((r) => !replaysOutdatedText(r, currentVersions)).map((r) => ({
      id: r.id,
      kind: r.kind,
      // The gates read a null patch as the unmodified base.
      patchId: r.patchRole === "base" ? null : r.patchId,
      historyRevisionId: r.historyRevisionId,
      status: r.status,
      probeIds: r.probeIds,
      signature: r.signature.length ? r.signature.join("") : null,
      message: r.message,
    }))),
    freeze: family.packages[0]
      ? { packageHash: family.packages[0].hash, frozenAt: family.packages[0].frozenAt!.toISOString(), frozenBy: family.packages[0].frozenBy?.name ?? "" }
      : null,
    audit: {
      curatorIds: family.curators.map((c) => c.userId),
      reviews: family.histories.flatMap((h) => h.revisions.flatMap((r) => r.assignments.flatMap((a) =>
        a.review?.submittedAt ? [{ revisionId: r.id, reviewerId: a.reviewerId, finalSet: a.review.finalSet, ambiguous: a.review.ambiguous }] : []))),
    },
  };
}

// A replay of a revision saved since is a signature of text that no longer exists.
function replaysOutdatedText(run: { kind: string; historyRevisionId: string | null; historyRevisionVersion: number | null }, current: Map<string, number>) {
  if (run.kind !== "replay" || !run.historyRevisionId || run.historyRevisionVersion === null) return false;
  const version = current.get(run.historyRevisionId);
  return version !== undefined && version !== run.historyRevisionVersion;
}

function isFinished(status: string) {
  return status !== "queued" && status !== "running";
}

// Runs made against the same probe list share one array (the gates compare by identity first).
function shareProbeLists(runs: TRunFact[]): TRunFact[] {
  const seen = new Map<string, string[]>();
  return runs.map((run) => {
    const key = run.probeIds.join("\n");
    const shared = seen.get(key) ?? run.probeIds;
    seen.set(key, shared);
    return { ...run, probeIds: shared };
  });
}
