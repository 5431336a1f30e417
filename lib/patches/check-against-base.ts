import "server-only";
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gitIn } from "@/lib/runner/mirror";
import { GitCommandError } from "@/lib/git/run-git";
import type { TDiff } from "@/lib/git/diff";
import type { TPatchProblem } from "@/lib/schemas/patches";
import { failingHunk, pathsCreated, pathsNeededInBase } from "./patch-rules";

/**
 * Checks a parsed patch against the base commit of `repoDir` with git itself:
 * every file it modifies exists in the base, every file it creates does not, and
 * `git apply --check` (exact context, no fuzz) accepts it. The check reads the base
 * tree into a throwaway index (`read-tree` + `apply --cached`), which is what a
 * temporary worktree would hold, without checking out a single file.
 */
export async function checkAgainstBase(repoDir: string, baseCommit: string, diff: TDiff, text: string): Promise<TPatchProblem | null> {
  let present: Set<string>;
  try {
    present = await existingPaths(repoDir, baseCommit, [...pathsNeededInBase(diff), ...pathsCreated(diff)]);
  } catch (error) {
    // A path git will not even look up ("'../x' is outside repository"): refused with git's reason.
    if (!(error instanceof GitCommandError)) throw error;
    const gitText = error.stderr.trim() || error.message;
    return { rule: "does_not_apply", message: `The patch names a path git refuses: ${gitText.split("\n")[0]}`, gitMessage: gitText };
  }
  const missing = pathsNeededInBase(diff).filter((p) => !present.has(p));
  if (missing.length > 0) {
    return { rule: "unknown_file", file: missing[0], message: `The patch changes ${list(missing)}, which ${missing.length === 1 ? "does" : "do"} not exist in the base commit ${baseCommit.slice(0, 12)}.` };
  }
  const clashing = pathsCreated(diff).filter((p) => present.has(p));
  if (clashing.length > 0) {
    return { rule: "unknown_file", file: clashing[0], message: `The patch creates ${list(clashing)}, which already ${clashing.length === 1 ? "exists" : "exist"} in the base commit ${baseCommit.slice(0, 12)}.` };
  }
  const index = path.join(os.tmpdir(), `specpath-apply-${process.pid}-${randomBytes(6).toString("hex")}.index`);
  try {
    const env = { GIT_INDEX_FILE: index };
    await gitIn(repoDir, ["read-tree", baseCommit], { env });
    await gitIn(repoDir, ["apply", "--check", "--cached", "-"], { env, input: text.endsWith("\n") ? text : `${text}\n` });
    return null;
  } catch (error) {
    if (!(error instanceof GitCommandError)) throw error;
    const gitText = error.stderr.split("\n").filter((l) => /^(error|fatal|warning):/.test(l)).join("\n").trim() || error.stderr.trim();
    const hunk = failingHunk(diff, error.stderr);
    return {
      rule: "does_not_apply",
      message: `The patch does not apply to the base commit ${baseCommit.slice(0, 12)} (git apply --check, no fuzz): ${headline(gitText)}`,
      gitMessage: gitText,
      file: hunk?.file,
      hunk: hunk?.hunk || undefined,
    };
  } finally {
    await rm(index, { force: true });
    await rm(`${index}.lock`, { force: true });
  }
}

async function existingPaths(repoDir: string, commit: string, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  // One batch query: a path that is absent prints "<commit>:<path> missing".
  const out = await gitIn(repoDir, ["cat-file", "--batch-check"], { input: paths.map((p) => `${commit}:${p}\n`).join("") });
  const lines = out.split("\n");
  return new Set(paths.filter((_, i) => !lines[i]?.endsWith(" missing")));
}

const headline = (gitText: string) => gitText.split("\n").find((l) => /patch failed|does not apply|corrupt|error:/.test(l)) ?? gitText.split("\n")[0];

const list = (paths: string[]) => paths.slice(0, 3).join(", ") + (paths.length > 3 ? ` and ${paths.length - 3} more` : "");
