import "server-only";
// A per-run cgroup for the limits rlimits cannot give: a process-count limit
// that holds for root (RLIMIT_NPROC is never enforced for uid 0) and a memory
// limit that covers the whole process tree, tmpfs included, and ends in an
// OOM kill of the tree rather than of the worker, and a CPU bound (a quota of
// cores for the run, a low weight for all runs together) so a fork-heavy run
// cannot starve the web server. Placed below the worker's own
// cgroup (so any limit of the worker's container still applies). Works with
// cgroup v1 (pids, memory hierarchies) and with a delegated cgroup v2 subtree;
// anywhere else createRunCgroup returns null and the sandbox says so.

import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, readFile, readdir, rmdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { isProcessAlive } from "./lock";

const ROOT = "/sys/fs/cgroup";

export type LimitName = "memory" | "processes" | "disk";
type CgroupLimit = "memory" | "processes" | "cpu";

/** CFS period for the CPU quota; a run gets cpuCores × this much CPU time per period. */
const CPU_PERIOD_US = 100_000;
/**
 * CPU weight: a run's whole tree weighs as one ordinary process, however many
 * processes it forks, so a fork-heavy run cannot crowd the web server out.
 * cgroup v1: each run's cpu group sits beside the worker (named CPU_PREFIX…)
 * with the default cpu.shares; v2 keeps every controller in one group, so the
 * runs' common parent weighs one ordinary process per core (cpu.weight).
 */
const CPU_PREFIX = "specpath-run-";
const RUNS_WEIGHT = Math.min(10_000, 100 * os.availableParallelism());

export interface RunCgroup {
  /** cgroup.procs files the sandboxed process writes its pid to before it execs the command. */
  procsFiles: string[];
  enforced: Record<CgroupLimit, boolean>;
  killAll(): Promise<void>;
  limitsHit(): Promise<LimitName[]>;
  remove(): Promise<void>;
}

const removing = new Set<Promise<void>>();

/** Removes the run's cgroup in the background (its last process may still be in its exit); settleCgroupRemovals() waits. */
export function removeLater(cgroup: RunCgroup): void {
  const removal = cgroup.remove().catch(() => undefined);
  removing.add(removal);
  void removal.finally(() => removing.delete(removal));
}

/** Resolves once every background removal started so far has finished (tests, benchmarks, shutdown). */
export async function settleCgroupRemovals(): Promise<void> {
  await Promise.all([...removing]);
}

interface Group {
  dir: string;
  controller: "pids" | "memory" | "cpu" | "unified";
}

export async function createRunCgroup(limits: { memoryBytes: number; maxProcesses: number; cpuCores?: number }): Promise<RunCgroup | null> {
  const own = await ownCgroupPaths();
  const name = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const groups: Group[] = [];
  const enforced: Record<CgroupLimit, boolean> = { memory: false, processes: false, cpu: false };
  const quota = limits.cpuCores ? `${Math.max(1000, Math.round(limits.cpuCores * CPU_PERIOD_US))}` : null;

  if (existsSync(path.join(ROOT, "cgroup.controllers"))) {
    const parent = path.join(ROOT, own.get("") ?? "/", "specpath");
    const dir = await makeGroup(parent, name);
    if (dir) {
      enforced.processes = await writeLimit(dir, "pids.max", limits.maxProcesses);
      enforced.memory = await writeLimit(dir, "memory.max", limits.memoryBytes);
      if (quota) {
        await writeLimit(parent, "cpu.weight", RUNS_WEIGHT);
        enforced.cpu = await writeLimit(dir, "cpu.max", `${quota} ${CPU_PERIOD_US}`);
      }
      if (enforced.processes || enforced.memory || enforced.cpu) {
        await writeLimit(dir, "memory.swap.max", 0);
        groups.push({ dir, controller: "unified" });
      } else await rmdir(dir).catch(() => undefined);
    }
  } else {
    // The controllers are separate hierarchies: set them up side by side.
    const made = await Promise.all(
      ([
        ["pids", "pids.max", limits.maxProcesses],
        ["memory", "memory.limit_in_bytes", limits.memoryBytes],
        ["cpu", "cpu.cfs_quota_us", quota],
      ] as const).map(async ([controller, file, value]) => {
        if (value === null) return null;
        const mount = path.join(ROOT, controller);
        if (!existsSync(path.join(mount, "cgroup.procs"))) return null;
        const parent = path.join(mount, own.get(controller) ?? "/", ...(controller === "cpu" ? [] : ["specpath"]));
        const dir = await makeGroup(parent, controller === "cpu" ? `${CPU_PREFIX}${name}` : name, controller === "cpu" ? CPU_PREFIX : "");
        if (!dir) return null;
        if (await writeLimit(dir, file, value)) return { dir, controller };
        await rmdir(dir).catch(() => undefined);
        return null;
      }),
    );
    for (const group of made) {
      if (!group) continue;
      groups.push(group);
      enforced[group.controller === "pids" ? "processes" : group.controller] = true;
    }
  }
  if (groups.length === 0) return null;

  // Polls fast at first: right after the command exits, its last processes are usually gone within a millisecond or two.
  // Done once every process left is gone or in its exit (it can never run code again): the sandbox's pid-1 tears
  // down its mount namespace there, which takes ~3 ms (an RCU grace period); remove() waits for it, off the run's path.
  const killAll = async () => {
    const deadline = performance.now() + 1000;
    for (let pause = 1; ; pause = Math.min(pause * 2, 10)) {
      let remaining = 0;
      for (const group of groups) {
        if (group.controller === "unified" && (await writeLimit(group.dir, "cgroup.kill", 1))) continue;
        for (const pid of readPids(group.dir)) {
          try {
            process.kill(pid, "SIGKILL");
          } catch {
            continue; // already gone (an exited task can stay listed a moment after it was reaped)
          }
          if (!isExiting(pid)) remaining++;
        }
      }
      if (remaining === 0 || performance.now() > deadline) return;
      await sleep(pause);
    }
  };

  return {
    procsFiles: groups.map((g) => path.join(g.dir, "cgroup.procs")),
    enforced,
    killAll,
    async limitsHit() {
      const hit = new Set<LimitName>();
      for (const group of groups) {
        if (group.controller === "cpu") continue;
        if (group.controller !== "memory" && (await counter(group.dir, "pids.events", "max")) > 0) hit.add("processes");
        const memoryEvents = group.controller === "memory" ? "memory.oom_control" : "memory.events";
        if (group.controller !== "pids" && (await counter(group.dir, memoryEvents, "oom_kill")) > 0) hit.add("memory");
      }
      return [...hit];
    },
    async remove() {
      await killAll();
      await Promise.all(
        groups.map(async (group) => {
          for (let attempt = 0; attempt < 50; attempt++) {
            try {
              await rmdir(group.dir);
              return;
            } catch {
              await sleep(attempt < 5 ? 1 : 10);
            }
          }
        }),
      );
    },
  };
}

