import "server-only";
// Pre-joined launchers (issue 24). On cgroup v1 the first migration into a
// cgroup after idle waits for an RCU grace period (5–15 ms here, bench/layers.ts
// "+ cgroup"), and every run paid it on its critical path: the prelude shell
// joined the run's fresh cgroups right before it exec'd bwrap. A launcher is a
// shell spawned ahead of time and moved into a fresh run cgroup (cgroup.ts)
// while it waits on its stdin; a run takes one, hands it its command line (the
// path of a script on stdin) and the shell execs it, so the run's processes
// start inside their cgroup with no migration on the way.
//
// Each launcher, and its cgroup, serves exactly one run: take() removes it from
// the pool before anyone sees it, and the run removes the cgroup afterwards as
// before (runSandboxed), so a cgroup is never reused, dirty or not. The pool is
// refilled in the background after each take. A launcher whose worker dies sees
// its stdin close and exits without running anything; its empty cgroup is swept
// like any other dead worker's (cgroup.ts sweepAbandoned).

import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { createRunCgroup, type RunCgroup } from "./cgroup";
import { findExecutable } from "./host";
import { PRELUDE_SCRIPT } from "./sandbox-args";

/** The cgroup limits a launcher's group is made with: a run takes only a launcher made for its own. */
export interface LauncherLimits {
  memoryBytes: number;
  maxProcesses: number;
  cpuCores?: number;
}

export interface Launcher {
  child: ChildProcess;
  cgroup: RunCgroup;
  /** Whether the launcher sits in a private mount namespace of its own (made with it, off any run's path). */
  privateMounts: boolean;
  /**
   * Execs `argv` in `cwd` with exactly `env` (nothing of the launcher's own), fd 3
   * kept only with `keepFd3`. Resolves to the script file it was handed, for the
   * caller to delete once the run is over.
   */
  launch(argv: readonly string[], options: { cwd: string; env: Record<string, string>; keepFd3: boolean }): Promise<string>;
}

/** Launchers kept ready per set of limits: one per poller of a worker with the default concurrency. */
const POOL_SIZE = 2;

// Waits for one line on stdin (the script's path), then sources it with stdin
// on /dev/null; EOF instead (the worker closed the pool or died): exits.
const LAUNCHER_SCRIPT = 'IFS= read -r specpath_launch || exit 0; exec 0</dev/null; . "$specpath_launch"';

interface Slot {
  ready: Launcher[];
  pending: Array<Promise<Launcher | null>>;
}
const pools = new Map<string, Slot>();
let stats = { created: 0, taken: 0 };

const keyOf = (limits: LauncherLimits) => `${limits.memoryBytes}/${limits.maxProcesses}/${limits.cpuCores ?? "-"}`;

/** How many launchers were made and taken so far in this process (tests, bench). */
export function launcherStats(): { created: number; taken: number } {
  return { ...stats };
}

/**
 * A launcher already in a fresh cgroup with these limits, or null (none made
 * yet for them: the caller joins the slow way, and the pool starts filling).
 * One being made is waited for: it is never slower than making one.
 */
export async function takeLauncher(limits: LauncherLimits): Promise<Launcher | null> {
  const slot = slotOf(limits);
  let taken: Launcher | null = null;
  while (!taken) {
    const ready = slot.ready.shift();
    if (ready) {
      if (ready.child.exitCode === null && ready.child.signalCode === null) taken = ready;
      else void ready.cgroup.remove();
      continue;
    }
    const pending = slot.pending.shift();
    if (!pending) break;
    taken = await pending;
  }
  fill(limits);
  if (taken) stats.taken++;
  return taken;
}

/** Makes launchers for these limits now, up to the pool's size (a worker at start, tests). */
export async function prepareLaunchers(limits: LauncherLimits): Promise<void> {
  fill(limits);
  await Promise.all(slotOf(limits).pending);
}

/** Ends every waiting launcher and removes its cgroup (shutdown, tests). */
export async function closeLaunchers(): Promise<void> {
  const slots = [...pools.values()];
  pools.clear();
  const all = [...slots.flatMap((s) => s.ready), ...(await Promise.all(slots.flatMap((s) => s.pending))).filter((l): l is Launcher => l !== null)];
  await Promise.all(all.map((l) => discard(l)));
}

function slotOf(limits: LauncherLimits): Slot {
  const key = keyOf(limits);
  let slot = pools.get(key);
  if (!slot) {
    slot = { ready: [], pending: [] };
    pools.set(key, slot);
    if (pools.size > 8) {
      const [oldKey, old] = pools.entries().next().value as [string, Slot];
      pools.delete(oldKey);
      for (const l of old.ready) void discard(l);
    }
  }
  return slot;
}

function fill(limits: LauncherLimits): void {
  const slot = slotOf(limits);
  while (slot.ready.length + slot.pending.length < POOL_SIZE) {
    const made = makeLauncher(limits).catch(() => null);
    slot.pending.push(made);
    void made.then((launcher) => {
      const at = slot.pending.indexOf(made);
      if (at < 0) return; // taken while pending: its taker has it
      slot.pending.splice(at, 1);
      if (launcher && pools.get(keyOf(limits)) === slot) slot.ready.push(launcher);
      else if (launcher) void discard(launcher);
    });
  }
}

/**
 * `unshare` when this process may give a launcher a private mount namespace of its own (root, and
 * it works here: asked once), else null. SPECPATH_LAUNCHER_PLAIN=1: launchers as before (no mount
 * namespace of their own, the prelude exec'd in a shell of its own), for the bench's A/B.
 */
