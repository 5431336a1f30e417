import "server-only";
// The studio's one git mirror module: one bare mirror per repository source, under
// <cacheDir>/mirrors/<key>.git (cacheDir: STUDIO_CACHE_DIR, else $STUDIO_DATA_DIR/cache), cloned
// once per machine and shared by imports, admission, the evidence view, the patch check, exports
// and the validation runner (a local path and its file:// URL are one source).
//
// A mirror is cloned once, under a lock, into a temporary folder first (no process ever sees half a
// mirror), and fetched only on demand: imports ask for the latest history (`refreshSourceMirror`),
// everyone else for the commits they need (`requireCommit`, `openMirrorWith`), fetching once when
// one is missing. gc.auto is off: prepared workspaces borrow the objects (git alternates), so
// nothing may be pruned.

import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { CacheIndex } from "./cache-index";
import { RunnerError } from "./errors";
import { mirrorKey } from "./keys";
import { withLock } from "./lock";
import { firstFatalLine, GitCommandError, runGit, type GitOptions } from "../git/run-git";

export type TGitSourceErrorCode = "not_a_repository" | "clone_failed" | "fetch_failed" | "commit_not_found" | "not_mirrored" | "git_failed";

/**
 * The one error of a repository source: not a repository, cannot be cloned or fetched, a commit it
 * does not have. A RunnerError, so a run that meets it ends as the runner's own failure.
 */
export class GitSourceError extends RunnerError {
  declare readonly code: TGitSourceErrorCode;
  constructor(code: TGitSourceErrorCode, message: string, log = "") {
    super(code, message, log);
    this.name = "GitSourceError";
  }
}

export interface Mirror {
  key: string;
  /** Absolute path of the bare mirror. */
  dir: string;
  /** The normalized source: a URL, or an absolute local path. */
  source: string;
}

export interface MirrorOptions {
  /** Default: studioCacheDir(). */
  cacheDir?: string;
  maxCacheBytes?: number;
  /** Fetch even when the mirror exists. */
  refresh?: boolean;
}

export function studioDataDir(): string {
  // The data folder is chosen at run time; the bundler must not trace it.
  return path.resolve(/*turbopackIgnore: true*/ process.env.STUDIO_DATA_DIR ?? ".studio-data");
}

/** This machine's cache folder: mirrors and prepared workspaces, shared by the web server and its workers. */
export function studioCacheDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.STUDIO_CACHE_DIR ?? path.join(studioDataDir(), "cache"));
}

export function isCloneUrl(source: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(source) || /^[^/\\]+@[^/\\:]+:/.test(source);
}

/** A source as the studio stores it: clone URLs as typed, local paths (and file:// URLs) absolute. */
export function normalizeSource(source: string): string {
  const trimmed = source.trim();
  if (trimmed === "" || trimmed.startsWith("-")) throw new GitSourceError("not_a_repository", `invalid repository ${JSON.stringify(source)}`);
  if (trimmed.startsWith("file://")) return path.resolve(decodeURIComponent(trimmed.slice("file://".length)));
  return isCloneUrl(trimmed) ? trimmed : path.resolve(trimmed);
}

/** Where the mirror of `source` is (or would be), without touching the disk. */
export function mirrorOf(source: string, cacheDir = studioCacheDir()): Mirror {
  const normalized = normalizeSource(source);
  const key = mirrorKey(normalized);
  return { key, dir: path.join(path.resolve(cacheDir), "mirrors", `${key}.git`), source: normalized };
}

const lockOf = (mirror: Mirror) => mirror.dir.replace(/\.git$/, ".lock");

/** The mirror of `source`, cloned when this machine has none (and fetched when `refresh`). */
export async function ensureMirror(source: string, options: MirrorOptions = {}): Promise<Mirror> {
  return (await ensureMirrorReporting(source, options)).mirror;
}

