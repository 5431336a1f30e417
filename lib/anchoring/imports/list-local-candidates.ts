import "server-only";
import { StringDecoder } from "node:string_decoder";
import path from "node:path";
import { z } from "zod";
import { COMMIT_LOG_FORMAT, CommitLogParser, type TLogCommit } from "@/lib/git/commit-log";
import { firstFatalLine, spawnGit } from "@/lib/git/run-git";
import { ZChangedFileSchema } from "../screening/screen-candidate";
import { isBotAuthor } from "../github/bot-author";
import { assertRepository, commitExists, defaultBranch, gitIn, GitSourceError, isRevision } from "@/lib/runner/mirror";

export { commitExists, GitSourceError, readDiff } from "@/lib/runner/mirror";

export const ZLocalCandidateFileSchema = ZChangedFileSchema.extend({
  /** The path before a rename or copy. */
  previousPath: z.string().optional(),
});
export type TLocalCandidateFile = z.infer<typeof ZLocalCandidateFileSchema>;

export const ZLocalCandidateSchema = z.object({
  /** The commit on the default branch: the merge commit, or the change itself. */
  sha: z.string(),
  /** The first parent: the checkout the task starts from. */
  base: z.string(),
  /** The merged branch tip for a merge commit, otherwise the commit itself. */
  head: z.string(),
  isMerge: z.boolean(),
  title: z.string(),
  message: z.string(),
  authorName: z.string(),
  authorEmail: z.string(),
  authorIsBot: z.boolean(),
  date: z.string(),
  /** Everything on the default branch is merged. */
  merged: z.literal(true),
  /** Changed files between base and sha. */
  files: z.array(ZLocalCandidateFileSchema),
});
export type TLocalCandidate = z.infer<typeof ZLocalCandidateSchema>;

export interface ListCandidatesOptions {
  /** Branch or ref to walk; the repository's default branch (HEAD) when omitted. */
  ref?: string;
  maxCount?: number;
  onProgress?: (done: number, total: number) => void;
}

const PROGRESS_EVERY = 100;

/**
 * Lists anchoring candidates along the first-parent history of the default branch: merge
 * commits (base = first parent, head = second parent) and direct commits (base = parent),
 * with their changed files, in one streaming `git log`. Root commits have no base and are skipped.
 */
export async function listLocalCandidates(repoPath: string, options: ListCandidatesOptions = {}): Promise<TLocalCandidate[]> {
  const ref = options.ref ?? (await defaultBranch(repoPath));
  assertRevision(ref);
  const limit = options.maxCount === undefined ? [] : [`--max-count=${options.maxCount}`];
  // The count only feeds progress, so it runs beside the log instead of before it.
  let total = Number.NaN;
  const counting = gitIn(repoPath, ["rev-list", "--count", "--first-parent", ...limit, ref, "--"]).then(
    (counted) => void (total = Number(counted.trim())),
    () => undefined, // the log reports a bad ref itself
  );
  const candidates: TLocalCandidate[] = [];
  let done = 0;
  await streamCommitLog(repoPath, [...limit, ref], (commit) => {
    const candidate = toCandidate(commit);
    if (candidate) candidates.push(candidate);
    done++;
    if (done % PROGRESS_EVERY === 0 && !Number.isNaN(total)) options.onProgress?.(done, total);
  });
  await counting;
  options.onProgress?.(done, Number.isNaN(total) ? done : total);
  return candidates;
}

function streamCommitLog(repoPath: string, revisions: string[], onCommit: (commit: TLogCommit) => void): Promise<void> {
  const dir = path.resolve(repoPath);
  const child = spawnGit(
    ["-c", "log.showSignature=false", "log", "-z", "--first-parent", "--diff-merges=first-parent", "--numstat", "-M",
      "--no-color", "--no-ext-diff", COMMIT_LOG_FORMAT, ...revisions, "--"],
    { cwd: dir, env: { GIT_CEILING_DIRECTORIES: path.dirname(dir) } },
  );
  const parser = new CommitLogParser();
  const decoder = new StringDecoder("utf8");
  return new Promise<void>((resolve, reject) => {
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => {
      try {
        parser.push(decoder.write(chunk)).forEach(onCommit);
      } catch (error) {
        child.kill();
        reject(error);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) {
        const said = firstFatalLine(Buffer.concat(stderr).toString("utf8"));
        reject(/not a git repository/i.test(said)
          ? new GitSourceError("not_a_repository", `${repoPath} is not a git repository`)
          : new GitSourceError("git_failed", `cannot list commits of ${revisions.at(-1)}: ${said}`));
        return;
      }
      try {
        parser.push(decoder.end()).forEach(onCommit);
        parser.end().forEach(onCommit);
        resolve();
      } catch (error) {
        reject(error);
      }
    });
  });
}

function toCandidate(commit: TLogCommit): TLocalCandidate | null {
  const [base, second] = commit.parents;
  if (base === undefined) return null;
  const files = commit.files.map(({ path, previousPath, additions, deletions, binary }) =>
    previousPath === undefined ? { path, additions, deletions, binary } : { path, previousPath, additions, deletions, binary });
  return {
    sha: commit.sha,
    base,
    head: second ?? commit.sha,
    isMerge: second !== undefined,
    title: commit.message.split("\n", 1)[0] ?? "",
    message: commit.message,
    authorName: commit.authorName,
    authorEmail: commit.authorEmail,
    authorIsBot: isBotAuthor(commit.authorName, commit.authorEmail),
    date: commit.date,
    merged: true,
    files,
  };
}

function assertRevision(value: string): void {
  if (!isRevision(value)) throw new GitSourceError("git_failed", `not a valid revision: ${JSON.stringify(value)}`);
}
