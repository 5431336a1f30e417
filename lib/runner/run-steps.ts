import "server-only";
// A run's steps in its workspace, in the grading recipe's order (lib/grading/recipe.ts): apply
// the patch, restore the protected paths, the hidden tests (and a grade run's canaries) and the
// history file from their staged versions (verifier-files.ts), run the test command.
//
// bwrap and none: one sandbox start for all of them. The steps script does all
// but the last, reports on fd 3 how far it got, closes fd 3 and execs the test command.
// Only the first line on fd 3 counts and the test command never holds fd 3, so
// a test cannot pass itself off as a refused patch (an exit code could).
// Containers cannot be handed an fd: there the steps run one by one.

import { writeFile } from "node:fs/promises";
import path from "node:path";
import { applyPatch, APPLY_TIMEOUT_MS } from "./apply";
import { refusePatch } from "@/lib/git/patch-paths";
import { VERIFIER_DIR } from "./verifier-files";
import { insideParts, UnsafePathError } from "./safe-fs";
import { runSandboxed, type SandboxRequest, type SandboxResult } from "./sandbox";
import type { OverlayLayers, SandboxLimits } from "./sandbox-args";
import type { InfrastructureReason } from "./types";

export interface StepsInput {
  workspace: string;
  overlay: OverlayLayers | null;
  outputDir: string;
  /** Host directory bound as /tmp (counted in the run's disk quota). */
  tmpDir?: string;
  readOnly: readonly string[];
  hide?: readonly string[];
  backend?: SandboxRequest["backend"];
  image: string | null;
  patch: string | null;
  historyFile: { path: string; content: string } | null;
  /** The recipe's restore / hidden tests / canaries steps (verifier-files.ts), run after the patch; its failures call `say hidden-failed`. */
  verifierScript: string;
  command: string;
  env: NonNullable<SandboxRequest["env"]>;
  timeoutMs: number;
  limits?: Partial<SandboxLimits>;
}

export type StepsResult =
  | { ok: true; test: SandboxResult; applyMs: number; testMs: number; warnings: string[] }
  | {
      ok: false;
      outcome: "patch_apply_failed" | "infrastructure_error";
      reason: InfrastructureReason | null;
      message: string;
      applyMs: number;
      /** The sandbox's result when it ran (logs, limits). */
      sandbox: SandboxResult | null;
    };

const PATCH_FILE = ".specpath-run.diff";

/** The failure hook the recipe's steps get in the studio's steps script. */
export const VERIFIER_FAIL = 'say hidden-failed "$1"';

/**
 * sh, run in the sandbox; its fd 3 reports "apply-failed\n<git>", "hidden-failed\n<why>" or "ready\n". The
 * verifier script writes the history file too (staged with the protected paths, verifier-files.ts).
 * One git apply, no --check first: git apply is all-or-nothing (a hunk that fails leaves the tree untouched).
 */
export const stepsScript = (verifierScript: string) => `say() { printf '%s\\n%s' "$1" "$2" >&3; exit 0; }
if [ -n "$SPECPATH_PATCH" ]; then
  out=$(git apply -- "$SPECPATH_PATCH" 2>&1) || say apply-failed "$out"
fi
${verifierScript}
command=$SPECPATH_COMMAND
unset SPECPATH_PATCH SPECPATH_COMMAND SPECPATH_VERIFIER
printf 'ready\\n' >&3
exec /bin/sh -c "$command" 3>&-
`;

export async function runSteps(input: StepsInput): Promise<StepsResult> {
  if (input.historyFile) {
    try {
      insideParts(input.historyFile.path);
    } catch (error) {
      if (!(error instanceof UnsafePathError)) throw error;
      const message = `the history file cannot be written: ${error.message}`;
      return { ok: false, outcome: "infrastructure_error", reason: "history_file_refused", message, applyMs: 0, sandbox: null };
    }
  }
  return input.image ? oneByOne(input) : together(input);
}