async function ensureMirrorReporting(source: string, options: MirrorOptions): Promise<{ mirror: Mirror; created: boolean }> {
  const cacheDir = path.resolve(options.cacheDir ?? studioCacheDir());
  const mirror = mirrorOf(source, cacheDir);
  if (existsSync(/*turbopackIgnore: true*/ mirror.dir) && !options.refresh) return { mirror, created: false };
  const index = new CacheIndex(cacheDir, options.maxCacheBytes);
  await mkdir(path.dirname(mirror.dir), { recursive: true });
  let created = false;
  await withLock(lockOf(mirror), async () => {
    if (existsSync(/*turbopackIgnore: true*/ mirror.dir)) {
      if (options.refresh) await fetchInto(mirror, index);
      return;
    }
    if (!isCloneUrl(mirror.source)) await assertRepository(mirror.source);
    const tmp = path.join(path.dirname(mirror.dir), `.tmp-${process.pid}-${randomUUID()}`);
    try {
      await runGit(["clone", "--mirror", "--quiet", "--", mirror.source, tmp]);
    } catch (error) {
      await rm(tmp, { recursive: true, force: true });
      throw new GitSourceError("clone_failed", `${mirror.source} could not be cloned: ${gitMessage(error)}`, gitLog(error));
    }
    await runGit(["config", "gc.auto", "0"], { cwd: tmp });
    for (const known of knownCommits.keys()) if (known.startsWith(`${mirror.dir}\0`)) knownCommits.delete(known); // a new clone (the old one was evicted)
    await rename(tmp, mirror.dir);
    const lease = await index.add(mirror.key, { kind: "mirror", path: path.relative(cacheDir, mirror.dir) });
    await lease.release();
    created = true;
  });
  return { mirror, created };
}

/** Fetches the mirror from its source (under its lock). */
export async function refreshMirror(mirror: Mirror, options: { cacheDir?: string } = {}): Promise<void> {
  await withLock(lockOf(mirror), () => fetchInto(mirror, new CacheIndex(path.resolve(options.cacheDir ?? studioCacheDir()))));
}

async function fetchInto(mirror: Mirror, index: CacheIndex): Promise<void> {
  try {
    await gitIn(mirror.dir, ["fetch", "--prune", "--quiet", "origin"]);
  } catch (error) {
    throw new GitSourceError("fetch_failed", `${mirror.source} could not be fetched: ${gitMessage(error)}`, gitLog(error));
  }
  // The source may have changed its default branch since the mirror was made.
  const symref = await gitIn(mirror.dir, ["ls-remote", "--symref", "origin", "HEAD"]).catch(() => "");
  const head = /^ref: (refs\/heads\/\S+)\tHEAD$/m.exec(symref)?.[1];
  if (head) await gitIn(mirror.dir, ["symbolic-ref", "HEAD", head]);
  await index.remeasure(mirror.key);
}

/** The full id of `sha` when the mirror has that commit, else null. */
export async function resolveCommit(mirror: Mirror, sha: string): Promise<string | null> {
  if (!/^[0-9a-f]{4,64}$/i.test(sha)) return null;
  return gitIn(mirror.dir, ["rev-parse", "--verify", "--quiet", `${sha}^{commit}`]).then((out) => out.trim(), () => null);
}

// Full commit ids this process has found in a mirror: found once, found for good
// (gc.auto=0, nothing is pruned), so a run spares itself a `git rev-parse`.
// Short ids are not kept: a fetch can make them ambiguous.
const knownCommits = new Map<string, string>();

/** Like resolveCommit, but fetches once before giving up; throws commit_not_found. */
export async function requireCommit(mirror: Mirror, sha: string, options: { cacheDir?: string } = {}): Promise<string> {
  const known = knownCommits.get(`${mirror.dir}\0${sha}`);
  if (known) return known;
  const found = (await resolveCommit(mirror, sha)) ?? (await refreshMirror(mirror, options).then(() => resolveCommit(mirror, sha)));
  if (!found) throw new GitSourceError("commit_not_found", `commit not found in ${mirror.source}: ${sha}`);
  if (found === sha.toLowerCase()) knownCommits.set(`${mirror.dir}\0${sha}`, found);
  return found;
}

/**
 * The mirror as this machine has it, with `sha` in it, never cloning or fetching: for work inside
 * an HTTP request (an export download), which must not wait on the network.
 */
export async function existingMirrorWith(source: string, sha: string, cacheDir = studioCacheDir()): Promise<{ mirror: Mirror; commit: string }> {
  const mirror = mirrorOf(source, cacheDir);
  if (!existsSync(/*turbopackIgnore: true*/ mirror.dir)) {
    throw new GitSourceError("not_mirrored", `${mirror.source} has no mirror on this machine yet (a run or an import of it makes one)`);
  }
  const commit = await resolveCommit(mirror, sha);
  if (!commit) throw new GitSourceError("not_mirrored", `the mirror of ${mirror.source} does not hold commit ${sha} yet (a run or an import of it fetches it)`);
  return { mirror, commit };
}

// One fetch per source at a time in this process; later callers share it (the lock serializes processes).
const inFlight = new Map<string, Promise<TMirror>>();

export interface TMirror {
  /** The bare mirror's directory. */
  path: string;
  /** The branch the source's HEAD points at, e.g. "main". */
  defaultBranch: string;
  /** True when this call cloned it, false when an existing mirror was fetched. */
  created: boolean;
}

