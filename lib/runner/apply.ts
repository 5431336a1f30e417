import "server-only";
// Applies a unified diff to a workspace the strict way: refused outright when
// it names a path in .git/ or outside the workspace, then `git apply --check`
// and `git apply` — no fuzz, no --reject, nothing half-applied. git runs in
// the sandbox, since the patch is untrusted input.

import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { refusePatch } from "@/lib/git/patch-paths";
import { runSandboxed, type SandboxKind, type SandboxRequest } from "./sandbox";

export type ApplyResult =
  | { ok: true; durationMs: number; sandbox: SandboxKind; warnings: string[] }
  | { ok: false; message: string; durationMs: number };

export interface ApplyTarget {
  workspace: string;
  outputDir: string;
  tmpDir?: string;
  readOnly: readonly string[];
  hide?: readonly string[];
  backend?: SandboxRequest["backend"];
  image?: string | null;
}

export const APPLY_TIMEOUT_MS = 120_000;

export async function applyPatch(target: ApplyTarget, diff: string, label: string): Promise<ApplyResult> {
  const started = performance.now();
  const refusal = refusePatch(diff);
  if (refusal) return { ok: false, message: refusal, durationMs: performance.now() - started };

  const file = path.join(target.outputDir, `${label}.diff`);
  await writeFile(file, diff);
  try {
    const result = await runSandboxed({
      command: 'git apply --check -- "$SPECPATH_PATCH" && git apply -- "$SPECPATH_PATCH"',
      workspace: target.workspace,
      outputDir: target.outputDir,
      tmpDir: target.tmpDir,
      readOnly: target.readOnly,
      hide: target.hide,
      env: (paths) => ({ SPECPATH_PATCH: path.join(paths.output, `${label}.diff`) }),
      timeoutMs: APPLY_TIMEOUT_MS,
      backend: target.backend,
      image: target.image,
    });
    const durationMs = performance.now() - started;
    if (result.exitCode === 0) return { ok: true, durationMs, sandbox: result.sandbox, warnings: result.warnings };
    const why = result.timedOut ? `git apply timed out after ${APPLY_TIMEOUT_MS} ms` : result.stderr.trim() || result.stdout.trim();
    return { ok: false, message: why || `git apply exited with ${result.exitCode ?? result.signal}`, durationMs };
  } finally {
    await rm(file, { force: true });
  }
}
