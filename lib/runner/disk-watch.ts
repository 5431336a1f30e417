import "server-only";
// A disk quota for a whole run: what the workspace's upper layer (or copy),
// the output directory and the private /tmp hold together, measured while the
// command runs. Over the quota, the run is killed and reports
// limitsHit ["disk"]. Per file, RLIMIT_FSIZE (at most the quota) stops a
// single write from running far past it between two measurements.

import { lstatSync, readdirSync, type Dirent } from "node:fs";
import path from "node:path";
import { setImmediate as yieldToLoop } from "node:timers/promises";
import { setTimeout as sleep } from "node:timers/promises";

/** Entries measured between two yields to the event loop (~1–2 ms of lstat here). */
const ENTRIES_PER_SLICE = 512;

/**
 * Bytes allocated under the directories (st_blocks, each inode once, symlinks
 * not followed). Walked with synchronous readdir/lstat in slices of
 * ENTRIES_PER_SLICE, yielding to the event loop between slices: the same
 * accounting as one promise per entry, without its cost (issue 24: the
 * baseline of a run's few staged files took 5–8 ms through the thread pool,
 * on every run's path; a slice of a small tree takes well under one).
 */
export async function diskUsage(dirs: readonly string[]): Promise<number> {
  const seen = new Set<string>();
  let total = 0;
  let slice = 0;
  const pending = [...dirs].reverse();
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue; // gone or unreadable: nothing to count
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      const stats = lstatSync(full, { throwIfNoEntry: false });
      if (stats) {
        const id = `${stats.dev}:${stats.ino}`;
        if (!seen.has(id)) {
          seen.add(id);
          total += stats.blocks * 512;
          if (stats.isDirectory()) pending.push(full);
        }
      }
      if (++slice >= ENTRIES_PER_SLICE) {
        slice = 0;
        await yieldToLoop();
      }
    }
  }
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
