import "server-only";
// What a run's sandbox needs for the grading recipe's steps 3–5 (lib/grading/recipe.ts), staged
// host side under the run's output folder as specpath-verifier/final/: every protected path's
// final version — the base version (read from the prepared tree, which is base + setup), the
// hidden test files with the hidden patch applied (once per worker, in a sandbox of their own)
// and a grade run's canaries appended, the history file. The sandbox's steps script then, after
// the run's patch and before the test command, clears those paths with one rm and copies the
// staged tree in with one cp (issue 24: each process started in the sandbox costs ~10 ms).

import { createHash, randomBytes } from "node:crypto";
import { lstatSync, readFileSync } from "node:fs";
import { chmod, lstat, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { refusePatch } from "@/lib/git/patch-paths";
import { APPLY_TIMEOUT_MS } from "./apply";
import { RunnerError } from "./errors";
import { insideParts, UnsafePathError } from "./safe-fs";
import { runSandboxed, type SandboxRequest } from "./sandbox";
import {
  checkPatch,
  collisionMessage,
  forbiddenMessage,
  restoredMessage,
  hiddenTextsOf,
  planCanaries,
  protectedPaths,
  renderStagedRestore,
  type TCanary,
  type TPatchCheck,
  type TProtectedPaths,
  type TRecipeVerifier,
} from "../grading/recipe";

export const VERIFIER_DIR = "specpath-verifier";

export interface RunVerifier {
  paths: TProtectedPaths;
  check: TPatchCheck;
  canaries: TCanary[];
  nonce: string;
}

/** The regular file at `relative` under `root`, or null (absent, or a symlink on the way). */
export function readBaseFile(root: string, relative: string): Buffer | null {
  let at = root;
  for (const part of relative.split("/")) {
    at = path.join(at, part);
    try {
      if (lstatSync(at).isSymbolicLink()) return null;
    } catch {
      return null;
    }
  }
  try {
    return lstatSync(at).isFile() ? readFileSync(at) : null;
  } catch {
    return null;
  }
}

export function planRunVerifier(verifier: TRecipeVerifier, patch: string | null, preparedDir: string, grading: boolean): RunVerifier {
  const paths = protectedPaths(verifier);
  const nonce = randomBytes(6).toString("hex");
  const canaries = grading
    ? planCanaries(verifier, hiddenTextsOf(verifier.hiddenTestPatch, (p) => readBaseFile(preparedDir, p)?.toString("utf8") ?? null), nonce)
    : [];
  return { paths, check: checkPatch(patch, paths), canaries, nonce };
}

/** A staged file: its bytes and permission bits (a runner script named by the test command keeps its x bit). */
interface StagedFile {
  content: Buffer;
  mode: number;
}

/** The regular file at `relative` under `root` with its permission bits, or null (see readBaseFile). */
function readStaged(root: string, relative: string): StagedFile | null {
  const content = readBaseFile(root, relative);
  return content === null ? null : { content, mode: lstatSync(path.join(root, relative)).mode & 0o777 };
}

/** Where the hidden test patch is applied when its result is not cached: a sandbox like the run's (git reads the patch there). */
export interface HiddenApplyTarget {
  backend?: SandboxRequest["backend"];
  hide?: readonly string[];
  image: string | null;
}

const HIDDEN_CACHE_ENTRIES = 64;
const hiddenCache = new Map<string, Promise<Map<string, StagedFile | null>>>();

/**
 * The hidden test files once the hidden patch is in, applied to their base versions in a scratch
 * folder (the run's patch never comes near it). The same patch on the same base versions gives the
 * same files, so it is applied once per worker process, not once per run (keyed by their content).
 */
export function hiddenTestFiles(hiddenTestPatch: string, paths: readonly string[], preparedDir: string, target: HiddenApplyTarget): Promise<Map<string, StagedFile | null>> {
  const base = new Map(paths.map((p) => [p, readStaged(preparedDir, p)] as const));
  const key = createHash("sha256");
  key.update(`${target.image ?? ""}\0${hiddenTestPatch}\0`);
  for (const [p, file] of base) key.update(`${p}\0${file ? `${file.mode}:${createHash("sha256").update(file.content).digest("hex")}` : "-"}\0`);
  const id = key.digest("hex");
  let entry = hiddenCache.get(id);
  if (!entry) {
    entry = applyHidden(hiddenTestPatch, base, target);
    entry.catch(() => hiddenCache.delete(id)); // a sandbox that failed under load is tried again next run
    hiddenCache.set(id, entry);
    if (hiddenCache.size > HIDDEN_CACHE_ENTRIES) hiddenCache.delete(hiddenCache.keys().next().value as string);
  }
  return entry;
}

async function applyHidden(hiddenTestPatch: string, base: ReadonlyMap<string, StagedFile | null>, target: HiddenApplyTarget): Promise<Map<string, StagedFile | null>> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), "specpath-hidden-"));
  try {
    const workspace = path.join(scratch, "ws");
    const output = path.join(scratch, "out");
    await mkdir(output, { recursive: true });
    await mkdir(workspace);
    for (const [rel, file] of base) if (file) await writeStaged(workspace, rel, file);
    await writeFile(path.join(output, "hidden.patch"), hiddenTestPatch);
    const result = await runSandboxed({
      command: 'git apply --whitespace=nowarn -- "$SPECPATH_OUTPUT/hidden.patch"',
      workspace,
      outputDir: output,
      readOnly: [],
      hide: target.hide,
      backend: target.backend,
      image: target.image,
      // The scratch folder is no repository, nor is anything above it for git.
      env: (paths) => ({ GIT_CEILING_DIRECTORIES: path.dirname(paths.workspace) }),
      timeoutMs: APPLY_TIMEOUT_MS,
    });
    if (result.exitCode !== 0) {
      const why = result.stderr.trim() || (result.timedOut ? `git apply timed out after ${APPLY_TIMEOUT_MS} ms` : `exit ${result.exitCode ?? result.signal}`);
      throw new RunnerError("setup_failed", `the hidden tests do not apply to the base: ${why}`, result.stderr);
    }
    const applied = new Map<string, StagedFile | null>();
    for (const rel of base.keys()) {
      const full = path.join(workspace, rel);
      const stats = await lstat(full).catch(() => null);
      if (stats && !stats.isFile()) throw new RunnerError("setup_failed", `the hidden tests make ${rel} something other than a regular file`);
      applied.set(rel, stats ? readStaged(workspace, rel) : null);
    }
    return applied;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function writeStaged(root: string, relative: string, file: StagedFile): Promise<void> {
  const target = path.join(root, ...insideParts(relative));
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, file.content, { mode: file.mode });
  await chmod(target, file.mode); // writeFile's mode passes through the umask
}

