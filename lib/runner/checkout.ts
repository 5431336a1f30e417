import "server-only";
// Stage 1's reproducibility check: the base commit can be cloned and checked out — as every
// run gets it, a base-only repository (base-repo.ts).

import { randomUUID } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { RunnerError } from "./errors";
import { createBaseRepo } from "./base-repo";
import { runHost } from "./host";
import { ensureMirror, requireCommit } from "./mirror";
import type { RunnerOptions } from "./types";

export type CheckoutResult =
  | { outcome: "ok"; commit: string; fileCount: number; durationMs: number }
  | { outcome: "not_a_repository" | "clone_failed" | "commit_not_found" | "checkout_failed"; message: string; durationMs: number };

export async function checkoutBase(repoUrl: string, commit: string, options: RunnerOptions): Promise<CheckoutResult> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const dir = path.join(options.cacheDir, "runs", `${process.pid}-${randomUUID()}`);
  try {
    const mirror = await ensureMirror(repoUrl, options);
    const full = await requireCommit(mirror, commit, options);
    await mkdir(path.dirname(dir), { recursive: true });
    try {
      await createBaseRepo(mirror.dir, full, dir);
    } catch (error) {
      if (error instanceof RunnerError) return { outcome: "checkout_failed", message: error.message, durationMs: elapsed() };
      throw error;
    }
    const files = await runHost("sh", ["-c", "git ls-files -z | tr -cd '\\0' | wc -c"], { cwd: dir });
    return { outcome: "ok", commit: full, fileCount: Number(files.stdout.trim()), durationMs: elapsed() };
  } catch (error) {
    if (error instanceof RunnerError && (error.code === "not_a_repository" || error.code === "clone_failed" || error.code === "fetch_failed" || error.code === "commit_not_found")) {
      return { outcome: error.code === "fetch_failed" ? "clone_failed" : error.code, message: error.message, durationMs: elapsed() };
    }
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
