import "server-only";
import type { Octokit } from "@octokit/rest";
import { z } from "zod";
import { isBotAuthor } from "@/lib/anchoring/github/bot-author";
import { safeParseDiff } from "@/lib/git/diff";
import { asHttpError, createGithubClient, GithubImportError, toImportError, type TClock } from "./github-client";
import {
  ZGithubImportCursorSchema,
  type TGithubFile,
  type TGithubImportCursor,
  type TGithubPullRequest,
  type TLinkedIssue,
  type TReviewComment,
} from "./github-schema";
import { parseClosingReferences } from "./linked-issues";
import { ZGithubRepoSlugSchema } from "@/lib/schemas/imports";

export { GithubImportError, type TClock, type TGithubImportErrorCode } from "./github-client";
export * from "./github-schema";

export const ZGithubImportRequestSchema = z.object({
  repo: ZGithubRepoSlugSchema,
  /** Extra GitHub search terms, e.g. "label:bug parser". */
  query: z.string().trim().optional(),
  mergedFrom: z.iso.date().optional(),
  mergedTo: z.iso.date().optional(),
  cursor: ZGithubImportCursorSchema.nullable().optional(),
  perPage: z.number().int().min(1).max(100).default(50),
  /** Stop after this many pull requests (one batch); the result's cursor continues from there. */
  maxPullRequests: z.number().int().positive().optional(),
});
export type TGithubImportRequest = z.input<typeof ZGithubImportRequestSchema>;

export interface TGithubImportProgress {
  imported: number;
  /** Known when a search is used; null while walking the pulls list. */
  total: number | null;
  message: string;
}

export interface ImportGithubOptions extends TGithubImportRequest {
  auth?: string;
  baseUrl?: string;
  clock?: TClock;
  onProgress?: (progress: TGithubImportProgress) => void;
  /** Called after each pull request with the cursor that resumes after it; persist both here. */
  onPullRequest?: (pullRequest: TGithubPullRequest, cursor: TGithubImportCursor) => void | Promise<void>;
}

export interface TGithubImportResult {
  pullRequests: TGithubPullRequest[];
  cursor: TGithubImportCursor;
  /** False when maxPullRequests stopped the import early. */
  done: boolean;
}

interface TListedPull {
  number: number;
  merged: boolean;
  /** Missing for search results, which lack the commits; read from the pull request itself. */
  pull?: TPullLike;
}

interface TPageOfPulls {
  items: TListedPull[];
  hasNext: boolean;
  total: number | null;
}

type TPullLike = {
  number: number;
  title: string;
  body: string | null;
  html_url: string;
  user: { login: string; type?: string } | null;
  merged_at: string | null;
  created_at: string;
  merge_commit_sha: string | null;
  base: { ref: string; sha: string };
  head: { sha: string };
};

/**
 * Imports merged pull requests of a repository, oldest first so that pages stay put while
 * new pull requests arrive and a cursor can resume an interrupted import. Without a query or
 * date range it walks the pulls list; with one it uses GitHub's search (at most 1,000 results).
 * On failure it throws a GithubImportError whose cursor resumes after the last finished pull request.
 */