let unshareProbe: string | null | undefined;
function launcherUnshare(): string | null {
  if (plainLaunchers()) return null;
  if (unshareProbe === undefined) {
    const unshare = process.getuid?.() === 0 ? findExecutable("unshare") : null;
    try {
      if (unshare) execFileSync(unshare, ["--mount", "--propagation", "private", "--", "/bin/true"], { stdio: "ignore", timeout: 10_000 });
      unshareProbe = unshare;
    } catch {
      unshareProbe = null;
    }
  }
  return unshareProbe;
}

const plainLaunchers = () => process.env.SPECPATH_LAUNCHER_PLAIN === "1";

async function makeLauncher(limits: LauncherLimits): Promise<Launcher | null> {
  const cgroup = await createRunCgroup(limits);
  if (!cgroup) return null;
  // An overlay run mounts its workspace in a private mount namespace that dies with it: the
  // launcher makes that namespace now, so the run's prelude needs no `unshare` of its own.
  const unshare = launcherUnshare();
  const plain = plainLaunchers();
  const argv = [...(unshare ? [unshare, "--mount", "--propagation", "private", "--"] : []), "/bin/sh", "-c", LAUNCHER_SCRIPT];
  // (The cast: Next's types add NODE_ENV to ProcessEnv; the launcher deliberately has no environment.)
  const child: ChildProcess = spawn(argv[0] as string, argv.slice(1), { cwd: "/", env: {} as NodeJS.ProcessEnv, detached: true, stdio: ["pipe", "pipe", "pipe", "pipe"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.once("error", () => undefined);
  // Nothing of an idle launcher keeps the worker's event loop alive.
  child.unref();
  for (const stream of child.stdio) (stream as (Readable & { unref?: () => void }) | null)?.unref?.();
  try {
    if (!child.pid) throw new Error("the launcher did not start");
    // The slow part, off any run's path: the migration into the run's cgroups.
    for (const file of cgroup.procsFiles) await writeFile(file, String(child.pid));
  } catch {
    child.kill("SIGKILL");
    await exited;
    await cgroup.remove();
    return null;
  }
  stats.created++;
  let used = false;
  return {
    child,
    cgroup,
    privateMounts: unshare !== null,
    async launch(argv, options) {
      if (used) throw new Error("a launcher serves one run");
      used = true;
      for (const stream of child.stdio) (stream as (Readable & { ref?: () => void }) | null)?.ref?.();
      child.ref();
      const dir = await scriptDir();
      const file = path.join(dir, `${process.pid}-${randomUUID()}.sh`);
      await writeFile(file, launchScript(argv, { ...options, privateMountsBy: unshare, plain }), { mode: 0o600 });
      (child.stdin as Writable).end(`${file}\n`);
      return file;
    },
  };
}

async function discard(launcher: Launcher): Promise<void> {
  const exited = new Promise<void>((resolve) => (launcher.child.exitCode !== null || launcher.child.signalCode !== null ? resolve() : launcher.child.once("exit", () => resolve())));
  (launcher.child.stdin as Writable | null)?.end();
  launcher.child.kill("SIGKILL");
  await exited;
  await launcher.cgroup.remove();
}

let scripts: Promise<string> | null = null;
function scriptDir(): Promise<string> {
  scripts ??= (async () => {
    const dir = path.join(os.tmpdir(), "specpath-launch");
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return dir;
  })();
  return scripts;
}

const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/**
 * argv as the launcher's own shell can run it: the sandbox's prelude (sandbox-args.ts
 * PRELUDE_SCRIPT) in that shell instead of an exec of a shell of its own, and without the
 * overlay's `unshare --mount --propagation private` when the launcher already sits in a private
 * mount namespace (`privateMountsBy`: the unshare it was made with). Anything else is exec'd as is.
 */
export function inlinePrelude(argv: readonly string[], privateMountsBy: string | null): { prelude: string[] } | { exec: readonly string[] } {
  const ownNamespace = ["--mount", "--propagation", "private", "--"];
  const rest = privateMountsBy !== null && argv[0] === privateMountsBy && ownNamespace.every((arg, i) => argv[i + 1] === arg) ? argv.slice(1 + ownNamespace.length) : argv;
  if (rest[0] === "/bin/sh" && rest[1] === "-c" && rest[2] === PRELUDE_SCRIPT && rest[3] === "specpath-prelude") return { prelude: rest.slice(4) };
  return { exec: argv };
}

/**
 * The script the launcher sources: it enters cwd, keeps exactly `env` (the
 * launcher started with none; dash's own PWD and OLDPWD go) and execs argv
 * (a prelude in its own shell: inlinePrelude).
 */
export function launchScript(argv: readonly string[], options: { cwd: string; env: Record<string, string>; keepFd3: boolean; privateMountsBy?: string | null; plain?: boolean }): string {
  for (const name of Object.keys(options.env)) if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`environment variable name ${JSON.stringify(name)} cannot be exported by the launcher`);
  const run = options.plain ? { exec: argv } : inlinePrelude(argv, options.privateMountsBy ?? null);
  return [
    `cd ${quote(options.cwd)} || exit 125`,
    "unset PWD OLDPWD specpath_launch",
    ...Object.entries(options.env).map(([name, value]) => `export ${name}=${quote(value)}`),
    ...(options.keepFd3 ? [] : ["exec 3>&-"]),
    ...("prelude" in run ? [`set -- ${run.prelude.map(quote).join(" ")}`, PRELUDE_SCRIPT] : [`exec ${run.exec.map(quote).join(" ")}`]),
    "",
  ].join("\n");
}
