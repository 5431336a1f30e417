// Trusted commands the runner itself runs on the host (git, cp, du) — never
// code from a repository under test, which goes through sandbox.ts.

import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import path from "node:path";
import { OutputCapture } from "../git/output-cap";

export interface HostResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface HostOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

const HOST_OUTPUT_CAP = 4 * 1024 * 1024;

export function runHost(file: string, args: readonly string[], options: HostOptions = {}): Promise<HostResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
      timeout: options.timeoutMs ?? 15 * 60_000,
      killSignal: "SIGKILL",
    });
    const stdout = new OutputCapture(HOST_OUTPUT_CAP);
    const stderr = new OutputCapture(HOST_OUTPUT_CAP);
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.once("error", reject);
    child.once("close", (code, signal) => resolve({ code, signal, stdout: stdout.toString(), stderr: stderr.toString() }));
  });
}

/** git with no prompts and messages in English, so they can be shown and matched (the studio's one git spawner). */
export { gitResult as git } from "../git/run-git";

const executableCache = new Map<string, string | null>();

/** Absolute path of an executable found on PATH (or the absolute path given), else null. */
export function findExecutable(name: string): string | null {
  const cached = executableCache.get(name);
  if (cached !== undefined) return cached;
  const candidates = name.includes("/") ? [name] : (process.env.PATH ?? "/usr/bin:/bin").split(":").map((dir) => path.join(dir, name));
  let found: string | null = null;
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      found = candidate;
      break;
    } catch {
      // not here
    }
  }
  executableCache.set(name, found);
  return found;
}
