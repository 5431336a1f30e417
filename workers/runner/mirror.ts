// One bare mirror per repository under <cacheDir>/mirrors, cloned once and
// fetched only on demand (refresh, or a commit the mirror does not have yet).
// gc.auto is off in mirrors: prepared workspaces borrow their objects
// (git alternates), so nothing may be pruned under them.

import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { CacheIndex } from "./cache-index";
import { RunnerError } from "./errors";
import { git } from "./host";
import { mirrorKey } from "./keys";
import { withLock } from "./lock";

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
  const source = normalizeSource(repoUrl);
  const key = mirrorKey(source);
  const mirrorsDir = path.join(options.cacheDir, "mirrors");
  const mirror: Mirror = { key, dir: path.join(mirrorsDir, `${key}.git`), source };
  const index = new CacheIndex(options.cacheDir, options.maxCacheBytes);
  await mkdir(mirrorsDir, { recursive: true });

  if (existsSync(mirror.dir) && !options.refresh) return mirror;
  await withLock(path.join(mirrorsDir, `${key}.lock`), async () => {
    if (existsSync(mirror.dir)) {
      if (options.refresh) await fetchInto(mirror, index);
      return;
    }
    if (!isRemote(source)) await assertLocalRepository(source);
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

export function isRemote(source: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(source) || /^[\w.-]+@[\w.-]+:/.test(source);
}

function normalizeSource(repoUrl: string): string {
  const trimmed = repoUrl.trim();
  if (trimmed === "" || trimmed.startsWith("-")) throw new RunnerError("not_a_repository", `invalid repository ${JSON.stringify(repoUrl)}`);
  if (trimmed.startsWith("file://")) return path.resolve(decodeURIComponent(trimmed.slice("file://".length)));
  return isRemote(trimmed) ? trimmed : path.resolve(trimmed);
}

async function assertLocalRepository(dir: string): Promise<void> {
  if (!existsSync(dir)) throw new RunnerError("not_a_repository", `${dir} does not exist`);
  // The ceiling stops git from finding an enclosing repository above `dir`.
  const probe = await git(["rev-parse", "--git-dir"], { cwd: dir, env: { GIT_CEILING_DIRECTORIES: path.dirname(dir) } });
  if (probe.code !== 0) throw new RunnerError("not_a_repository", `${dir} is not a git repository`, probe.stderr);
}

function lastLine(text: string): string {
  return text.trim().split("\n").filter(Boolean).pop() ?? "no message from git";
}