export async function importGithubPullRequests(options: ImportGithubOptions): Promise<TGithubImportResult> {
  const parsed = ZGithubImportRequestSchema.safeParse(options);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new GithubImportError("invalid_request", problems);
  }
  const request = parsed.data;
  const [owner, repo] = request.repo.split("/") as [string, string];
  let cursor: TGithubImportCursor = request.cursor ?? { page: 1, lastNumber: null };
  const pullRequests: TGithubPullRequest[] = [];
  let total: number | null = null;
  const report = (message: string) => options.onProgress?.({ imported: pullRequests.length, total, message });
  const octokit = createGithubClient({ auth: options.auth, baseUrl: options.baseUrl, clock: options.clock, onWait: report });
  const search = searchQuery(owner, repo, request);

  try {
    for (;;) {
      const page = search === null
        ? await listClosedPulls(octokit, owner, repo, cursor.page, request.perPage)
        : await searchMergedPulls(octokit, search, cursor.page, request.perPage);
      total = page.total;
      for (const item of page.items) {
        // Numbers grow with creation time, so everything up to lastNumber was done before.
        if (cursor.lastNumber !== null && item.number <= cursor.lastNumber) continue;
        if (item.merged) {
          const imported = await loadPullRequest(octokit, owner, repo, item).catch((error: unknown) => {
            throw pullRequestError(error, item.number);
          });
          pullRequests.push(imported);
          cursor = { page: cursor.page, lastNumber: item.number };
          await options.onPullRequest?.(imported, cursor);
          report(`imported #${imported.number} ${imported.title}`);
          if (request.maxPullRequests !== undefined && pullRequests.length >= request.maxPullRequests) {
            return { pullRequests, cursor, done: false };
          }
        } else {
          cursor = { page: cursor.page, lastNumber: item.number };
        }
      }
      if (!page.hasNext) return { pullRequests, cursor, done: true };
      cursor = { page: cursor.page + 1, lastNumber: cursor.lastNumber };
    }
  } catch (error) {
    throw toImportError(error, request.repo, cursor);
  }
}

function searchQuery(owner: string, repo: string, request: z.output<typeof ZGithubImportRequestSchema>): string | null {
  const { query, mergedFrom, mergedTo } = request;
  if (!query && !mergedFrom && !mergedTo) return null;
  const merged = mergedFrom && mergedTo ? `merged:${mergedFrom}..${mergedTo}`
    : mergedFrom ? `merged:>=${mergedFrom}`
      : mergedTo ? `merged:<=${mergedTo}` : "";
  return [`repo:${owner}/${repo}`, "is:pr", "is:merged", merged, query ?? ""].filter(Boolean).join(" ");
}

/** One pull request by number (title, description, review comments, linked issues, files, diff): provenance for a local import. */
export async function fetchPullRequest(options: { repo: string; number: number; auth?: string; baseUrl?: string; clock?: TClock }): Promise<TGithubPullRequest> {
  const [owner, repo] = options.repo.split("/") as [string, string];
  const octokit = createGithubClient({ auth: options.auth, baseUrl: options.baseUrl, clock: options.clock });
  try {
    return await loadPullRequest(octokit, owner, repo, { number: options.number, merged: true });
  } catch (error) {
    if (error instanceof GithubImportError) throw error;
    throw toImportError(pullRequestError(error, options.number), options.repo, null);
  }
}

async function listClosedPulls(octokit: Octokit, owner: string, repo: string, page: number, perPage: number): Promise<TPageOfPulls> {
  const response = await octokit.rest.pulls.list({ owner, repo, state: "closed", sort: "created", direction: "asc", per_page: perPage, page });
  return {
    items: response.data.map((pull) => ({ number: pull.number, merged: pull.merged_at !== null, pull })),
    hasNext: hasNextPage(response.headers.link),
    total: null,
  };
}

async function searchMergedPulls(octokit: Octokit, q: string, page: number, perPage: number): Promise<TPageOfPulls> {
  const response = await octokit.rest.search.issuesAndPullRequests({ q, sort: "created", order: "asc", per_page: perPage, page });
  return {
    items: response.data.items.map((item) => ({ number: item.number, merged: true })),
    hasNext: hasNextPage(response.headers.link),
    total: response.data.total_count,
  };
}

function hasNextPage(link: string | undefined): boolean {
  return /rel="next"/.test(link ?? "");
}

/** A 404 deep inside one pull request is about that pull request, not about the repository. */
function pullRequestError(error: unknown, number: number): unknown {
  const http = asHttpError(error);
  if (!http || http.status === 401 || http.status === 403) return error;
  return new GithubImportError("failed", `pull request #${number} could not be read: GitHub answered ${http.status} (${http.message})`);
}

