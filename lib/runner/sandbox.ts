import "server-only";
// Runs one shell command of a repository under test, bounded in time, memory,
// processes, CPU share, disk and reach. Backends, in order of preference:
//   container — podman / docker, when the verifier names an image and an engine answers;
//   bwrap     — only the system directories and runtimes a toolchain needs (sandbox-view.ts),
//               read-only; writable workspace + output + private /tmp only; no network, or
//               for setup a user-mode network that cannot reach this machine (user-net.ts);
//               own pid/ipc/uts/user namespaces, no capabilities, /proc/sys read-only,
//               killed with its parent;
//   none      — a plain subprocess, only when bwrap is missing or broken, with a warning.
// On timeout the whole tree dies: SIGKILL to the process group, to every process of the
// run's cgroup, and (bwrap) the pid namespace goes with its init.

import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { createRunCgroup, removeLater, type LimitName, type RunCgroup } from "./cgroup";
import { takeLauncher, type Launcher } from "./launcher-pool";
import { watchDisk, type DiskWatch } from "./disk-watch";
import { RunnerError } from "./errors";
import { findExecutable, runHost } from "./host";
import { OutputCapture } from "../git/output-cap";
import {
  bwrapArgs,
  containerArgs,
  NET_BLOCK_FD,
  NET_INFO_FD,
  preludeArgs,
  SANDBOX_OUTPUT,
  SANDBOX_WORKSPACE,
  type MountPlan,
  type NetworkMode,
  type OverlayLayers,
  type SandboxLimits,
} from "./sandbox-args";
import { systemView } from "./sandbox-view";
import { chooseNetwork, namespaceResolvConf, startUserNet } from "./user-net";

export type SandboxKind = "bwrap" | "container" | "none";

export interface SandboxPaths {
  /** The workspace (cwd) as the command sees it. */
  workspace: string;
  /** The output directory as the command sees it. */
  output: string;
}

export interface SandboxRequest {
  command: string;
  /** Host directory, writable, the command's cwd (with `overlay`: the empty directory the overlay is mounted on). */
  workspace: string;
  /** Mount these layers on `workspace` for this command only (bwrap and none; needs root). */
  overlay?: OverlayLayers;
  /**
   * A control channel on fd 3 for a command that prepares before it runs the real
   * thing (run-steps.ts): its first line "ready" restarts the clock, from
   * `setupTimeoutMs` to `timeoutMs`. Not for containers.
   */
  control?: { setupTimeoutMs: number };
  /** Host directory, writable, for reports and scratch files. */
  outputDir: string;
  readOnly?: readonly string[];
  /** Existing host directories to hide behind an empty tmpfs (bwrap only). */
  hide?: readonly string[];
  /** Extra environment; gets the paths as the command will see them. */
  env?: (paths: SandboxPaths) => Record<string, string>;
  timeoutMs: number;
  /**
   * Network access (setup only): true — a user-mode network that cannot reach this machine;
   * "host" — the host's network, with a warning (comparison, diagnosis). Default false.
   */
  network?: boolean | "host";
  /** Where no user-mode network stack exists: let `network` use the host's network (with a warning). Default: SPECPATH_SETUP_HOST_NETWORK=1. */
  allowHostNetwork?: boolean;
  /** Host directory bound as the private /tmp, counted in the disk quota (bwrap; default: a tmpfs of at most the quota). */
  tmpDir?: string;
  limits?: Partial<SandboxLimits>;
  image?: string | null;
  /** "none" forces a plain subprocess (for comparison and diagnosis). Default "auto". */
  backend?: "auto" | "none";
  /** Per stream; head and tail are kept. Default 256 KiB. */
  outputCapBytes?: number;
}

export interface SandboxResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  durationMs: number;
  sandbox: SandboxKind;
  warnings: string[];
  /** Limits the command ran into (needs a cgroup to be known). */
  limitsHit: LimitName[];
  paths: SandboxPaths;
  /** What the command wrote on fd 3, and when "ready" arrived (ms after the start); with `control` only. */
  control: { text: string; readyMs: number | null } | null;
}

export const DEFAULT_OUTPUT_CAP = 256 * 1024;

