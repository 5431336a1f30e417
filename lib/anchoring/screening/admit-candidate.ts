import "server-only";
import { db, type Prisma } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { thresholdsFromSettings } from "@/lib/anchoring/screening/suite-thresholds";
import { AppError, notFound, staleVersion } from "@/lib/errors/app-error";
import { fromPrismaError } from "@/lib/db/prisma-errors";
import { requestSingleRun } from "@/lib/runs/request-runs";
import type { TAdmitCandidate } from "@/lib/schemas/candidates";
import { candidateSelect, toCandidateDto } from "./candidate-select";
import { captureEvidence } from "./capture-evidence";
import { resolveUpstream } from "@/lib/anchoring/upstream/resolve-upstream";

/**
 * Admits a candidate: a task family pinned to its base and merge commits, with the evidence and
 * one DiffFile per file of the diff, all in one transaction; then the base-checkout job is queued.
 */
export async function admitCandidate(actorId: string, suiteId: string, candidateId: string, input: TAdmitCandidate) {
  const candidate = await db().candidate.findFirst({
    where: { id: candidateId, suiteId },
    select: { ...candidateSelect, body: true, raw: true, suite: { select: { settings: true } } },
  });
  if (!candidate) throw notFound("Candidate", candidateId);
  assertAdmissible(candidate, input);
  const evidence = await captureEvidence(candidate, thresholdsFromSettings(candidate.suite.settings));
  // The upstream owner/name exports name as `repo` (a local path never leaves the studio).
  const upstreamRepo = await resolveUpstream(candidate.repo, candidate.raw);

  let family: { id: string; title: string };
  try {
    family = await db().$transaction(async (tx) => {
      const { count } = await tx.candidate.updateMany({
        where: { id: candidateId, status: { not: "admitted" }, ...(input.version ? { version: input.version } : {}) },
        data: { status: "admitted", statusReason: input.overrideReason ?? null, version: { increment: 1 } },
      });
      if (count === 0) {
        const current = await tx.candidate.findUniqueOrThrow({ where: { id: candidateId }, select: candidateSelect });
        if (current.status === "admitted") throw alreadyAdmitted(current.family);
        throw staleVersion("The candidate", toCandidateDto(current));
      }
      const created = await tx.taskFamily.create({
        data: {
          suiteId,
          candidateId,
          title: (evidence.prTitle || candidate.title).slice(0, 300),
          repo: evidence.familyRepo,
          prNumber: candidate.prNumber,
          upstreamRepo,
          mergedAt: candidate.mergedAt,
          baseCommit: candidate.baseCommit,
          mergeCommit: candidate.mergeCommit,
          curators: { create: [{ userId: actorId }] },
          evidence: {
            create: {
              issueTitle: evidence.issueTitle, issueBody: evidence.issueBody, prTitle: evidence.prTitle, prBody: evidence.prBody,
              reviewThreads: evidence.reviewThreads as unknown as Prisma.InputJsonValue, diff: evidence.diff,
            },
          },
        },
        select: { id: true, title: true, repo: true, prNumber: true, upstreamRepo: true, baseCommit: true, mergeCommit: true },
      });
      await tx.diffFile.createMany({
        data: evidence.files.map((file, position) => ({
          familyId: created.id, path: file.path, oldPath: file.oldPath, kind: file.kind, inSlice: file.inSlice, reason: file.reason,
          hunks: file.hunks, additions: file.additions, deletions: file.deletions, binary: file.binary, position,
        })),
        skipDuplicates: true,
      });
      await recordEvent(tx, {
        actorId, action: "candidate.admit", entity: "Candidate", entityId: candidateId, familyId: created.id,
        before: { status: candidate.status, version: candidate.version },
        after: { status: "admitted", familyId: created.id, overrideReason: input.overrideReason ?? null },
      });
      await recordEvent(tx, {
        actorId, action: "family.create", entity: "TaskFamily", entityId: created.id, familyId: created.id,
        after: { ...created, suiteId, candidateId, files: evidence.files.length, diffBytes: Buffer.byteLength(evidence.diff) },
      });
      return created;
    }, { timeout: 60_000, maxWait: 10_000 });
  } catch (error) {
    const mapped = fromPrismaError(error, "A task family");
    if (mapped instanceof AppError && mapped.code === "CONFLICT" && mapped.extra.fieldErrors) {
      throw new AppError("CONFLICT", "This pull request is already a task family in this suite (same repository and merge commit).");
    }
    throw mapped;
  }

  const checkout = await requestSingleRun(actorId, family.id, "checkout", "admission").catch((error: unknown) => {
    console.error(`[candidates] base checkout of ${family.id} not queued`, error);
    return null;
  });
  return { familyId: family.id, title: family.title, checkoutQueued: checkout !== null };
}

function assertAdmissible(candidate: { status: string; kept: boolean; version: number; family: { id: string; title: string } | null }, input: TAdmitCandidate) {
  if (candidate.status === "admitted") throw alreadyAdmitted(candidate.family);
  if (input.version !== undefined && input.version !== candidate.version) {
    throw staleVersion("The candidate", { status: candidate.status, kept: candidate.kept, version: candidate.version });
  }
  if (!candidate.kept && !input.overrideReason) {
    throw new AppError("INVALID_INPUT", "The automatic gate did not keep this candidate; say why it is admitted anyway.", {
      fieldErrors: { overrideReason: ["is required to admit a candidate the automatic gate did not keep"] },
    });
  }
}

function alreadyAdmitted(family: { id: string; title: string } | null) {
  return new AppError(
    "CONFLICT",
    family ? `This pull request was already admitted to this suite as "${family.title}".` : "This pull request was already admitted to this suite.",
    { current: family ? { familyId: family.id } : undefined },
  );
}
