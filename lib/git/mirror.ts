import "server-only";
// The studio's one git mirror module: bare mirrors of a repository source,
// used by the validation runner (ensureMirror, under <cacheDir>/mirrors),
// imports, admission, the evidence view and the patch check (prepareMirror,
// openMirror, under ${STUDIO_DATA_DIR}/cache).
//
// Runner mirrors are cloned once and fetched only on demand (refresh, or a
// commit the mirror does not have yet). gc.auto is off in them: prepared
// workspaces borrow their objects (git alternates), so nothing may be pruned.

import { createHash, randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { access, mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { firstFatalLine, GitCommandError, runGit, type GitOptions } from "./run-git";
import { CacheIndex } from "../runner/cache-index";
import { RunnerError } from "../runner/errors";
import { git } from "../runner/host";
import { mirrorKey } from "../runner/keys";
import { withLock } from "../runner/lock";

export interface Mirror {
  key: string;
  /** Absolute path of the bare mirror. */
  dir: string;
  /** The normalized source: a URL, or an absolute local path. */
  source: string;
}

export interface MirrorOptions {
  cacheDir: string;
  maxCacheBytes?: number;
  /** Fetch even when the mirror exists. */
  refresh?: boolean;
}

export async function ensureMirror(repoUrl: string, options: MirrorOptions): Promise<Mirror> {
  const source = normalizeRunSource(repoUrl);
  const key = mirrorKey(source);
  const mirrorsDir = path.join(options.cacheDir, "mirrors");
  const mirror: Mirror = { key, dir: path.join(mirrorsDir, `${key}.git`), source };
  const index = new CacheIndex(options.cacheDir, options.maxCacheBytes);
  await mkdir(mirrorsDir, { recursive: true });

  if (existsSync(/*turbopackIgnore: true*/ mirror.dir) && !options.refresh) return mirror;
  await withLock(path.join(mirrorsDir, `${key}.lock`), async () => {
    if (existsSync(/*turbopackIgnore: true*/ mirror.dir)) {
      if (options.refresh) await fetchInto(mirror, index);
      return;
    }
    if (!isCloneUrl(source)) await assertLocalRepository(source);
    const tmp = path.join(mirrorsDir, `.tmp-${process.pid}-${randomUUID()}`);
    const clone = await git(["clone", "--mirror", "--quiet", "--", source, tmp]);
    if (clone.code !== 0) {
      await rm(tmp, { recursive: true, force: true });
      throw new RunnerError("clone_failed", `${repoUrl} cannot be cloned: ${lastLine(clone.stderr)}`, clone.stderr);
    }
    await git(["config", "gc.auto", "0"], { cwd: tmp });
    for (const key of knownCommits.keys()) if (key.startsWith(`${mirror.dir}\0`)) knownCommits.delete(key); // a new clone (the old one was evicted)
    await rename(tmp, mirror.dir);
    const lease = await index.add(key, { kind: "mirror", path: path.relative(options.cacheDir, mirror.dir) });
    await lease.release();
  });
  return mirror;
}

export async function refreshMirror(mirror: Mirror, options: { cacheDir: string }): Promise<void> {
  await withLock(`${mirror.dir.replace(/\.git$/, "")}.lock`, () => fetchInto(mirror, new CacheIndex(options.cacheDir)));
}

/** The full id of `sha` when the mirror has that commit, else null. */
export async function resolveCommit(mirror: Mirror, sha: string): Promise<string | null> {
  if (!/^[0-9a-f]{4,64}$/i.test(sha)) return null;
  const result = await git(["rev-parse", "--verify", "--quiet", `${sha}^{commit}`], { cwd: mirror.dir });
  return result.code === 0 ? result.stdout.trim() : null;
}

// Full commit ids this process has found in a mirror: found once, found for good
// (gc.auto=0, nothing is pruned), so a run spares itself a `git rev-parse`.
// Short ids are not kept: a fetch can make them ambiguous.
const knownCommits = new Map<string, string>();

/** Like resolveCommit, but fetches once before giving up; throws commit_not_found. */
export async function requireCommit(mirror: Mirror, sha: string, options: { cacheDir: string }): Promise<string> {
  const known = knownCommits.get(`${mirror.dir}\0${sha}`);
  if (known) return known;
  const found = (await resolveCommit(mirror, sha)) ?? (await refreshMirror(mirror, options).then(() => resolveCommit(mirror, sha)));
  if (!found) throw new RunnerError("commit_not_found", `commit ${sha} not found in ${mirror.source}`);
  if (found === sha.toLowerCase()) knownCommits.set(`${mirror.dir}\0${sha}`, found);
  return found;
}

async function fetchInto(mirror: Mirror, index: CacheIndex): Promise<void> {
  const fetched = await git(["fetch", "--prune", "--quiet", "origin"], { cwd: mirror.dir });
  if (fetched.code !== 0) {
    throw new RunnerError("clone_failed", `cannot fetch from ${mirror.source}: ${lastLine(fetched.stderr)}`, fetched.stderr);
  }
  await index.remeasure(mirror.key);
}

function normalizeRunSource(repoUrl: string): string {
  const trimmed = repoUrl.trim();
  if (trimmed === "" || trimmed.startsWith("-")) throw new RunnerError("not_a_repository", `invalid repository ${JSON.stringify(repoUrl)}`);
  if (trimmed.startsWith("file://")) return path.resolve(decodeURIComponent(trimmed.slice("file://".length)));
  return isCloneUrl(trimmed) ? trimmed : path.resolve(trimmed);
}

async function assertLocalRepository(dir: string): Promise<void> {
  if (!existsSync(/*turbopackIgnore: true*/ dir)) throw new RunnerError("not_a_repository", `${dir} does not exist`);
  // The ceiling stops git from finding an enclosing repository above `dir`.
  const probe = await git(["rev-parse", "--git-dir"], { cwd: dir, env: { GIT_CEILING_DIRECTORIES: path.dirname(dir) } });
  if (probe.code !== 0) throw new RunnerError("not_a_repository", `${dir} is not a git repository`, probe.stderr);
}

function lastLine(text: string): string {
  return text.trim().split("\n").filter(Boolean).pop() ?? "no message from git";
}

// ---- Source mirrors (imports, admission, evidence, patch check): git helpers and their errors.

export type TLocalImportErrorCode = "not_a_repository" | "clone_failed" | "fetch_failed" | "commit_not_found" | "git_failed";

export class LocalImportError extends Error {
  readonly code: TLocalImportErrorCode;
  constructor(code: TLocalImportErrorCode, message: string) {
    super(message);
    this.name = "LocalImportError";
    this.code = code;
  }
}

export interface TMirror {
  /** The bare mirror's directory. */
  path: string;
  /** The branch the source's HEAD points at, e.g. "main". */
  defaultBranch: string;
  /** True when this call cloned it, false when an existing mirror was refreshed. */
  created: boolean;
}

/** Runs git inside `repoPath` only: discovery may not climb into an enclosing repository. */
export function gitIn(repoPath: string, args: readonly string[], options: GitOptions = {}): Promise<string> {
  const dir = path.resolve(repoPath);
  return runGit(args, { ...options, cwd: dir, env: { GIT_CEILING_DIRECTORIES: path.dirname(dir), ...options.env } });
}

export async function assertRepository(repoPath: string): Promise<void> {
  await defaultBranch(repoPath);
}

export function isCloneUrl(source: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(source) || /^[^/\\]+@[^/\\:]+:/.test(source);
}

export function mirrorPathFor(source: string, cacheDir: string): string {
  const name = path.basename(source.replace(/[/\\]+$/, "")).replace(/\.git$/, "").replace(/[^A-Za-z0-9._-]/g, "_") || "repo";
  const hash = createHash("sha256").update(source).digest("hex").slice(0, 12);
  return path.join(cacheDir, `${name}-${hash}.git`);
}

/**
 * Makes or refreshes a bare mirror of a local path or clone URL under `cacheDir`.
 * A fresh clone goes to a temporary directory first, so concurrent workers never see half a mirror.
 */
export async function prepareMirror(source: string, cacheDir: string): Promise<TMirror> {
  let origin = source;
  if (!isCloneUrl(source)) {
    origin = path.resolve(source);
    await assertRepository(origin);
  }
  const mirror = mirrorPathFor(origin, cacheDir);
  const exists = await access(path.join(mirror, "HEAD")).then(() => true, () => false);
  if (exists) {
    await fetchSourceMirror(mirror, source);
  } else {
    await cloneMirror(origin, mirror, source);
  }
  return { path: mirror, defaultBranch: await defaultBranch(mirror), created: !exists };
}

async function cloneMirror(origin: string, mirror: string, source: string): Promise<void> {
  await mkdir(path.dirname(mirror), { recursive: true });
  const staging = `${mirror}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
  try {
    await runGit(["clone", "--mirror", "--quiet", "--", origin, staging]);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw new LocalImportError("clone_failed", `${source} could not be cloned: ${gitMessage(error)}`);
  }
  try {
    await rename(staging, mirror);
  } catch (error) {
    // Another worker finished the same clone first; theirs is as good as ours.
    await rm(staging, { recursive: true, force: true });
    const taken = (error as NodeJS.ErrnoException).code;
    if (taken !== "EEXIST" && taken !== "ENOTEMPTY") throw error;
  }
}

async function fetchSourceMirror(mirror: string, source: string): Promise<void> {
  try {
    await gitIn(mirror, ["fetch", "--quiet", "--prune", "origin"]);
  } catch (error) {
    throw new LocalImportError("fetch_failed", `${source} could not be fetched: ${gitMessage(error)}`);
  }
  // The source may have changed its default branch since the mirror was made.
  const symref = await gitIn(mirror, ["ls-remote", "--symref", "origin", "HEAD"]).catch(() => "");
  const head = /^ref: (refs\/heads\/\S+)\tHEAD$/m.exec(symref)?.[1];
  if (head) await gitIn(mirror, ["symbolic-ref", "HEAD", head]);
}

/** The branch HEAD points at ("HEAD" when detached); also the check that `repoPath` is a repository. */
export async function defaultBranch(repoPath: string): Promise<string> {
  const exists = await stat(repoPath).then((s) => s.isDirectory(), () => false);
  if (!exists) throw new LocalImportError("not_a_repository", `${repoPath} is not a git repository (no such directory)`);
  let ref: string;
  try {
    ref = (await gitIn(repoPath, ["rev-parse", "--abbrev-ref", "HEAD"])).trim();
  } catch (error) {
    if (/not a git repository/i.test(gitMessage(error))) {
      throw new LocalImportError("not_a_repository", `${repoPath} is not a git repository`);
    }
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

// ---- Source mirrors: one bare mirror per source under ${STUDIO_DATA_DIR}/cache/import-mirrors,
// shared by imports, admission and the evidence view.

export function studioDataDir(): string {
  // The data folder is chosen at run time; the bundler must not trace it.
  return path.resolve(/*turbopackIgnore: true*/ process.env.STUDIO_DATA_DIR ?? ".studio-data");
}

export function importMirrorsDir(): string {
  return path.join(studioDataDir(), "cache", "import-mirrors");
}

/** A source as the studio stores it: clone URLs as typed, local paths made absolute. */
export function normalizeSource(source: string): string {
  const trimmed = source.trim();
  return isCloneUrl(trimmed) ? trimmed : path.resolve(trimmed);
}

// One clone or fetch per source at a time in this process; later callers share it.
const inFlight = new Map<string, Promise<TMirror>>();

/** Clones or refreshes the mirror of `source` (imports always want the latest history). */
export function refreshSourceMirror(source: string, cacheDir = importMirrorsDir()): Promise<TMirror> {
  const key = `${cacheDir}\0${normalizeSource(source)}`;
  const running = inFlight.get(key);
  if (running) return running;
  const started = prepareMirror(normalizeSource(source), cacheDir).finally(() => inFlight.delete(key));
  inFlight.set(key, started);
  return started;
}

/** The mirror as it is when it exists (no network), otherwise a fresh clone. */
export async function openMirror(source: string, cacheDir = importMirrorsDir()): Promise<string> {
  const mirror = mirrorPathFor(normalizeSource(source), cacheDir);
  const exists = await access(path.join(mirror, "HEAD")).then(() => true, () => false);
  if (exists) return mirror;
  return (await refreshSourceMirror(source, cacheDir)).path;
}

/** A mirror that holds every one of `commits`, fetching once when one is missing. */
export async function openMirrorWith(source: string, commits: readonly string[], cacheDir = importMirrorsDir()): Promise<string> {
  let mirror = await openMirror(source, cacheDir);
  const missing = async () => {
    for (const commit of commits) if (!(await commitExists(mirror, commit))) return commit;
    return null;
  };
  if ((await missing()) === null) return mirror;
  mirror = (await refreshSourceMirror(source, cacheDir)).path;
  const still = await missing();
  if (still !== null) throw new LocalImportError("commit_not_found", `commit not found in ${source}: ${still}`);
  return mirror;
}
