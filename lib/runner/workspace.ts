import "server-only";
// Prepared workspaces: one per (repository, base commit, setup command, image),
// made once under <cacheDir>/workspaces/<key>/repo: a base-only repository (a
// fresh `git init` with one commit of the base tree and nothing else of the
// repository, base-repo.ts) and the setup command run once in the sandbox. The
// hidden tests are not there: setup never sees them; each run writes them after
// its patch (the grading recipe, lib/grading/recipe.ts, via run-steps.ts). Runs
// get an overlay on top of it, or a copy (run-workspace.ts).
//
// Setup has network by default (setupNetwork): installing dependencies
// (npm ci, pip install) needs a registry, and its result is then frozen for
// every run; test commands never have network. That network is a user-mode
// one in the sandbox's own namespace that cannot reach this machine
// (user-net.ts). Setup's disk use (the checkout, node_modules, /tmp) is
// bounded by setupLimits.diskBytes (default 16 GiB).
//
// Concurrency: preparation holds workspaces/<key>.lock, builds in a temporary
// directory and renames it into place, so a crash leaves no half-prepared
// workspace and two processes never run the same setup twice. A directory
// found on disk but missing from the index (index lost) is adopted, not rebuilt.

import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { lstat, lutimes, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { createBaseRepo } from "./base-repo";
import { CacheIndex, type Lease } from "./cache-index";
import { RunnerError } from "./errors";
import { git, runHost } from "./host";
import { workspaceKey } from "./keys";
import { withLock } from "./lock";
import type { Mirror } from "./mirror";
import { runSandboxed, type SandboxRequest } from "./sandbox";
import type { SandboxLimits } from "./sandbox-args";

export interface WorkspaceSpec {
  mirror: Mirror;
  /** Full commit id (see requireCommit). */
  commit: string;
  setupCommand: string | null;
  image: string | null;
}

export interface WorkspaceOptions {
  cacheDir: string;
  maxCacheBytes?: number;
  /** Default 15 minutes. */
  setupTimeoutMs?: number;
  /** Default true (see above); "host" uses the host's network instead, with a warning (comparison, diagnosis). */
  setupNetwork?: boolean | "host";
  /** See RunnerOptions.allowHostNetwork. */
  allowHostNetwork?: boolean;
  setupLimits?: Partial<SandboxLimits>;
  sandbox?: SandboxRequest["backend"];
  /** Host directories hidden from every sandboxed command (see SandboxRequest.hide). */
  hidePaths?: string[];
}

export interface PreparedWorkspace {
  key: string;
  /** Host path of the prepared repository; never written to by runs. */
  repoDir: string;
  /** Paths a run must see read-only besides its workspace (none: the base-only repository borrows nothing). */
  readOnly: string[];
  created: boolean;
  /** Output of the setup command (kept from when it ran). */
  setupLog: string;
  /** Releases the lease that keeps eviction away while a run uses the workspace (an overlay reads it throughout). */
  release(): Promise<void>;
}

const SETUP_LOG = "setup.log";
const SETUP_DISK_BYTES = 16 * 1024 ** 3;

export async function acquireWorkspace(spec: WorkspaceSpec, options: WorkspaceOptions): Promise<PreparedWorkspace> {
  const key = workspaceKey({ mirrorKey: spec.mirror.key, ...spec });
  const workspacesDir = path.join(options.cacheDir, "workspaces");
  const finalDir = path.join(workspacesDir, key);
  const index = new CacheIndex(options.cacheDir, options.maxCacheBytes);
  await mkdir(workspacesDir, { recursive: true });

  const ready = async (lease: Lease, created: boolean): Promise<PreparedWorkspace> => ({
    key,
    repoDir: path.join(finalDir, "repo"),
    readOnly: [],
    created,
    setupLog: await readFile(path.join(finalDir, SETUP_LOG), "utf8").catch(() => ""),
    release: lease.release,
  });

  const existing = await index.lease(key);
  if (existing) return ready(existing, false);

  return withLock(path.join(workspacesDir, `${key}.lock`), async () => {
    const raced = await index.lease(key);
    if (raced) return ready(raced, false);
    let created = false;
    if (!existsSync(finalDir)) {
      const mirrorLease = await index.lease(spec.mirror.key);
      try {
        await prepare(spec, finalDir, options);
      } finally {
        await mirrorLease?.release();
      }
      created = true;
    }
    // No `mirror`: a base-only workspace borrows no objects, so its mirror may be evicted before it.
    const lease = await index.add(key, { kind: "workspace", path: path.relative(options.cacheDir, finalDir) });
    return ready(lease, created);
  });
}

async function prepare(spec: WorkspaceSpec, finalDir: string, options: WorkspaceOptions): Promise<void> {
  const tmp = path.join(path.dirname(finalDir), `.tmp-${process.pid}-${randomUUID()}`);
  const repo = path.join(tmp, "repo");
  const out = path.join(tmp, "out");
  const tmpDir = path.join(tmp, "tmp");
  await mkdir(out, { recursive: true });
  await mkdir(tmpDir);
  try {
    await createBaseRepo(spec.mirror.dir, spec.commit, repo);
    await settleIndex(repo);

    const target = { workspace: repo, outputDir: out, tmpDir, readOnly: [], hide: options.hidePaths, backend: options.sandbox, image: spec.image };

    let log = "";
    if (spec.setupCommand) {
      const timeoutMs = options.setupTimeoutMs ?? 15 * 60_000;
      const setup = await runSandboxed({
        ...target,
        command: spec.setupCommand,
        timeoutMs,
        network: options.setupNetwork ?? true,
        allowHostNetwork: options.allowHostNetwork,
        limits: { memoryBytes: 4 * 1024 ** 3, diskBytes: SETUP_DISK_BYTES, ...options.setupLimits },
      });
      log = [`$ ${spec.setupCommand}`, ...setup.warnings.map((w) => `warning: ${w}`), setup.stdout, setup.stderr].join("\n");
      if (setup.limitsHit.includes("disk")) {
        const bytes = options.setupLimits?.diskBytes ?? SETUP_DISK_BYTES;
        throw new RunnerError("setup_failed", `setup command stopped: it wrote more than ${bytes} bytes to disk (limit reached: disk)`, log);
      }
      if (setup.timedOut) throw new RunnerError("setup_failed", `setup command timed out after ${timeoutMs} ms`, log);
      if (setup.exitCode !== 0) throw new RunnerError("setup_failed", `setup command exited with ${setup.exitCode ?? setup.signal}`, log);
    }
    await writeFile(path.join(tmp, SETUP_LOG), log);
    await rm(out, { recursive: true, force: true });
    await rm(tmpDir, { recursive: true, force: true });
    await rename(tmp, finalDir);
  } catch (error) {
    await rm(tmp, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Leaves no index entry "racily clean": git compares mtimes in whole seconds, so
 * files checked out in the same second as the index was written get re-read by
 * every `git status`, which then rewrites the index (in a run's overlay: copies
 * it up). Files of that last second are dated one second back and the index
 * refreshed; every other file's stat data stays valid in the overlays (same
 * inode, times, device). On the host, right after our own checkout, before any
 * code from the repository has run. Best effort: a failure costs speed only.
 */
async function settleIndex(repo: string): Promise<void> {
  const indexStat = await stat(path.join(repo, ".git", "index")).catch(() => null);
  if (!indexStat) return;
  const second = Math.floor(indexStat.mtimeMs / 1000) * 1000;
  const files = (await git(["ls-files", "-z"], { cwd: repo })).stdout.split("\0").filter(Boolean);
  let backdated = 0;
  for (let i = 0; i < files.length; i += 256) {
    await Promise.all(
      files.slice(i, i + 256).map(async (file) => {
        const full = path.join(repo, file);
        const stats = await lstat(full).catch(() => null);
        if (!stats || stats.mtimeMs < second) return;
        await lutimes(full, stats.atime, new Date(second - 1000)).then(() => backdated++, () => undefined);
      }),
    );
  }
  if (backdated > 0) await git(["update-index", "-q", "--refresh"], { cwd: repo });
}

/**
 * Copies a prepared repository for one run. Reflinks where the filesystem has
 * them (btrfs, XFS), a plain copy otherwise — never hard links, which would let
 * a run write through to the prepared copy.
 */
export async function copyWorkspace(prepared: PreparedWorkspace, destination: string): Promise<number> {
  const started = performance.now();
  const copy = await runHost("cp", ["-a", "--reflink=auto", "--", prepared.repoDir, destination]);
  if (copy.code !== 0) throw new Error(`cannot copy the prepared workspace: ${copy.stderr.trim()}`);
  return performance.now() - started;
}
