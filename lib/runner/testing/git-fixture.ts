// Helpers to build small real git repositories for tests and benchmarks.

import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { git } from "../host";

const IDENTITY = {
  GIT_AUTHOR_NAME: "Fixture",
  GIT_AUTHOR_EMAIL: "fixture@example.com",
  GIT_COMMITTER_NAME: "Fixture",
  GIT_COMMITTER_EMAIL: "fixture@example.com",
  GIT_CONFIG_GLOBAL: "/dev/null",
};

export async function gitOk(args: string[], cwd: string): Promise<string> {
  const result = await git(args, { cwd, env: IDENTITY });
  if (result.code !== 0) throw new Error(`git ${args.join(" ")} failed: ${result.stderr}`);
  return result.stdout.trim();
}

export async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
}

export async function initRepo(prefix: string, files: Record<string, string>): Promise<{ dir: string; base: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await gitOk(["init", "--quiet", "--initial-branch=main"], dir);
  await writeFiles(dir, files);
  await gitOk(["add", "-A"], dir);
  await gitOk(["commit", "--quiet", "-m", "base"], dir);
  return { dir, base: await gitOk(["rev-parse", "HEAD"], dir) };
}

/** The diff that `files` would make on top of `base`, without leaving a commit on main. */
export async function diffFor(dir: string, base: string, files: Record<string, string>): Promise<string> {
  await gitOk(["checkout", "--quiet", "--detach", base], dir);
  await writeFiles(dir, files);
  await gitOk(["add", "-A"], dir);
  const diff = await git(["diff", "--cached", "--binary", base], { cwd: dir, env: IDENTITY });
  await gitOk(["reset", "--quiet", "--hard", base], dir);
  await gitOk(["checkout", "--quiet", "main"], dir);
  return diff.stdout;
}
