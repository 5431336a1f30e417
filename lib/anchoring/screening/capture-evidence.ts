import "server-only";
import { classifyPath } from "@/lib/git/classify";
import { safeParseDiff } from "@/lib/git/diff";
import { GitSourceError, readDiff } from "@/lib/runner/mirror";
import { listEvidenceFiles, type TEvidenceFile } from "@/lib/anchoring/evidence/behavioral-slice";
import { openMirrorWith } from "@/lib/runner/mirror";
import type { TAutoGateThresholds } from "@/lib/anchoring/screening/screen-candidate";
import { ZGithubPullRequestSchema, type TGithubPullRequest } from "@/lib/anchoring/github/import-github";
import { groupReviewThreads, type TReviewThread } from "@/lib/anchoring/github/review-threads";
import { AppError } from "@/lib/errors/app-error";

export type TCapturedEvidence = {
  /** Where the family's repository is cloned from: the local path or clone URL, or GitHub's clone URL. */
  familyRepo: string;
  issueTitle: string;
  issueBody: string;
  prTitle: string;
  prBody: string;
  reviewThreads: TReviewThread[];
  /** The raw unified diff from base to merge commit ("" when GitHub would not produce it). */
  diff: string;
  files: TEvidenceFile[];
};

type TCandidateForEvidence = {
  source: string; repo: string; baseCommit: string; mergeCommit: string; title: string; body: string; raw: unknown;
};

/** Reads everything admission stores, before anything is written: a failure here leaves nothing behind. */
export async function captureEvidence(candidate: TCandidateForEvidence, thresholds: TAutoGateThresholds): Promise<TCapturedEvidence> {
  return candidate.source === "github" ? fromGithub(candidate, thresholds) : fromLocal(candidate, thresholds);
}

async function fromLocal(candidate: TCandidateForEvidence, thresholds: TAutoGateThresholds): Promise<TCapturedEvidence> {
  let diff: string;
  try {
    const mirror = await openMirrorWith(candidate.repo, [candidate.baseCommit, candidate.mergeCommit]);
    diff = await readDiff(mirror, candidate.baseCommit, candidate.mergeCommit);
  } catch (error) {
    if (error instanceof GitSourceError) throw new AppError("UNPROCESSABLE", `The evidence cannot be captured: ${error.message}`);
    throw error;
  }
  // Provenance set by a curator (setCandidateProvenance): the PR's own text from GitHub, the local diff.
  const github = ZGithubPullRequestSchema.safeParse((candidate.raw as { github?: unknown } | null)?.github);
  if (github.success) {
    const text = textOf(github.data);
    return { familyRepo: candidate.repo, ...text, diff, files: filesOf(diff, thresholds) };
  }
  return {
    familyRepo: candidate.repo,
    issueTitle: "",
    issueBody: "",
    prTitle: candidate.title,
    prBody: candidate.body,
    reviewThreads: [],
    diff,
    files: filesOf(diff, thresholds),
  };
}

/** Issue, description and review discussion of a GitHub pull request, as evidence text. */
function textOf(pr: TGithubPullRequest) {
  const issues = pr.linkedIssues.filter((issue) => issue.title !== null);
  return {
    issueTitle: issues.map((i) => `#${i.number} ${i.title}`).join("; "),
    issueBody: issues.length === 1 ? issues[0]!.body ?? "" : issues.map((i) => `## #${i.number} ${i.title}\n\n${i.body ?? ""}`).join("\n\n"),
    prTitle: pr.title,
    prBody: pr.body,
    reviewThreads: groupReviewThreads(pr.reviewComments),
  };
}

function fromGithub(candidate: TCandidateForEvidence, thresholds: TAutoGateThresholds): TCapturedEvidence {
  const parsed = ZGithubPullRequestSchema.safeParse(candidate.raw);
  if (!parsed.success) {
    throw new AppError("UNPROCESSABLE", "The stored pull request is incomplete; import it again before admitting it.");
  }
  const pr = parsed.data;
  const diff = pr.diff ?? "";
  return {
    familyRepo: pr.url.replace(/\/pull\/\d+\/?$/, "") || `https://github.com/${candidate.repo}`,
    ...textOf(pr),
    diff,
    files: diff ? filesOf(diff, thresholds) : filesFromList(pr, thresholds),
  };
}

function filesOf(diff: string, thresholds: TAutoGateThresholds): TEvidenceFile[] {
  const parsed = safeParseDiff(diff);
  if (!parsed.ok) {
    throw new AppError("UNPROCESSABLE", `The pull request's diff cannot be read (line ${parsed.error.line}: ${parsed.error.message}); nothing was admitted.`);
  }
  return listEvidenceFiles(parsed.diff, { generatedPatterns: thresholds.generatedPatterns });
}

/** Without a diff (GitHub refuses very large ones) the file list still classifies every file. */
function filesFromList(pr: TGithubPullRequest, thresholds: TAutoGateThresholds): TEvidenceFile[] {
  return pr.files.map((file) => {
    const kind = classifyPath(file.path, { generatedPatterns: thresholds.generatedPatterns });
    const inSlice = kind === "source" || kind === "test";
    return {
      path: file.path,
      oldPath: file.previousPath,
      status: file.status === "added" ? "added" : file.status === "removed" ? "deleted" : file.status === "renamed" ? "renamed" : "modified",
      kind,
      inSlice,
      reason: inSlice ? null : kind === "generated" ? "generated file" : "documentation or project configuration, not behavior",
      hunks: [],
      additions: file.additions,
      deletions: file.deletions,
      binary: file.binary,
    };
  });
}
