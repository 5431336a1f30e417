/**
 * Launchers with their own mount namespace and the prelude run in their shell (issue 24) against
 * launchers as before (SPECPATH_LAUNCHER_PLAIN=1: the overlay's `unshare` and the prelude's own
 * shell exec'd on every run's path): one overlay sandbox start (runSandboxed, a command that reads
 * the prepared tree) from a launcher of each kind per round, order alternating, each after the pool
 * was refilled in its own mode (outside the timing). Medians, and the median of the paired differences.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { closeLaunchers, prepareLaunchers } from "../lib/runner/launcher-pool";
import { defaultLimits, runSandboxed } from "../lib/runner/sandbox";

export type TLauncherModes = { plainMs: number; namespacedMs: number; pairedMs: number; rounds: number };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export async function launcherModes(scratch: string, rounds: number): Promise<TLauncherModes> {
  const previous = process.env.SPECPATH_LAUNCHER_PLAIN;
  const lower = path.join(scratch, "lower");
  await mkdir(lower, { recursive: true });
  await writeFile(path.join(lower, "file.txt"), "prepared\n");
  const limits = defaultLimits(10_000);
  const times = { plain: [] as number[], namespaced: [] as number[] };
  try {
    for (let r = 0; r < rounds; r++) {
      const order: Array<"plain" | "namespaced"> = r % 2 === 0 ? ["plain", "namespaced"] : ["namespaced", "plain"];
      for (const mode of order) {
        process.env.SPECPATH_LAUNCHER_PLAIN = mode === "plain" ? "1" : "0";
        await closeLaunchers();
        await prepareLaunchers(limits);
        const dir = path.join(scratch, `${r}-${mode}`);
        const layers = { lower, upper: path.join(dir, "upper"), work: path.join(dir, "work") };
        for (const d of [layers.upper, layers.work, path.join(dir, "mnt"), path.join(dir, "out")]) await mkdir(d, { recursive: true });
        await new Promise((resolve) => setTimeout(resolve, 40));
        const result = await runSandboxed({ command: "cat file.txt > /dev/null", workspace: path.join(dir, "mnt"), overlay: layers, outputDir: path.join(dir, "out"), timeoutMs: 10_000 });
        if (result.exitCode !== 0) throw new Error(`launcher modes (${mode}): ${result.stderr}`);
        times[mode].push(result.durationMs);
        await rm(dir, { recursive: true, force: true });
      }
    }
  } finally {
    if (previous === undefined) delete process.env.SPECPATH_LAUNCHER_PLAIN;
    else process.env.SPECPATH_LAUNCHER_PLAIN = previous;
    await closeLaunchers();
  }
  return { plainMs: median(times.plain), namespacedMs: median(times.namespaced), pairedMs: median(times.plain.map((p, i) => p - (times.namespaced[i] ?? 0))), rounds };
}
