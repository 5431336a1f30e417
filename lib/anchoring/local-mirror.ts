import { createHash, randomBytes } from "node:crypto";
import { access, mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { firstFatalLine, GitCommandError, runGit, type GitOptions } from "@/lib/git/run-git";

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
    await refreshMirror(mirror, source);
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

async function refreshMirror(mirror: string, source: string): Promise<void> {
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

export function gitMessage(error: unknown): string {
  if (error instanceof GitCommandError) return firstFatalLine(error.stderr);
  return error instanceof Error ? error.message : String(error);
}