export function defaultLimits(timeoutMs: number): SandboxLimits {
  return {
    memoryBytes: 2 * 1024 ** 3,
    cpuSeconds: Math.max(10, Math.ceil(timeoutMs / 1000) * os.availableParallelism()),
    maxProcesses: 512,
    fileSizeBytes: 1024 ** 3,
    diskBytes: 4 * 1024 ** 3,
    // Half a core is always left to the web server and the worker itself.
    cpuCores: Math.max(1, os.availableParallelism() - 0.5),
  };
}

export async function runSandboxed(request: SandboxRequest): Promise<SandboxResult> {
  const merged = { ...defaultLimits(request.timeoutMs), ...request.limits };
  // One file alone cannot pass the quota between two measurements of the disk watch.
  const limits = { ...merged, fileSizeBytes: Math.min(merged.fileSizeBytes, merged.diskBytes) };
  const plan: MountPlan = {
    workspace: request.workspace,
    output: request.outputDir,
    readOnly: request.readOnly ?? [],
    hidden: (request.hide ?? []).filter((dir) => existsSync(dir)),
    network: request.network ? "host" : "none",
    view: systemView(),
    tmp: request.tmpDir ?? null,
  };
  if (request.image) {
    if (request.overlay || request.control) throw new Error("overlay workspaces and control channels are not available in containers");
    return runInContainer(request, plan, limits);
  }

  const warnings: string[] = [];
  const bwrap = request.backend === "none" ? { path: null, reason: "a plain subprocess was requested" } : await bwrapStatus();
  const kind: SandboxKind = bwrap.path ? "bwrap" : "none";
  const paths = kind === "bwrap" ? { workspace: SANDBOX_WORKSPACE, output: SANDBOX_OUTPUT } : { workspace: plan.workspace, output: plan.output };
  if (!bwrap.path) {
    warnings.push(`unsandboxed: ${bwrap.reason}; the command ran as a plain subprocess with this worker's access to the machine and network`);
  } else {
    const requested = request.network ?? false;
    const network =
      requested === "host"
        ? chooseNetwork(true, true, false)
        : chooseNetwork(requested, request.allowHostNetwork ?? process.env.SPECPATH_SETUP_HOST_NETWORK === "1");
    plan.network = network.mode;
    if (network.warning) warnings.push(network.warning);
    if (network.mode === "namespace") plan.resolvConf = await namespaceResolvConf();
  }

  // Everything the run writes: the overlay's upper layer (or the workspace itself), the output, /tmp.
  const diskDirs = [request.overlay?.upper ?? plan.workspace, plan.output, ...(plan.tmp ? [plan.tmp] : [])];
  // Before bwrapArgs reads the plan: a private tmpfs /tmp is bounded by the disk quota.
  if (kind === "bwrap" && !plan.tmp) plan.tmpSizeBytes = limits.diskBytes;
  // Independent, so side by side: the run's cgroups and the disk watch's baseline. A test
  // command (bwrap, no network) starts from a pre-joined launcher already in fresh cgroups
  // (launcher-pool.ts), so no cgroup migration is on its path; otherwise the prelude joins them.
  const pooled = kind === "bwrap" && plan.network === "none";
  const acquire = async (): Promise<{ launcher: Launcher | null; cgroup: RunCgroup | null }> => {
    const launcher = pooled ? await takeLauncher(limits) : null;
    return { launcher, cgroup: launcher ? launcher.cgroup : await createRunCgroup(limits) };
  };
  const [{ launcher, cgroup }, disk] = await Promise.all([acquire(), watchDisk(diskDirs, limits.diskBytes)]);
  let scratch: string | null = null;
  try {
    if (!cgroup?.enforced.processes) {
      warnings.push("process-count limit not enforced: no writable pids cgroup" + (process.getuid?.() === 0 ? " (RLIMIT_NPROC does not bind root)" : ""));
    }
    if (!cgroup?.enforced.memory) warnings.push("memory limited per process (RLIMIT_AS), not for the process tree: no writable memory cgroup");
    if (!cgroup?.enforced.cpu) warnings.push("CPU share not limited: no writable cpu cgroup");

    const inner = kind === "bwrap" ? [bwrap.path as string, ...bwrapArgs(plan, request.command)] : ["/bin/sh", "-c", request.command];
    // One shell before the sandbox joins the cgroups, sets the rlimits and mounts the overlay (no prlimit, no second shell).
    const prelude = preludeArgs({
      procsFiles: launcher ? [] : (cgroup?.procsFiles ?? []),
      limits,
      addressSpace: !cgroup?.enforced.memory,
      overlay: request.overlay ? { tools: overlayTools(), layers: request.overlay, mountPoint: plan.workspace } : undefined,
    });
    const argv = [...prelude, ...inner];

    scratch = kind === "none" ? await mkdtemp(path.join(plan.output, ".tmp-")) : null;
    const env = {
      ...sandboxEnv(scratch ?? "/tmp", paths, { sandboxPath: kind === "bwrap" ? plan.view.path : undefined, network: plan.network !== "none" }),
      ...request.env?.(paths),
    };
    const outcome = await supervise(argv, {
      cwd: plan.workspace,
      env,
      timeoutMs: request.timeoutMs,
      capBytes: request.outputCapBytes,
      cgroup,
      control: request.control,
      network: plan.network,
      disk,
      launcher,
    });
    const limitsHit: LimitName[] = [...((await cgroup?.limitsHit()) ?? []), ...(outcome.diskHit ? (["disk"] as const) : [])];
    if (outcome.networkFailure) warnings.push(`setup ran without network: ${outcome.networkFailure}`);
    for (const limit of limitsHit) warnings.push(`${limit} limit reached (${limitText(limit, limits)})`);
    const { diskHit: _diskHit, networkFailure: _networkFailure, ...result } = outcome;
    return { ...result, sandbox: kind, warnings, limitsHit, paths };
  } finally {
    disk.stop();
    // Every process of the run is dead or in its exit (killAll); the empty group goes in the background.
    if (cgroup) removeLater(cgroup);
    if (scratch) await rm(scratch, { recursive: true, force: true });
  }
}

