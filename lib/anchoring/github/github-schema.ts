// Pure: the shapes of what a GitHub import reads (pull requests, files, review comments, linked issues).
import { z } from "zod";

/** Where an interrupted import continues: the list page, and the last pull request finished on it. */
export const ZGithubImportCursorSchema = z.object({
  page: z.number().int().positive(),
  lastNumber: z.number().int().positive().nullable(),
});
export type TGithubImportCursor = z.infer<typeof ZGithubImportCursorSchema>;

export const ZLinkedIssueSchema = z.object({
  owner: z.string(),
  repo: z.string(),
  number: z.number().int().positive(),
  /** null when the issue could not be read (deleted, transferred, or not visible to the token). */
  title: z.string().nullable(),
  body: z.string().nullable(),
  state: z.string().nullable(),
  url: z.string().nullable(),
});
export type TLinkedIssue = z.infer<typeof ZLinkedIssueSchema>;

export const ZReviewCommentSchema = z.object({
  id: z.number().int(),
  /** The comment this one answers; threads hang off the comment with null here. */
  inReplyToId: z.number().int().nullable(),
  path: z.string(),
  line: z.number().int().nullable(),
  startLine: z.number().int().nullable(),
  originalLine: z.number().int().nullable(),
  side: z.enum(["LEFT", "RIGHT"]).nullable(),
  diffHunk: z.string(),
  body: z.string(),
  author: z.string().nullable(),
  createdAt: z.string(),
  url: z.string(),
});
export type TReviewComment = z.infer<typeof ZReviewCommentSchema>;

export const ZGithubFileSchema = z.object({
  path: z.string(),
  previousPath: z.string().nullable(),
  status: z.string(),
  additions: z.number().int().nonnegative(),
  deletions: z.number().int().nonnegative(),
  binary: z.boolean(),
});
export type TGithubFile = z.infer<typeof ZGithubFileSchema>;

export const ZGithubPullRequestSchema = z.object({
  repo: z.string(),
  number: z.number().int().positive(),
  url: z.string(),
  title: z.string(),
  body: z.string(),
  author: z.string().nullable(),
  authorIsBot: z.boolean(),
  merged: z.literal(true),
  mergedAt: z.string(),
  createdAt: z.string(),
  baseRef: z.string(),
  baseSha: z.string(),
  headSha: z.string(),
  mergeCommitSha: z.string().nullable(),
  linkedIssues: z.array(ZLinkedIssueSchema),
  reviewComments: z.array(ZReviewCommentSchema),
  files: z.array(ZGithubFileSchema),
  /** The unified diff, or null when GitHub would not produce it (see diffUnavailable). */
  diff: z.string().nullable(),
  diffUnavailable: z.string().nullable(),
});
export type TGithubPullRequest = z.infer<typeof ZGithubPullRequestSchema>;