/**
 * Stages every protected path's final version under the run's output folder
 * (specpath-verifier/final/, host side) and returns the sh that restores them in the sandbox after
 * the run's patch (renderStagedRestore): base versions of the verifier and restored files, the
 * hidden test files with the hidden patch and a grade run's canaries in, and the history file.
 */
export async function stageRunVerifier(
  outputDir: string,
  preparedDir: string,
  verifier: TRecipeVerifier,
  plan: RunVerifier,
  historyFile: { path: string; content: string } | null,
  target: HiddenApplyTarget,
  onFail: string,
): Promise<string> {
  const staged = new Map<string, StagedFile>();
  for (const rel of [...plan.paths.verifierFiles, ...plan.paths.restoredFiles]) {
    const file = readStaged(preparedDir, rel);
    if (file) staged.set(rel, file);
  }
  const hidden =
    verifier.hiddenTestPatch.trim() === ""
      ? new Map(plan.paths.hiddenTests.map((p) => [p, readStaged(preparedDir, p)] as const))
      : await hiddenTestFiles(verifier.hiddenTestPatch, plan.paths.hiddenTests, preparedDir, target);
  for (const [rel, file] of hidden) if (file) staged.set(rel, file);
  for (const c of plan.canaries) {
    const file = staged.get(c.path);
    staged.set(c.path, { content: Buffer.concat([file?.content ?? Buffer.alloc(0), Buffer.from(c.snippet)]), mode: file?.mode ?? 0o644 });
  }
  const clear = [...plan.paths.all];
  if (historyFile) {
    // An unsafe path is refused by run-steps before the sandbox starts; nothing is staged for it.
    const rel = safeRelative(historyFile.path);
    if (rel !== null) {
      staged.set(rel, { content: Buffer.from(historyFile.content), mode: 0o644 });
      clear.push(rel);
    }
  }
  const dir = path.join(outputDir, VERIFIER_DIR, "final");
  await mkdir(dir, { recursive: true });
  for (const [rel, file] of staged) await writeStaged(dir, rel, file);
  const script = renderStagedRestore(clear, staged.size > 0 ? `"$SPECPATH_VERIFIER"/final` : null);
  return `specpath_fail() {\n  ${onFail}\n}\n${script}`;
}

function safeRelative(relative: string): string | null {
  try {
    return insideParts(relative).join("/");
  } catch (error) {
    if (error instanceof UnsafePathError) return null;
    throw error;
  }
}

/**
 * What a patch may do to the protected paths. Grade runs (an agent's patch): a verifier file or a
 * path outside the workspace is forbidden content; a hidden test path or a restored file is undone
 * and reported. Curator runs (calibrate, replay, collect, counterfactuals): a verifier file or a
 * hidden test path refuses the run, saying where the change belongs.
 */
export function gatePatch(plan: RunVerifier, patch: string | null, grading: boolean): { refusal: string | null; warnings: string[] } {
  const { forbidden, collisions, restored } = plan.check;
  const unsafe = grading && patch ? refusePatch(patch) : null;
  if (unsafe) return { refusal: `forbidden content: ${unsafe}`, warnings: [] };
  if (forbidden.length > 0) {
    const refusal = grading
      ? forbiddenMessage(forbidden)
      : `refused: the patch writes ${forbidden.join(", ")}, which the verifier owns (restored to base before every test run); a change the verifier needs there belongs in the hidden test patch`;
    return { refusal, warnings: [] };
  }
  if (collisions.length > 0 && !grading) {
    return { refusal: `refused: the patch writes ${collisions.join(", ")}, where the hidden tests go (a curator's patch may not touch the hidden tests)`, warnings: [] };
  }
  return {
    refusal: null,
    warnings: [...(collisions.length > 0 ? [collisionMessage(collisions)] : []), ...(restored.length > 0 ? [restoredMessage(restored)] : [])],
  };
}
