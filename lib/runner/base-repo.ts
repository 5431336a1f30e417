import "server-only";
// A base-only repository (issue 19, recipe step fresh_base): a fresh `git init` holding one
// parentless commit of the base commit's tree and nothing else of the repository — no remote, no
// alternates, no other ref, no object of any other commit — so nothing a patch runs can read gold,
// the PR branch or later history (`git rev-list --all` lists one commit; `git cat-file
// --batch-all-objects` only the base tree's objects).
//
// Fast: only the tree's objects are packed out of the mirror (`rev-list --objects <tree>` →
// `pack-objects --stdout`, reusing the mirror's deltas) and indexed in the new repository, and the
// commit is made with a fixed author, committer and date, so the same base gives the same commit id
// everywhere. Its message names the original base commit; its id is not that commit's.

import { spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { RunnerError } from "./errors";
import { git } from "./host";

/** Fixed identity and date: the base-only commit of a tree is the same everywhere. */
export const BASE_COMMIT_ENV = {
  GIT_AUTHOR_NAME: "SpecPath",
  GIT_AUTHOR_EMAIL: "base@specpath.invalid",
  GIT_AUTHOR_DATE: "@0 +0000",
  GIT_COMMITTER_NAME: "SpecPath",
  GIT_COMMITTER_EMAIL: "base@specpath.invalid",
  GIT_COMMITTER_DATE: "@0 +0000",
  // Neither the worker's global config (signing, templates, hooks) nor the system's shapes it.
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1",
};

export const BASE_BRANCH = "base";

export interface BaseRepo {
  /** The one commit in the new repository (not the original base commit's id). */
  commit: string;
  tree: string;
}

/** Makes `dir` a repository with one commit of `commit`'s tree from `mirrorDir`, checked out. */
export async function createBaseRepo(mirrorDir: string, commit: string, dir: string): Promise<BaseRepo> {
  const fail = (what: string, stderr: string): never => {
    throw new RunnerError("setup_failed", `cannot make the base-only workspace (${what}): ${stderr.trim()}`, stderr);
  };
  await mkdir(dir, { recursive: true });
  // No fsync: a prepared workspace is a cache, rebuilt when lost.
  const quick = ["-c", "core.fsync=none"];
  const init = await git([...quick, "-c", `init.defaultBranch=${BASE_BRANCH}`, "init", "--quiet", "--template=", dir], { env: BASE_COMMIT_ENV });
  if (init.code !== 0) fail("git init", init.stderr);

  const copied = await copyTreeObjects(mirrorDir, `${commit}^{tree}`, dir);
  if (!copied.ok) fail(`copying the tree of ${commit}`, copied.stderr);
  const tree = copied.tree;

  const made = await git([...quick, "commit-tree", tree, "-m", `base ${commit}`], { cwd: dir, env: BASE_COMMIT_ENV });
  if (made.code !== 0) fail("git commit-tree", made.stderr);
  const baseCommit = made.stdout.trim();
  // The one ref, written as git writes a loose ref (HEAD names refs/heads/base since init).
  await mkdir(path.join(dir, ".git", "refs", "heads"), { recursive: true });
  await writeFile(path.join(dir, ".git", "refs", "heads", BASE_BRANCH), `${baseCommit}\n`);
  const checkout = await git([...quick, "reset", "--hard", "--quiet", baseCommit], { cwd: dir, env: BASE_COMMIT_ENV });
  if (checkout.code !== 0) fail("checkout", checkout.stderr);
  return { commit: baseCommit, tree };
}

/**
 * `git rev-list --objects <tree> | git pack-objects --stdout | git index-pack --stdin` between two
 * repositories; the first line rev-list prints is the tree's own id.
 */
function copyTreeObjects(mirrorDir: string, treeish: string, dir: string): Promise<{ ok: boolean; tree: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env, ...BASE_COMMIT_ENV, LC_ALL: "C", GIT_TERMINAL_PROMPT: "0" };
    const list = spawn("git", ["rev-list", "--objects", treeish], { cwd: mirrorDir, env, stdio: ["ignore", "pipe", "pipe"] });
    // --window=0: no new delta search (the mirror's deltas are reused where their base is packed too).
    const pack = spawn("git", ["pack-objects", "--stdout", "--quiet", "--window=0"], { cwd: mirrorDir, env, stdio: ["pipe", "pipe", "pipe"] });
    const index = spawn("git", ["-c", "core.fsync=none", "index-pack", "--stdin", "--fix-thin"], { cwd: dir, env, stdio: ["pipe", "ignore", "pipe"] });
    let stderr = "";
    let first = "";
    const codes: (number | null)[] = [];
    for (const child of [list, pack, index]) child.stderr?.on("data", (c: Buffer) => (stderr += c.toString()));
    // rev-list prints "<id> <path>"; pack-objects takes the path as a hint for delta ordering.
    list.stdout.on("data", (chunk: Buffer) => {
      if (!first.includes("\n")) first += chunk.toString("latin1");
    });
    list.stdout.pipe(pack.stdin);
    pack.stdout.pipe(index.stdin);
    const done = (code: number | null) => {
      codes.push(code);
      if (codes.length < 3) return;
      const tree = first.split("\n", 1)[0]!.split(" ")[0]!;
      resolve({ ok: codes.every((c) => c === 0) && /^[0-9a-f]{40,64}$/.test(tree), tree, stderr });
    };
    for (const child of [list, pack, index]) {
      child.once("error", (error) => (stderr += `${error.message}\n`));
      child.once("close", done);
    }
  });
}