/** Clones or fetches the mirror of `source` (imports always want the latest history). */
export function refreshSourceMirror(source: string, cacheDir = studioCacheDir()): Promise<TMirror> {
  const { dir } = mirrorOf(source, cacheDir);
  const running = inFlight.get(dir);
  if (running) return running;
  const started = ensureMirrorReporting(source, { cacheDir, refresh: true })
    .then(async ({ mirror, created }) => ({ path: mirror.dir, defaultBranch: await defaultBranch(mirror.dir), created }))
    .finally(() => inFlight.delete(dir));
  inFlight.set(dir, started);
  return started;
}

/** The mirror's directory as it is when it exists (no network), otherwise a fresh clone. */
export async function openMirror(source: string, cacheDir = studioCacheDir()): Promise<string> {
  return (await ensureMirror(source, { cacheDir })).dir;
}

/** A mirror that holds every one of `commits`, fetching once when one is missing. */
export async function openMirrorWith(source: string, commits: readonly string[], cacheDir = studioCacheDir()): Promise<string> {
  const mirror = await ensureMirror(source, { cacheDir });
  const missing = async () => {
    for (const commit of commits) if (!(await commitExists(mirror.dir, commit))) return commit;
    return null;
  };
  if ((await missing()) === null) return mirror.dir;
  await refreshMirror(mirror, { cacheDir });
  const still = await missing();
  if (still !== null) throw new GitSourceError("commit_not_found", `commit not found in ${source}: ${still}`);
  return mirror.dir;
}

// ---- git inside one repository (a mirror or a local clone).

/** Runs git inside `repoPath` only: discovery may not climb into an enclosing repository. */
export function gitIn(repoPath: string, args: readonly string[], options: GitOptions = {}): Promise<string> {
  const dir = path.resolve(repoPath);
  return runGit(args, { ...options, cwd: dir, env: { GIT_CEILING_DIRECTORIES: path.dirname(dir), ...options.env } });
}

/** Throws not_a_repository unless `repoPath` is a git repository of its own (not a folder inside one). */
export async function assertRepository(repoPath: string): Promise<void> {
  const exists = await stat(repoPath).then((s) => s.isDirectory(), () => false);
  if (!exists) throw new GitSourceError("not_a_repository", `${repoPath} is not a git repository (no such directory)`);
  try {
    await gitIn(repoPath, ["rev-parse", "--git-dir"]);
  } catch (error) {
    throw new GitSourceError("not_a_repository", `${repoPath} is not a git repository`, gitLog(error));
  }
}

/** The branch HEAD points at ("HEAD" when detached); also the check that `repoPath` is a repository. */
export async function defaultBranch(repoPath: string): Promise<string> {
  await assertRepository(repoPath);
  let ref: string;
  try {
    ref = (await gitIn(repoPath, ["rev-parse", "--abbrev-ref", "HEAD"])).trim();
  } catch {
    // An empty repository: HEAD names a branch with no commits yet.
    ref = (await gitIn(repoPath, ["symbolic-ref", "-q", "--short", "HEAD"]).catch(() => "")).trim();
  }
  return ref || "HEAD";
}

/** A value git may take as a revision argument (never an option). */
export function isRevision(value: string): boolean {
  return value.length > 0 && !value.startsWith("-") && !/[\s\0]/.test(value);
}

export async function commitExists(repoPath: string, sha: string): Promise<boolean> {
  if (!isRevision(sha)) return false;
  return gitIn(repoPath, ["cat-file", "-e", `${sha}^{commit}`]).then(() => true, () => false);
}

export function gitMessage(error: unknown): string {
  if (error instanceof GitCommandError) return firstFatalLine(error.stderr);
  return error instanceof Error ? error.message : String(error);
}

const gitLog = (error: unknown) => (error instanceof GitCommandError ? error.stderr : "");

/** The raw unified diff from base to head, as the curator and the gold patch see it. */
export async function readDiff(repoPath: string, base: string, head: string, options: { binary?: boolean } = {}): Promise<string> {
  await assertRepository(repoPath);
  for (const sha of [base, head]) {
    if (!(await commitExists(repoPath, sha))) {
      throw new GitSourceError("commit_not_found", `commit not found: ${sha}`);
    }
  }
  return gitIn(repoPath, [
    "-c", "core.quotePath=false", "diff", "--no-color", "--no-ext-diff", "--no-textconv", "--no-relative", "-M",
    "--src-prefix=a/", "--dst-prefix=b/", ...(options.binary ? ["--binary"] : []), base, head, "--",
  ]);
}
