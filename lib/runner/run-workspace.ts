import "server-only";
// A run's own workspace on top of the prepared one (workspace.ts), and its
// disposal.
//
// Preferred: an overlay — the prepared tree is the read-only lower layer, the
// run's changes land in runs/<id>/upper — mounted by the sandbox in a private
// mount namespace for the run's one sandbox start (sandbox-args.ts
// overlayArgs). It costs the same whatever the size of node_modules, keeps
// git's index stat data valid (same inodes and times as the prepared tree),
// and nothing the run does reaches the prepared workspace.
// A copy (copyWorkspace) instead — for containers; when asked; or when the
// overlay probe fails here (not root, no unshare/mount, a cache filesystem that
// cannot hold an upper layer, a cache path mount cannot parse). The probe runs
// once per process and cache directory. (Small trees were copied for a while:
// once the sandbox started from a pre-joined launcher and the disk watch's
// baseline stopped walking the copy, the overlay cost less even on the 10-file
// Node fixture — bench runner, interleaved: ~41 against ~46 ms outside the test
// command.)

import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { findExecutable } from "./host";
import { runSandboxed, type SandboxRequest } from "./sandbox";
import type { OverlayLayers } from "./sandbox-args";
import { copyWorkspace, type PreparedWorkspace } from "./workspace";

export type WorkspaceLayer = "overlay" | "copy";

export interface RunWorkspace {
  layer: WorkspaceLayer;
  /** Host directory the sandbox gets as the workspace: the overlay's mount point, or the copy. */
  dir: string;
  overlay: OverlayLayers | null;
  outputDir: string;
  /** Time to make it (a few mkdirs for an overlay; the mount itself happens in the sandbox). */
  ms: number;
}

export interface RunWorkspaceOptions {
  cacheDir: string;
  /** "copy" forces a copy (comparison, diagnosis); "auto" (default) and "overlay": an overlay where the probe passes. */
  layer?: "auto" | "copy" | "overlay";
  image: string | null;
  backend?: SandboxRequest["backend"];
}

export async function createRunWorkspace(prepared: PreparedWorkspace, runDir: string, options: RunWorkspaceOptions): Promise<RunWorkspace> {
  const started = performance.now();
  const outputDir = path.join(runDir, "out");
  const dir = path.join(runDir, "repo");
  await mkdir(outputDir, { recursive: true });
  const wanted = options.layer !== "copy" && !options.image;
  const overlay = wanted && (await overlayProbe(options.cacheDir, options.backend)) === null;
  if (!overlay) {
    await copyWorkspace(prepared, dir);
    return { layer: "copy", dir, overlay: null, outputDir, ms: performance.now() - started };
  }
  const layers = { lower: prepared.repoDir, upper: path.join(runDir, "upper"), work: path.join(runDir, "work") };
  await Promise.all([mkdir(dir), mkdir(layers.upper), mkdir(layers.work)]);
  return { layer: "overlay", dir, overlay: layers, outputDir, ms: performance.now() - started };
}

const probes = new Map<string, Promise<string | null>>();

/** null when overlay workspaces work in this cache directory, else why not (checked once per process). */
export function overlayProbe(cacheDir: string, backend: SandboxRequest["backend"] = "auto"): Promise<string | null> {
  const key = `${path.resolve(cacheDir)}\0${backend}`;
  let probe = probes.get(key);
  if (!probe) {
    probe = probeOverlay(cacheDir, backend);
    probes.set(key, probe);
  }
  return probe;
}

async function probeOverlay(cacheDir: string, backend: SandboxRequest["backend"]): Promise<string | null> {
  if (process.getuid?.() !== 0) return "overlay workspaces need root";
  if (!findExecutable("unshare") || !findExecutable("mount")) return "unshare or mount not found";
  // Under runs/ with the pid first, so a worker killed mid-probe leaves nothing for long (sweep.ts).
  const dir = path.join(cacheDir, "runs", `${process.pid}-overlay-probe-${randomUUID()}`);
  const layers = { lower: path.join(dir, "lower"), upper: path.join(dir, "upper"), work: path.join(dir, "work") };
  try {
    await mkdir(path.join(layers.lower, "d"), { recursive: true });
    await Promise.all([mkdir(layers.upper), mkdir(layers.work), mkdir(path.join(dir, "mnt")), mkdir(path.join(dir, "out"))]);
    await writeFile(path.join(layers.lower, "d", "f"), "lower\n");
    const result = await runSandboxed({
      command: "echo run > d/f && mv d moved && cat moved/f",
      workspace: path.join(dir, "mnt"),
      outputDir: path.join(dir, "out"),
      overlay: layers,
      timeoutMs: 10_000,
      backend,
    });
    const lowerIntact = (await readFile(path.join(layers.lower, "d", "f"), "utf8")) === "lower\n";
    if (result.exitCode === 0 && result.stdout === "run\n" && lowerIntact && existsSync(path.join(layers.upper, "moved", "f"))) return null;
    return `the overlay probe failed: ${result.stderr.trim() || result.stdout.trim() || `exit ${result.exitCode}`}`;
  } catch (error) {
    return `the overlay probe failed: ${(error as Error).message}`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const discarding = new Set<Promise<void>>();

/**
 * Takes a finished run's directory out of runs/ at once (a rename into trash/)
 * and deletes it in the background, off the run's critical path. Leftovers of a
 * crash are swept at the next start (sweep.ts).
 */
export async function discardRunDir(cacheDir: string, runDir: string): Promise<void> {
  const trash = path.join(cacheDir, "trash", `${path.basename(runDir)}.${randomUUID().slice(0, 8)}`);
  await mkdir(path.dirname(trash), { recursive: true });
  const moved = await rename(runDir, trash).then(
    () => true,
    () => false,
  );
  const removal = rm(moved ? trash : runDir, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
  discarding.add(removal);
  void removal.finally(() => discarding.delete(removal));
  if (!moved) await removal;
}

/** Resolves once every background deletion started so far has finished (tests, benchmarks, shutdown). */
export async function settleDiscards(): Promise<void> {
  await Promise.all([...discarding]);
}