function limitText(limit: LimitName, limits: SandboxLimits): string {
  if (limit === "memory") return `${limits.memoryBytes} bytes`;
  if (limit === "processes") return `${limits.maxProcesses} processes`;
  return `${limits.diskBytes} bytes written to the workspace, output and /tmp together`;
}

function overlayTools(): { unshare: string; mount: string } {
  const unshare = findExecutable("unshare");
  const mount = findExecutable("mount");
  if (!unshare || !mount) throw new RunnerError("sandbox_unavailable", "an overlay workspace needs unshare and mount");
  return { unshare, mount };
}

/**
 * The machine's TLS trust settings (a company CA, an intercepting egress): file
 * paths, no secrets, passed on when the sandbox can see the file they name —
 * and only to a command with network (setup): without one there is no TLS to
 * trust, and NODE_EXTRA_CA_CERTS alone costs every node start ~50 ms of
 * parsing the CA bundle (issue 24: most of what made a test command slower in
 * the sandbox than bare).
 */
const CA_TRUST_VARIABLES = ["NODE_EXTRA_CA_CERTS", "SSL_CERT_FILE", "SSL_CERT_DIR", "REQUESTS_CA_BUNDLE", "PIP_CERT", "CURL_CA_BUNDLE", "GIT_SSL_CAINFO"];

function caTrustEnv(): Record<string, string> {
  const binds = systemView().binds;
  const trust: Record<string, string> = {};
  for (const name of CA_TRUST_VARIABLES) {
    const value = process.env[name];
    if (value && path.isAbsolute(value) && binds.some((dir) => value.startsWith(dir + "/"))) trust[name] = value;
  }
  return trust;
}

export function sandboxEnv(tmp: string, paths: SandboxPaths, options: { sandboxPath?: string; network: boolean }): Record<string, string> {
  // Nothing of the worker's own environment (database URLs, tokens) leaks in.
  return {
    ...(options.network ? caTrustEnv() : {}),
    PATH: options.sandboxPath ?? process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
    HOME: tmp,
    TMPDIR: tmp,
    LANG: "C.UTF-8",
    CI: "true",
    SPECPATH_WORKSPACE: paths.workspace,
    SPECPATH_OUTPUT: paths.output,
  };
}

