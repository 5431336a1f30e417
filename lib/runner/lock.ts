import "server-only";
// Cross-process mutual exclusion on one machine: a lock file created with
// O_EXCL holding "pid:host:token". A lock whose owner process is gone (crash,
// kill -9) is broken by the next waiter. The cache directory must be local to
// the machine: a lock from another host is never considered stale.

import { randomUUID } from "node:crypto";
import { link, readFile, rename, rm, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { RunnerError } from "./errors";

export interface LockOptions {
  timeoutMs?: number;
  pollMs?: number;
}

export async function withLock<T>(lockPath: string, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const release = await acquireLock(lockPath, options);
  try {
    return await fn();
  } finally {
    await release();
  }
}

export async function acquireLock(lockPath: string, { timeoutMs = 30 * 60_000, pollMs = 25 }: LockOptions = {}): Promise<() => Promise<void>> {
  const token = `${process.pid}:${hostname()}:${randomUUID()}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await writeFile(lockPath, token, { flag: "wx" });
      return async () => {
        const owner = await readFile(lockPath, "utf8").catch(() => null);
        if (owner === token) await rm(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    await breakIfStale(lockPath);
    if (Date.now() > deadline) throw new RunnerError("lock_timeout", `timed out after ${timeoutMs} ms waiting for ${lockPath}`);
    await sleep(pollMs);
  }
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function isStale(owner: string): boolean {
  const [pid, host] = owner.split(":");
  if (host !== hostname()) return false;
  const pidNumber = Number(pid);
  return Number.isInteger(pidNumber) && pidNumber > 0 && !isProcessAlive(pidNumber);
}

async function breakIfStale(lockPath: string): Promise<void> {
  const owner = await readFile(lockPath, "utf8").catch(() => null);
  if (owner === null || !isStale(owner)) return;
  // Move it aside atomically so only one waiter breaks it. If what we moved is
  // not the stale lock we read (it was replaced in between), put it back.
  const aside = `${lockPath}.stale-${process.pid}-${randomUUID()}`;
  try {
    await rename(lockPath, aside);
  } catch {
    return;
  }
  const moved = await readFile(aside, "utf8").catch(() => null);
  if (moved !== owner) await link(aside, lockPath).catch(() => undefined);
  await rm(aside, { force: true });
}
