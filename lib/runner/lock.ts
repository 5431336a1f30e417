import "server-only";
// Cross-process mutual exclusion on one machine: a lock file created with
// O_EXCL holding "pid:host:token". A lock whose owner process is gone (crash,
// kill -9) is broken by the next waiter. The cache directory must be local to
// the machine: a lock from another host is never considered stale.

import { randomUUID } from "node:crypto";
import { link, readFile, rename, rm, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { RunnerError } from "./errors";

export interface LockOptions {
  timeoutMs?: number;
  pollMs?: number;
}

/** Per lock path, the end of this process's queue for it. */
const queues = new Map<string, Promise<void>>();

/**
 * Holders in this process queue for the lock in memory and take the file lock
 * in turn, so one of them never waits out a poll interval for another (issue 24:
 * two runs of one worker leasing from the cache index at once paid up to
 * 25 ms); the file lock still excludes other processes.
 */
export async function withLock<T>(lockPath: string, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const key = path.resolve(lockPath);
  const before = queues.get(key) ?? Promise.resolve();
  let done = () => undefined as void;
  const mine = new Promise<void>((resolve) => (done = resolve));
  const end = before.then(() => mine);
  queues.set(key, end);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const started = Date.now();
  try {
    await waitUntil(before, timeoutMs, lockPath);
    const release = await acquireLock(lockPath, { ...options, timeoutMs: Math.max(0, timeoutMs - (Date.now() - started)) });
    try {
      return await fn();
    } finally {
      await release();
    }
  } finally {
    done();
    if (queues.get(key) === end) queues.delete(key);
  }
}

/** `turn`, or lock_timeout once `timeoutMs` passed. */
async function waitUntil(turn: Promise<void>, timeoutMs: number, lockPath: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RunnerError("lock_timeout", `timed out after ${timeoutMs} ms waiting for ${lockPath}`)), timeoutMs);
    timer.unref();
  });
  try {
    await Promise.race([turn, late]);
  } finally {
    clearTimeout(timer);
  }
}

const DEFAULT_TIMEOUT_MS = 30 * 60_000;

export async function acquireLock(lockPath: string, { timeoutMs = DEFAULT_TIMEOUT_MS, pollMs = 25 }: LockOptions = {}): Promise<() => Promise<void>> {
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