/** What the supervised process did; runSandboxed adds what it knows of the sandbox around it. */
type Supervised = Omit<SandboxResult, "sandbox" | "warnings" | "limitsHit" | "paths"> & {
  diskHit: boolean;
  networkFailure: string | null;
};

const CONTROL_CAP = 64 * 1024;

async function supervise(
  argv: string[],
  options: {
    cwd: string;
    env: Record<string, string>;
    timeoutMs: number;
    capBytes?: number;
    cgroup: RunCgroup | null;
    onTimeout?: () => void;
    control?: { setupTimeoutMs: number };
    network?: NetworkMode;
    disk?: DiskWatch;
    /** Already spawned (and in the run's cgroups): it execs argv instead of a new spawn. */
    launcher?: Launcher | null;
  },
): Promise<Supervised> {
  const started = performance.now();
  // detached: its own process group, so the whole group can be killed at once.
  // (The cast: Next's types add NODE_ENV to ProcessEnv; the sandbox deliberately has none.)
  const env = options.env as NodeJS.ProcessEnv;
  const namespaced = options.network === "namespace";
  const stdio: Array<"ignore" | "pipe"> = ["ignore", "pipe", "pipe", options.control ? "pipe" : "ignore"];
  if (namespaced) {
    // bwrap's info fd and block fd (bwrapArgs): the pid of the sandbox, and "go" once its network is up.
    stdio[NET_INFO_FD] = "pipe";
    stdio[NET_BLOCK_FD] = "pipe";
  }
  const { launcher } = options;
  if (launcher && namespaced) throw new Error("a launcher has no network fds");
  const child = launcher ? launcher.child : spawn(argv[0] as string, argv.slice(1), { cwd: options.cwd, env, detached: true, stdio });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    child.once("error", reject);
    child.once("exit", (exitCode, exitSignal) => resolve({ code: exitCode, signal: exitSignal }));
  });
  const stdout = new OutputCapture(options.capBytes ?? DEFAULT_OUTPUT_CAP);
  const stderr = new OutputCapture(options.capBytes ?? DEFAULT_OUTPUT_CAP);
  child.stdout?.on("data", (chunk: Buffer) => stdout.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));
  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const script = launcher ? await launcher.launch(argv, { cwd: options.cwd, env: options.env, keepFd3: Boolean(options.control) }) : null;

  const killTree = () => {
    if (child.pid) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // the group is already gone
      }
    }
    void options.cgroup?.killAll();
  };
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      killTree();
      options.onTimeout?.();
    }, ms);
  };
  arm(options.control ? options.control.setupTimeoutMs : options.timeoutMs);

  let diskHit = false;
  void options.disk?.exceeded.then(() => {
    diskHit = true;
    killTree();
  });

  // The sandbox waits (bwrap --block-fd) until its network namespace is connected.
  let networkFailure: string | null = null;
  let finished = false;
  let stopNetwork = () => undefined as void;
  if (namespaced) {
    const fds = child.stdio as unknown as Array<Readable & NodeJS.WritableStream>;
    const info = fds[NET_INFO_FD] as Readable;
    const block = fds[NET_BLOCK_FD] as NodeJS.WritableStream;
    let text = "";
    info.on("error", () => undefined);
    block.on("error", () => undefined);
    info.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const pid = /"child-pid":\s*(\d+)/.exec(text)?.[1];
      if (!pid) return;
      // Keep draining: bwrap writes the rest of its JSON after the pid, and a closed fd would kill it (SIGPIPE).
      info.removeAllListeners("data");
      info.resume();
      void startUserNet(Number(pid)).then((net) => {
        stopNetwork = net.stop;
        networkFailure = net.failure;
        if (finished) net.stop();
        else block.end("1");
      });
    });
  }

  // The control channel: only its first line decides; "ready" starts the command's own clock.
  let controlBytes = Buffer.alloc(0);
  let readyMs: number | null = null;
  const controlStream = child.stdio[3] as Readable | null | undefined;
  if (options.control) controlStream?.on("data", (chunk: Buffer) => {
    if (controlBytes.length >= CONTROL_CAP) return;
    controlBytes = Buffer.concat([controlBytes, chunk]).subarray(0, CONTROL_CAP);
    if (readyMs === null && !timedOut && controlBytes.subarray(0, 6).toString() === "ready\n") {
      readyMs = performance.now() - started;
      arm(options.timeoutMs);
    }
  });

  try {
    const { code, signal } = await exited;
    const durationMs = performance.now() - started;
    // Whatever the command left running (a daemon, a background job) dies with it.
    killTree();
    await options.cgroup?.killAll();
    await Promise.race([closed, sleep(1000)]);
    child.stdout?.destroy();
    child.stderr?.destroy();
    controlStream?.destroy();
    const control = options.control ? { text: controlBytes.toString("utf8"), readyMs } : null;
    return { exitCode: code, signal, timedOut, stdout: stdout.toString(), stderr: stderr.toString(), durationMs, control, diskHit, networkFailure };
  } finally {
    clearTimeout(timer);
    finished = true;
    stopNetwork();
    options.disk?.stop();
    if (script) void rm(script, { force: true });
  }
}

