import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { screenCandidate } from "@/lib/anchoring/screening/screen-candidate";
import { importGithubPullRequests, ZGithubImportCursorSchema, type TGithubPullRequest } from "@/lib/anchoring/github/import-github";
import { upsertCandidate, type TCandidateInput } from "@/lib/anchoring/screening/upsert-candidate";
import type { Prisma } from "@/lib/db";
import { githubConnection } from "@/lib/anchoring/github/github-connection";
import { updateImport } from "./import-claim";
import { candidateOrigin, dateOrNull, type TImportContext } from "./import-context";
import type { TProgressWriter } from "./progress-writer";

const RATE_LIMIT_WAIT = /^waiting for GitHub rate limit/;

/**
 * Imports merged pull requests from GitHub. Each pull request is written with the cursor that
 * resumes after it, in one transaction, so a failure leaves whole candidates and a cursor to go on from.
 * The token and the API base are those of the process running it (the worker).
 */
export async function importGithubSource(job: TImportContext, progress: TProgressWriter): Promise<string> {
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
      const candidate = toCandidateInput(job, pr);
      imported++;
      await db().$transaction(async (tx) => {
        const { id } = await upsertCandidate(tx, candidate);
        await updateImport(job.claim, { cursor: next, progress: imported, total: Math.max(total, imported), status: "running", message: `Imported #${pr.number} ${pr.title}`.slice(0, 500) }, tx);
        await recordEvent(tx, {
          actorId: job.actorId, action: "candidate.import", entity: "Candidate", entityId: id,
          after: { suiteId: job.suiteId, importJobId: job.claim.id, repo: job.repo, prNumber: pr.number, kept: candidate.verdict.admitted },
        });
      });
    },
  });
  await updateImport(job.claim, { cursor: result.cursor });
  return `merged pull requests of ${job.repo}`;
}

function toCandidateInput(job: TImportContext, pr: TGithubPullRequest): TCandidateInput {
  const files = pr.files.map((f) => ({ path: f.path, previousPath: f.previousPath, additions: f.additions, deletions: f.deletions, binary: f.binary }));
  return {
    ...candidateOrigin(job),
    prNumber: pr.number,
    mergeCommit: pr.mergeCommitSha ?? pr.headSha,
    baseCommit: pr.baseSha,
    headCommit: pr.headSha,
    title: pr.title,
    body: pr.body,
    author: pr.author ?? "",
    authorIsBot: pr.authorIsBot,
    mergedAt: dateOrNull(pr.mergedAt),
    files,
    verdict: screenCandidate({ merged: pr.merged, authorIsBot: pr.authorIsBot, files }, job.thresholds),
    raw: pr as unknown as Prisma.InputJsonValue,
  };
}
