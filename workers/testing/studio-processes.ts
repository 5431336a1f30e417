// Restart tests run the studio's processes for real (a web stand-in, workers) and kill them with
// SIGKILL mid-job: children under the server condition, each killed at the end at the latest.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

export function studioProcesses(env: () => NodeJS.ProcessEnv) {
  const alive = new Set<ChildProcess>();
  return {
    /** Starts `script` as the studio starts its processes (tsx, --conditions=react-server). */
    child(script: string, args: string[] = []): ChildProcess {
      const proc = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", path.resolve(script), ...args], { env: env(), stdio: ["ignore", "pipe", "inherit"] });
      alive.add(proc);
      proc.once("exit", () => alive.delete(proc));
      return proc;
    },
    async kill9(proc: ChildProcess): Promise<void> {
      proc.kill("SIGKILL");
      if (proc.exitCode === null && proc.signalCode === null) await new Promise((r) => proc.once("exit", r));
    },
    killAll(): void {
      for (const proc of alive) proc.kill("SIGKILL");
    },
  };
}

/** The first line a stand-in prints (the id of the job it started). */
export function firstLine(proc: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = "";
    proc.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) resolve(out.trim());
    });
    proc.once("exit", (code) => reject(new Error(`the stand-in exited (${code})`)));
  });
}

/** Polls `probe` every 100 ms until it gives a value. */
export async function waitFor<T>(what: string, probe: () => Promise<T | null | false>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