let ownPaths: Promise<Map<string, string>> | null = null;

/** The worker's own cgroups (read once: a process does not move between them on its own). */
function ownCgroupPaths(): Promise<Map<string, string>> {
  ownPaths ??= readOwnCgroupPaths();
  return ownPaths;
}

async function readOwnCgroupPaths(): Promise<Map<string, string>> {
  const paths = new Map<string, string>();
  const text = await readFile("/proc/self/cgroup", "utf8").catch(() => "");
  for (const line of text.split("\n")) {
    const [, controllers, cgroupPath] = line.split(":");
    if (controllers === undefined || cgroupPath === undefined) continue;
    for (const controller of controllers.split(",")) paths.set(controller, cgroupPath);
  }
  return paths;
}

/** When each parent was last swept: once a minute is enough to keep abandoned groups from piling up, and spares every run a readdir. */
const sweptAt = new Map<string, number>();
const SWEEP_EVERY_MS = 60_000;

async function makeGroup(parent: string, name: string, prefix = ""): Promise<string | null> {
  try {
    const last = sweptAt.get(parent);
    if (last === undefined || performance.now() - last > SWEEP_EVERY_MS) {
      await mkdir(parent, { recursive: true });
      await sweepAbandoned(parent, prefix);
      sweptAt.set(parent, performance.now());
    }
    const dir = path.join(parent, name);
    await mkdir(dir).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
      await mkdir(parent, { recursive: true }); // the parent went away since it was swept
      await mkdir(dir);
    });
    return dir;
  } catch {
    return null;
  }
}

/** Removes the empty groups of workers that died without cleaning up (named <prefix><pid>-…). */
async function sweepAbandoned(parent: string, prefix: string): Promise<void> {
  for (const entry of await readdir(parent).catch(() => [])) {
    if (!entry.startsWith(prefix)) continue;
    const pid = Number(entry.slice(prefix.length).split("-")[0]);
    if (Number.isInteger(pid) && pid > 0 && !isProcessAlive(pid)) await rmdir(path.join(parent, entry)).catch(() => undefined);
  }
}

async function writeLimit(dir: string, file: string, value: number | string): Promise<boolean> {
  try {
    await writeFile(path.join(dir, file), String(value));
    return true;
  } catch {
    return false;
  }
}

/** Synchronous: a few bytes of a kernel file, read right after each run; through the thread pool it took ~1 ms per group. */
function readPids(dir: string): number[] {
  let text = "";
  try {
    text = readFileSync(path.join(dir, "cgroup.procs"), "utf8");
  } catch {
    // the group is gone
  }
  return text.split("\n").filter(Boolean).map(Number);
}

/** PF_EXITING (include/linux/sched.h): the task is in do_exit. */
const PF_EXITING = 0x4;

/** Whether every thread of `pid` is in its exit (never runs user code again); false when it cannot be told. */
function isExiting(pid: number): boolean {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return false;
  }
  if (tids.length === 0) return false;
  for (const tid of tids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
    } catch {
      continue; // this thread is gone
    }
    // Fields after the command name (which may hold spaces and parentheses): state ppid pgrp session tty tpgid flags.
    const flags = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[6]);
    if (!Number.isInteger(flags) || (flags & PF_EXITING) === 0) return false;
  }
  return true;
}

/** Reads `key N` from a flat-keyed cgroup file; 0 when absent (synchronous, as readPids). */
async function counter(dir: string, file: string, key: string): Promise<number> {
  let text = "";
  try {
    text = readFileSync(path.join(dir, file), "utf8");
  } catch {
    // not there: no such counter
  }
  const line = text.split("\n").find((l) => l.startsWith(`${key} `));
  return line ? Number(line.split(" ")[1]) || 0 : 0;
}