async function together(input: StepsInput): Promise<StepsResult> {
  const started = performance.now();
  const failed = (outcome: "patch_apply_failed" | "infrastructure_error", message: string, reason: InfrastructureReason | null, sandbox: SandboxResult | null = null): StepsResult => ({
    ok: false, outcome, reason, message, applyMs: performance.now() - started, sandbox,
  });
  const refusal = input.patch !== null ? refusePatch(input.patch) : null;
  if (refusal) return failed("patch_apply_failed", refusal, null);
  if (input.patch !== null) await writeFile(path.join(input.outputDir, PATCH_FILE), input.patch);

  const result = await runSandboxed({
    command: stepsScript(input.verifierScript),
    workspace: input.workspace,
    overlay: input.overlay ?? undefined,
    outputDir: input.outputDir,
    tmpDir: input.tmpDir,
    readOnly: input.readOnly,
    hide: input.hide,
    backend: input.backend,
    env: (paths) => ({
      ...input.env(paths),
      SPECPATH_PATCH: input.patch !== null ? path.join(paths.output, PATCH_FILE) : "",
      SPECPATH_COMMAND: input.command,
      SPECPATH_VERIFIER: path.join(paths.output, VERIFIER_DIR),
    }),
    timeoutMs: input.timeoutMs,
    control: { setupTimeoutMs: APPLY_TIMEOUT_MS },
    limits: input.limits,
  });
  const { text, readyMs } = result.control ?? { text: "", readyMs: null };
  if (readyMs !== null) return { ok: true, test: result, applyMs: readyMs, testMs: result.durationMs - readyMs, warnings: result.warnings };

  const [first = "", ...rest] = text.split("\n");
  const detail = rest.join("\n").trim();
  if (first === "apply-failed") return failed("patch_apply_failed", detail || "git apply failed without a message", null, result);
  if (first === "hidden-failed") return failed("infrastructure_error", `${detail}`, "setup_failed", result);
  if (result.timedOut && input.patch !== null) return failed("patch_apply_failed", `git apply timed out after ${APPLY_TIMEOUT_MS} ms`, null, result);
  const why = result.stderr.trim() || `exit ${result.exitCode ?? result.signal}`;
  const limits = result.limitsHit.length > 0 ? ` (limit reached: ${result.limitsHit.join(", ")})` : "";
  return failed("infrastructure_error", `the sandbox stopped before the test command started: ${why}${limits}`, "sandbox_unavailable", result);
}

/** Containers: git apply in one container, the restore (history file included) in another, the test command in a third. */
async function oneByOne(input: StepsInput): Promise<StepsResult> {
  if (input.overlay) throw new Error("containers run on a copied workspace");
  const target = { workspace: input.workspace, outputDir: input.outputDir, readOnly: input.readOnly, hide: input.hide, backend: input.backend, image: input.image };
  let applyMs = 0;
  const warnings: string[] = [];
  if (input.patch !== null) {
    const applied = await applyPatch(target, input.patch, "run");
    applyMs = applied.durationMs;
    if (!applied.ok) return { ok: false, outcome: "patch_apply_failed", reason: null, message: applied.message, applyMs, sandbox: null };
    warnings.push(...applied.warnings);
  }
  const verifier = await runSandboxed({
    ...target,
    command: `say() { printf '%s\n' "$2" >&2; exit 1; }\n${input.verifierScript}`,
    env: (paths) => ({ SPECPATH_VERIFIER: path.join(paths.output, VERIFIER_DIR) }),
    timeoutMs: APPLY_TIMEOUT_MS,
  });
  if (verifier.exitCode !== 0) {
    const message = verifier.stderr.trim() || `the hidden tests could not be written (exit ${verifier.exitCode ?? verifier.signal})`;
    return { ok: false, outcome: "infrastructure_error", reason: "setup_failed", message, applyMs, sandbox: verifier };
  }
  const test = await runSandboxed({ ...target, command: input.command, env: input.env, timeoutMs: input.timeoutMs, limits: input.limits });
  return { ok: true, test, applyMs, testMs: test.durationMs, warnings: [...warnings, ...test.warnings] };
}