async function loadPullRequest(octokit: Octokit, owner: string, repo: string, item: TListedPull): Promise<TGithubPullRequest> {
  const pull_number = item.number;
  const pull = item.pull ?? (await octokit.rest.pulls.get({ owner, repo, pull_number })).data;
  const files = await octokit.paginate(octokit.rest.pulls.listFiles, { owner, repo, pull_number, per_page: 100 });
  const comments = await octokit.paginate(octokit.rest.pulls.listReviewComments, { owner, repo, pull_number, per_page: 100 });
  const { diff, diffUnavailable } = await readPullDiff(octokit, owner, repo, pull_number);
  const linkedIssues: TLinkedIssue[] = [];
  for (const ref of parseClosingReferences(pull.body, owner, repo)) {
    linkedIssues.push(await readIssue(octokit, ref.owner, ref.repo, ref.number));
  }
  const binaryInDiff = binaryPaths(diff);
  return {
    repo: `${owner}/${repo}`,
    number: pull.number,
    url: pull.html_url,
    title: pull.title,
    body: pull.body ?? "",
    author: pull.user?.login ?? null,
    authorIsBot: pull.user?.type === "Bot" || isBotAuthor(pull.user?.login),
    merged: true,
    mergedAt: pull.merged_at ?? "",
    createdAt: pull.created_at,
    baseRef: pull.base.ref,
    baseSha: pull.base.sha,
    headSha: pull.head.sha,
    mergeCommitSha: pull.merge_commit_sha,
    linkedIssues,
    reviewComments: comments.map(toReviewComment),
    files: files.map((file): TGithubFile => ({
      path: file.filename,
      previousPath: file.previous_filename ?? null,
      status: file.status,
      additions: file.additions,
      deletions: file.deletions,
      // GitHub omits the patch of binary (and of very large) files; the diff tells them apart.
      binary: binaryInDiff?.has(file.filename) ?? (file.patch === undefined && file.changes === 0 && file.status !== "renamed"),
    })),
    diff,
    diffUnavailable,
  };
}

async function readPullDiff(octokit: Octokit, owner: string, repo: string, pull_number: number): Promise<{ diff: string | null; diffUnavailable: string | null }> {
  try {
    const response = await octokit.rest.pulls.get({ owner, repo, pull_number, mediaType: { format: "diff" } });
    return { diff: response.data as unknown as string, diffUnavailable: null };
  } catch (error) {
    const http = asHttpError(error);
    // GitHub refuses diffs over its size limits (406, or 422 on some versions).
    if (http && (http.status === 406 || http.status === 422)) {
      return { diff: null, diffUnavailable: `GitHub would not produce the diff (${http.status}): ${http.message}` };
    }
    throw error;
  }
}

function binaryPaths(diff: string | null): Set<string> | null {
  if (diff === null) return null;
  const parsed = safeParseDiff(diff);
  if (!parsed.ok) return null;
  return new Set(parsed.diff.files.filter((f) => f.binary).map((f) => f.newPath ?? f.oldPath ?? ""));
}

async function readIssue(octokit: Octokit, owner: string, repo: string, number: number): Promise<TLinkedIssue> {
  try {
    const { data } = await octokit.rest.issues.get({ owner, repo, issue_number: number });
    return { owner, repo, number, title: data.title, body: data.body ?? "", state: data.state, url: data.html_url };
  } catch (error) {
    const status = asHttpError(error)?.status;
    if (status === 404 || status === 410 || status === 403) {
      return { owner, repo, number, title: null, body: null, state: null, url: null };
    }
    throw error;
  }
}

type TApiReviewComment = Awaited<ReturnType<Octokit["rest"]["pulls"]["listReviewComments"]>>["data"][number];

function toReviewComment(comment: TApiReviewComment): TReviewComment {
  return {
    id: comment.id,
    inReplyToId: comment.in_reply_to_id ?? null,
    path: comment.path,
    line: comment.line ?? null,
    startLine: comment.start_line ?? null,
    originalLine: comment.original_line ?? null,
    side: comment.side ?? null,
    diffHunk: comment.diff_hunk,
    body: comment.body,
    author: comment.user?.login ?? null,
    createdAt: comment.created_at,
    url: comment.html_url,
  };
}
