import "server-only";
// Real repositories in temp dirs for tests and benchmarks (no mocks of git).
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { runGit } from "../run-git";

export async function makeTempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(tmpdir(), `specpath-${prefix}-`));
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

export interface TempRepo {
  dir: string;
  git(...args: string[]): Promise<string>;
  write(files: Record<string, string | Uint8Array>): Promise<void>;
  /** Stages everything and commits; returns the new commit's sha. */
  commit(message: string, author?: { name: string; email: string }): Promise<string>;
}

export async function initRepo(dir: string, branch = "main"): Promise<TempRepo> {
  await mkdir(dir, { recursive: true });
  const git = (...args: string[]) => runGit(args, { cwd: dir });
  await git("init", "-q", "-b", branch);
  await git("config", "user.name", "Test Curator");
  await git("config", "user.email", "curator@example.com");
  await git("config", "commit.gpgsign", "false");
  return {
    dir,
    git,
    async write(files) {
      for (const [file, content] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
        await writeFile(path.join(dir, file), content);
      }
    },
    async commit(message, author) {
      await git("add", "-A");
      const env = author
        ? { GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email }
        : undefined;
      await runGit(["commit", "-q", "--allow-empty", "-m", message], { cwd: dir, env });
      return (await git("rev-parse", "HEAD")).trim();
    },
  };
}