type BwrapStatus = { path: string; reason: null } | { path: null; reason: string };
let bwrapProbe: Promise<BwrapStatus> | null = null;

/** Whether bwrap exists and runs with the sandbox's own flags here (checked once per process). */
export function bwrapStatus(): Promise<BwrapStatus> {
  bwrapProbe ??= (async (): Promise<BwrapStatus> => {
    const bwrap = findExecutable("bwrap");
    if (!bwrap) return { path: null, reason: "bwrap not found" };
    const dir = await mkdtemp(path.join(os.tmpdir(), "specpath-bwrap-probe-"));
    try {
      await mkdir(path.join(dir, "out"));
      const plan: MountPlan = { workspace: dir, output: path.join(dir, "out"), readOnly: [], hidden: [], network: "none", view: systemView() };
      const result = await runHost(bwrap, bwrapArgs(plan, "true"), { timeoutMs: 10_000 });
      return result.code === 0 ? { path: bwrap, reason: null } : { path: null, reason: `bwrap does not work here: ${result.stderr.trim()}` };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  })();
  return bwrapProbe;
}

let engineProbe: Promise<string | null> | null = null;

/** podman or docker, whichever answers a version query (checked once per process). */
export function containerEngine(): Promise<string | null> {
  engineProbe ??= (async () => {
    for (const [name, format] of [
      ["podman", "{{.Version}}"],
      ["docker", "{{.Server.Version}}"],
    ] as const) {
      const engine = findExecutable(name);
      if (!engine) continue;
      const probe = await runHost(engine, ["version", "--format", format], { timeoutMs: 10_000 }).catch(() => null);
      if (probe?.code === 0) return engine;
    }
    return null;
  })();
  return engineProbe;
}

async function runInContainer(request: SandboxRequest, plan: MountPlan, limits: SandboxLimits): Promise<SandboxResult> {
  const engine = await containerEngine();
  if (!engine) {
    throw new RunnerError("sandbox_unavailable", `image ${request.image} requested, but neither podman nor docker answers on this worker`);
  }
  const paths = { workspace: SANDBOX_WORKSPACE, output: SANDBOX_OUTPUT };
  const name = `specpath-${randomUUID()}`;
  const env = { ...sandboxEnv("/tmp", paths, { network: plan.network !== "none" }), ...request.env?.(paths) };
  delete (env as Partial<typeof env>).PATH; // the image's own PATH
  const argv = [engine, ...containerArgs({ engine, image: request.image as string, name, env, limits }, plan, request.command)];
  const outcome = await supervise(argv, {
    cwd: plan.workspace,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/root" },
    timeoutMs: request.timeoutMs,
    capBytes: request.outputCapBytes,
    cgroup: null,
    onTimeout: () => void runHost(engine, ["kill", name], { timeoutMs: 30_000 }).catch(() => undefined),
  });
  const { diskHit: _diskHit, networkFailure: _networkFailure, ...result } = outcome;
  return { ...result, sandbox: "container", warnings: [], limitsHit: [], paths };
}
