import "server-only";
// Gathers a family's facts from the database for the pure gate report (lib/gates/report.ts).
import { loadCollectedOutcomes } from "@/lib/probes/load-collected-outcomes";
import { passesOnBoth } from "@/lib/probes/outcomes";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/app-error";
import type { TFamilyFacts, TRevisionReviewsFact, TRunFact } from "@/lib/gates/types";
import { loadMatrixInput } from "@/lib/runs/load-current-content";
import { currentContent, type TCurrentRun } from "@/lib/runs/matrix";
import { loadOracleAuditFacts } from "@/lib/oracle-audit/load-oracle-facts";
import { attributeRun } from "@/lib/runs/run-attribution";
import { type TPatchKind } from "@/lib/contract/types";

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
      probes: { orderBy: [{ position: "asc" }, { testId: "asc" }], select: { id: true, testId: true, kind: true, stale: true, atoms: { select: { atom: { select: { key: true } } } } } },
      patches: { where: { kind: { not: "hidden_tests" } }, orderBy: { createdAt: "asc" }, include: { targetAtom: { select: { key: true } } } },
      histories: {
        select: {
          condition: true,
          revisions: { orderBy: { number: "desc" }, take: 1, select: { id: true, version: true, turns: { orderBy: { index: "asc" } }, leakWaivers: { select: { turn: true, kind: true, match: true } } } },
        },
      },
      runs: {
        orderBy: { createdAt: "asc" },
        select: { id: true, kind: true, patchId: true, patchRole: true, historyRevisionId: true, contentHash: true, status: true, probeIds: true, signature: true, message: true },
      },
      packages: { where: { frozenAt: { not: null } }, take: 1, select: { hash: true, frozenAt: true, frozenBy: { select: { name: true } } } },
    },
  });
  if (!family) throw notFound("Task family", familyId);

  const matrixInput = await loadMatrixInput(familyId);
  const current = matrixInput ? currentContent(matrixInput) : new Map<string, TCurrentRun[]>();
  const probeIds = family.probes.map((p) => p.id);
  const checkout = family.runs.filter((r) => r.kind === "checkout").at(-1);
  const resolvedByCheckout = checkout?.status === "passed" ? true : checkout && isFinished(checkout.status) ? false : null;
  const gold = family.patches.find((p) => p.kind === "gold");
  const reviewThreads = Array.isArray(family.evidence?.reviewThreads) ? family.evidence.reviewThreads : [];

  // Each probe's outcome on the base as the last collection recorded it (a probe passing there does not discriminate).
  const outcomes = await loadCollectedOutcomes(familyId);
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
      polarity: a.polarity, observation: a.observation, reason: a.reason, mergedInto: a.mergedInto?.key ?? null, replacedBy: a.replacedBy,
    })),
    probes: family.probes.map((p) => ({
      id: p.id, testId: p.testId, stale: p.stale, atomKeys: p.atoms.map((x) => x.atom.key), ...(p.kind === "guard" ? { guard: true } : {}),
      ...(passesOnBoth(outcomes[p.testId]) ? { passesOnBase: true } : {}),
    })),
    patches: family.patches.map((p) => ({
      id: p.id,
      name: p.name,
      kind: p.kind as TPatchKind,
      targetAtomKey: p.targetAtom?.key ?? null,
      empty: !hasHunks(p.diff),
      identicalToGold: p.kind !== "gold" && gold !== undefined && normalizeDiff(p.diff) === normalizeDiff(gold.diff),
    })),
    histories: family.histories.flatMap((h) =>
      h.revisions.map((r) => ({
        revisionId: r.id,
        condition: h.condition,
        turns: r.turns.map((t) => ({ text: t.text, activated: t.activated, deactivated: t.deactivated, restated: t.restated })),
        waivers: r.leakWaivers,
      })),
    ),
    runs: shareProbeLists(family.runs.flatMap((r) => runFacts(r, current, probeIds))),
    freeze: family.packages[0]
      ? { packageHash: family.packages[0].hash, frozenAt: family.packages[0].frozenAt!.toISOString(), frozenBy: family.packages[0].frozenBy?.name ?? "" }
      : null,
    reviews: await loadReviewFacts(family.histories.flatMap((h) => h.revisions.map((r) => r.id)), familyId),
    oracleAudit: await loadOracleAuditFacts(familyId),
  };
}

type TRunRow = {
  id: string; kind: TRunFact["kind"]; patchId: string | null; patchRole: string | null; historyRevisionId: string | null;
  contentHash: string | null; status: TRunFact["status"]; probeIds: string[]; signature: number[]; message: string | null;
};

/** A calibration or replay run as it counts for the current content (run-attribution.ts); any other run as it was requested. */
function runFacts(r: TRunRow, current: Map<string, TCurrentRun[]>, probeIds: string[]): TRunFact[] {
  const fact = { id: r.id, kind: r.kind, status: r.status, signature: r.signature.length ? r.signature.join("") : null, message: r.message };
  if (r.kind !== "calibrate" && r.kind !== "replay") {
    return [{ ...fact, patchId: r.patchId, historyRevisionId: r.historyRevisionId, probeIds: r.probeIds }];
  }
  return attributeRun(r, current, probeIds).map(({ current: counts, ...owner }) => ({ ...fact, ...owner, ...(counts ? {} : { outdated: true }) }));
}

// Stage 5: the reviews and standing accept decisions of each current revision.
async function loadReviewFacts(revisionIds: string[], familyId: string): Promise<TRevisionReviewsFact[]> {
  const curators = new Set((await db().familyCurator.findMany({ where: { familyId }, select: { userId: true } })).map((c) => c.userId));
  const revisions = await db().historyRevision.findMany({
    where: { id: { in: revisionIds } },
    select: {
      id: true, number: true, status: true,
      assignments: { where: { status: { not: "withdrawn" } }, orderBy: { createdAt: "asc" }, select: { reviewer: { select: { id: true, name: true } }, review: { select: { id: true, submittedAt: true, finalSet: true, ambiguous: true } } } },
      adjudications: { where: { supersededById: null, decision: "accept" }, select: { reviewIds: true } },
    },
  });
  return revisions.map((r) => ({
    revisionId: r.id,
    number: r.number,
    status: r.status,
    reviews: r.assignments.flatMap((a) => a.review ? [{
      reviewId: a.review.id, reviewerId: a.reviewer.id, reviewerName: a.reviewer.name, reviewerIsCurator: curators.has(a.reviewer.id),
      submitted: a.review.submittedAt !== null, finalSet: a.review.finalSet, ambiguous: a.review.ambiguous,
    }] : []),
    acceptedReviewIds: r.adjudications.flatMap((d) => d.reviewIds),
  }));
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
