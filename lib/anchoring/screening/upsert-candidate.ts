import "server-only";
import type { Prisma, Tx } from "@/lib/db";
import type { TChangedFile, TGateVerdict } from "@/lib/anchoring/screening/screen-candidate";

/** One discovered change with the automatic gate's verdict, as an import writes it. */
export type TCandidateInput = {
  suiteId: string;
  importJobId: string;
  source: "local" | "github";
  repo: string;
  prNumber: number | null;
  mergeCommit: string;
  baseCommit: string;
  headCommit: string;
  title: string;
  body: string;
  author: string;
  authorIsBot: boolean;
  mergedAt: Date | null;
  files: Array<TChangedFile & { previousPath?: string | null }>;
  verdict: TGateVerdict;
  raw: Prisma.InputJsonValue;
};

/**
 * Writes a candidate whole (one statement). A candidate seen again gets the fresh verdict and
 * metadata; the curator's decision (status, reason) and its version are left alone.
 */
export async function upsertCandidate(tx: Tx, input: TCandidateInput): Promise<{ id: string }> {
  const fields = {
    importJobId: input.importJobId,
    source: input.source,
    prNumber: input.prNumber,
    baseCommit: input.baseCommit,
    headCommit: input.headCommit,
    title: input.title.slice(0, 1000),
    body: input.body,
    author: input.author,
    authorIsBot: input.authorIsBot,
    merged: true,
    mergedAt: input.mergedAt,
    files: input.files as Prisma.InputJsonValue,
    additions: input.files.reduce((n, f) => n + f.additions, 0),
    deletions: input.files.reduce((n, f) => n + f.deletions, 0),
    kept: input.verdict.admitted,
    reasons: input.verdict.reasons as Prisma.InputJsonValue,
    stepsPassed: input.verdict.passedSteps,
    raw: input.raw,
  };
  return tx.candidate.upsert({
    where: { suiteId_repo_mergeCommit: { suiteId: input.suiteId, repo: input.repo, mergeCommit: input.mergeCommit } },
    create: { suiteId: input.suiteId, repo: input.repo, mergeCommit: input.mergeCommit, ...fields },
    update: fields,
    select: { id: true },
  });
}
