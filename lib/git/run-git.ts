// The studio's one git spawner: every git the studio itself runs (mirrors, imports, evidence, the
// patch check, the runner's workspaces, exports) starts here, with the same environment.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { OutputCapture } from "./output-cap";

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
  return { ...process.env, LC_ALL: "C", LANGUAGE: "C", GIT_TERMINAL_PROMPT: "0", GIT_ASKPASS: "", ...extra };
}

// Counted per process, so a test can say how many mirrors an import and a run cloned.
let spawned = { all: 0, mirrorClones: 0 };
/** How many git processes (and of them `git clone --mirror`) this process started; for tests and the bench. */
export const gitSpawnCounts = () => ({ ...spawned });

export function spawnGit(args: readonly string[], options: GitOptions = {}): ChildProcessWithoutNullStreams {
  spawned = { all: spawned.all + 1, mirrorClones: spawned.mirrorClones + (args[0] === "clone" && args.includes("--mirror") ? 1 : 0) };
  return spawn("git", args, { cwd: options.cwd, env: gitEnv(options.env) });
}

/** Runs git to completion; its stdout as bytes (an archive, a blob); rejects with GitCommandError on a non-zero exit. */
export function gitBytes(args: readonly string[], options: GitOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawnGit(args, options);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new GitCommandError(args, code, Buffer.concat(err).toString("utf8")));
    });
    // git may exit without reading its input (e.g. on an error); that is not our failure.
    child.stdin.on("error", () => {});
    child.stdin.end(options.input ?? "");
  });
}

/** Runs git to completion; rejects with GitCommandError on a non-zero exit. */
export async function runGit(args: readonly string[], options: GitOptions = {}): Promise<string> {
  return (await gitBytes(args, options)).toString("utf8");
}

export interface GitResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

const GIT_OUTPUT_CAP = 4 * 1024 * 1024;

/**
 * Runs git and answers with its exit status instead of rejecting (the runner decides what a
 * failure means); each stream is capped (head and tail kept), and git is killed after `timeoutMs`.
 */
export function gitResult(args: readonly string[], options: { cwd?: string; timeoutMs?: number; env?: Record<string, string> } = {}): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawnGit(args, { cwd: options.cwd, env: options.env });
    child.stdin.on("error", () => {});
    child.stdin.end();
    const stdout = new OutputCapture(GIT_OUTPUT_CAP);
    const stderr = new OutputCapture(GIT_OUTPUT_CAP);
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 15 * 60_000);
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout: stdout.toString(), stderr: stderr.toString() });
    });
  });
}
