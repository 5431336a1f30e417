import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { screenCandidate, type TAutoGateThresholds } from "@/lib/anchoring/screening/screen-candidate";
import { importGithubPullRequests, ZGithubImportCursorSchema, type TGithubPullRequest } from "@/lib/anchoring/github/import-github";
import { upsertCandidate, type TCandidateInput } from "@/lib/anchoring/screening/upsert-candidate";
import type { Prisma } from "@/lib/db";
import type { TImportQuery } from "@/lib/schemas/imports";
import { githubConnection } from "@/lib/anchoring/github/github-connection";
import type { TProgressWriter } from "./progress-writer";

type TJob = { id: string; suiteId: string; repo: string; query: TImportQuery; cursor: unknown; progress: number };

const RATE_LIMIT_WAIT = /^waiting for GitHub rate limit/;

/**
 * Imports merged pull requests from GitHub. Each pull request is written with the cursor that
 * resumes after it, in one transaction, so a failure leaves whole candidates and a cursor to go on from.
 */
export async function importGithubSource(job: TJob, thresholds: TAutoGateThresholds, progress: TProgressWriter): Promise<string> {
  const { auth, baseUrl } = await githubConnection();
  const cursor = ZGithubImportCursorSchema.safeParse(job.cursor);
  let imported = cursor.success ? job.progress : 0;
  let total = 0;
  progress.update({ message: cursor.success ? `Resuming at page ${cursor.data.page}…` : `Asking GitHub for merged pull requests of ${job.repo}…` }, true);

  const result = await importGithubPullRequests({
    repo: job.repo,
    query: job.query.query,
    mergedFrom: job.query.mergedFrom,
    mergedTo: job.query.mergedTo,
    cursor: cursor.success ? cursor.data : null,
    auth,
    baseUrl,
    perPage: job.query.perPage ?? 50,
    onProgress: (p) => {
      total = p.total ?? 0;
      const waiting = RATE_LIMIT_WAIT.test(p.message);
      progress.update({ status: waiting ? "waiting" : "running", message: p.message, total }, waiting);
    },
    onPullRequest: async (pr, next) => {
      const candidate = toCandidateInput(job, pr, thresholds);
      imported++;
      await db().$transaction(async (tx) => {
        const { id } = await upsertCandidate(tx, candidate);
        await tx.importJob.update({
          where: { id: job.id },
          data: { cursor: next, progress: imported, total: Math.max(total, imported), status: "running", message: `Imported #${pr.number} ${pr.title}`.slice(0, 500) },
        });
        await recordEvent(tx, {
          actorId: null, action: "candidate.import", entity: "Candidate", entityId: id,
          after: { suiteId: job.suiteId, importJobId: job.id, repo: job.repo, prNumber: pr.number, kept: candidate.verdict.admitted },
        });
      });
    },
  });
  await db().importJob.update({ where: { id: job.id }, data: { cursor: result.cursor } });
  return `merged pull requests of ${job.repo}`;
}

function toCandidateInput(job: TJob, pr: TGithubPullRequest, thresholds: TAutoGateThresholds): TCandidateInput {
  const files = pr.files.map((f) => ({ path: f.path, previousPath: f.previousPath, additions: f.additions, deletions: f.deletions, binary: f.binary }));
  const mergedAt = new Date(pr.mergedAt);
  return {
    suiteId: job.suiteId,
    importJobId: job.id,
    source: "github",
    repo: job.repo,
    prNumber: pr.number,
    mergeCommit: pr.mergeCommitSha ?? pr.headSha,
    baseCommit: pr.baseSha,
    headCommit: pr.headSha,
    title: pr.title,
    body: pr.body,
    author: pr.author ?? "",
    authorIsBot: pr.authorIsBot,
    mergedAt: Number.isNaN(mergedAt.getTime()) ? null : mergedAt,
    files,
    verdict: screenCandidate({ merged: pr.merged, authorIsBot: pr.authorIsBot, files }, thresholds),
    raw: pr as unknown as Prisma.InputJsonValue,
  };
}
