import "server-only";
// A disk quota for a whole run: what the workspace's upper layer (or copy),
// the output directory and the private /tmp hold together, measured while the
// command runs. Over the quota, the run is killed and reports
// limitsHit ["disk"]. Per file, RLIMIT_FSIZE (at most the quota) stops a
// single write from running far past it between two measurements.

import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/** Bytes allocated under the directories (st_blocks, each inode once, symlinks not followed). */
export async function diskUsage(dirs: readonly string[]): Promise<number> {
  const seen = new Set<string>();
  let total = 0;
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    await Promise.all(
      entries.map(async (entry) => {
        const full = path.join(dir, entry.name);
        const stats = await lstat(full).catch(() => null);
        if (!stats) return;
        const id = `${stats.dev}:${stats.ino}`;
        if (seen.has(id)) return;
        seen.add(id);
        total += stats.blocks * 512;
        if (stats.isDirectory()) await walk(full);
      }),
    );
  };
  for (const dir of dirs) await walk(dir);
  return total;
}

export interface DiskWatch {
  /** Resolves true (and stops watching) once the usage went over the quota. */
  exceeded: Promise<true>;
  /** Highest usage seen above the baseline. */
  peakBytes(): number;
  stop(): void;
}

/**
 * Watches `dirs` until stopped; what they held at the start is the baseline
 * (a full copy of the workspace counts only for what the run adds to it).
 * The interval grows with the cost of one measurement (a large tree is
 * walked at most a tenth of the time).
 */
export async function watchDisk(dirs: readonly string[], quotaBytes: number, minIntervalMs = 200): Promise<DiskWatch> {
  const baseline = await diskUsage(dirs);
  let stopped = false;
  let peak = 0;
  let signal: (value: true) => void = () => undefined;
  const exceeded = new Promise<true>((resolve) => (signal = resolve));
  void (async () => {
    while (!stopped) {
      const started = performance.now();
      const used = (await diskUsage(dirs)) - baseline;
      peak = Math.max(peak, used);
      if (used > quotaBytes) {
        stopped = true;
        signal(true);
        return;
      }
      // At most a tenth of the time spent measuring.
      await sleep(Math.max(minIntervalMs, 10 * (performance.now() - started)));
    }
  })();
  return { exceeded, peakBytes: () => peak, stop: () => (stopped = true) };
}
