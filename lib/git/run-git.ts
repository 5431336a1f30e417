import "server-only";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";

export class GitCommandError extends Error {
  readonly args: readonly string[];
  readonly exitCode: number | null;
  readonly stderr: string;
  constructor(args: readonly string[], exitCode: number | null, stderr: string) {
    super(`git ${args.join(" ")} failed (exit ${exitCode}): ${firstFatalLine(stderr)}`);
    this.name = "GitCommandError";
    this.args = args;
    this.exitCode = exitCode;
    this.stderr = stderr;
  }
}

/** The line of git's stderr that says what went wrong, without the "fatal: " prefix. */
export function firstFatalLine(stderr: string): string {
  const lines = stderr.split("\n").map((l) => l.trim()).filter(Boolean);
  const fatal = lines.find((l) => l.startsWith("fatal: ") || l.startsWith("error: "));
  return (fatal ?? lines.at(-1) ?? "no message").replace(/^(fatal|error): /, "");
}

export interface GitOptions {
  cwd?: string;
  input?: string;
  env?: Record<string, string>;
}

// English messages (errors are matched and shown), and never an interactive credential prompt.
function gitEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, LC_ALL: "C", LANGUAGE: "C", GIT_TERMINAL_PROMPT: "0", ...extra };
}

export function spawnGit(args: readonly string[], options: GitOptions = {}): ChildProcessWithoutNullStreams {
  return spawn("git", args, { cwd: options.cwd, env: gitEnv(options.env) });
}

/** Runs git to completion; rejects with GitCommandError on a non-zero exit. */
export function runGit(args: readonly string[], options: GitOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawnGit(args, options);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      const stdout = Buffer.concat(out).toString("utf8");
      if (code === 0) resolve(stdout);
      else reject(new GitCommandError(args, code, Buffer.concat(err).toString("utf8")));
    });
    // git may exit without reading its input (e.g. on an error); that is not our failure.
    child.stdin.on("error", () => {});
    child.stdin.end(options.input ?? "");
  });
}
