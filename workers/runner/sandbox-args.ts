// Command lines for the sandbox backends. Pure: sandbox.ts decides which one
// runs and executes it.

/** Where the workspace and the output directory appear inside bwrap and containers. */
export const SANDBOX_WORKSPACE = "/tmp/specpath/workspace";
export const SANDBOX_OUTPUT = "/tmp/specpath/output";

export interface SandboxLimits {
  /** Whole process tree (cgroup), or address space per process when no cgroup is writable. */
  memoryBytes: number;
  /** CPU seconds per process (RLIMIT_CPU); the wall-clock timeout bounds the tree. */
  cpuSeconds: number;
  /** Processes and threads of the whole tree (pids cgroup). */
  maxProcesses: number;
  /** Largest file a process may write (RLIMIT_FSIZE). */
  fileSizeBytes: number;
}

export interface MountPlan {
  workspace: string;
  output: string;
  /** Host paths visible read-only at the same path (e.g. the git mirror behind alternates). */
  readOnly: readonly string[];
  /** Host directories replaced by an empty tmpfs (secrets the command has no business reading). */
  hidden: readonly string[];
  network: boolean;
}

// Writable parts of procfs that a root process without capabilities could
// still write (sysctls!); the others bwrap already covers.
const PROC_READ_ONLY = ["/proc/sys", "/proc/sysrq-trigger", "/proc/fs"];

export function bwrapArgs(plan: MountPlan, command: string): string[] {
  return [
    "--ro-bind", "/", "/",
    "--dev", "/dev",
    "--proc", "/proc",
    ...PROC_READ_ONLY.flatMap((p) => ["--ro-bind-try", p, p]),
    "--tmpfs", "/tmp",
    ...plan.hidden.flatMap((p) => ["--tmpfs", p]),
    ...plan.readOnly.flatMap((p) => ["--ro-bind", p, p]),
    "--bind", plan.workspace, SANDBOX_WORKSPACE,
    "--bind", plan.output, SANDBOX_OUTPUT,
    "--chdir", SANDBOX_WORKSPACE,
    ...(plan.network ? [] : ["--unshare-net"]),
    "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
    "--unshare-user", "--disable-userns",
    "--cap-drop", "ALL",
    "--die-with-parent", "--new-session",
    "--", "/bin/sh", "-c", command,
  ];
}

/** prlimit arguments (ending in "--") for the per-process limits. */
export function prlimitArgs(limits: SandboxLimits, options: { addressSpace: boolean }): string[] {
  return [
    `--cpu=${limits.cpuSeconds}`,
    `--fsize=${limits.fileSizeBytes}`,
    "--core=0",
    ...(options.addressSpace ? [`--as=${limits.memoryBytes}`] : []),
    "--",
  ];
}

/** A run's copy-on-write workspace: the prepared tree read-only below, a per-run upper layer. */
export interface OverlayLayers {
  /** The prepared workspace; never written to. */
  lower: string;
  /** Receives every change the run makes (same filesystem as work). */
  upper: string;
  /** overlayfs' scratch directory. */
  work: string;
}

// mount(8) splits its options at "," and lowerdir at ":"; backslashes escape.
const UNSAFE_IN_OPTIONS = /[,:\\\s]/;

/**
 * Prefix that mounts the overlay on `mountPoint` in a private mount namespace
 * (it disappears with the run's last process, even on a crash), enters it,
 * then execs the rest of the command line. Needs root; the overlay probe
 * (run-workspace.ts) checks that it works here before any run relies on it.
 */
export function overlayArgs(tools: { unshare: string; mount: string }, layers: OverlayLayers, mountPoint: string): string[] {
  for (const dir of [layers.lower, layers.upper, layers.work]) {
    if (UNSAFE_IN_OPTIONS.test(dir)) throw new Error(`overlay layer path ${JSON.stringify(dir)} cannot be passed to mount`);
  }
  // redirect_dir=on: renaming a directory of the prepared tree works (instead of EXDEV).
  const options = `lowerdir=${layers.lower},upperdir=${layers.upper},workdir=${layers.work},redirect_dir=on`;
  return [
    tools.unshare, "--mount", "--propagation", "private", "--",
    "/bin/sh", "-c", '"$1" -t overlay overlay -o "$2" "$3" && cd "$3" && shift 3 && exec "$@"', "specpath-overlay", tools.mount, options, mountPoint,
  ];
}

/** sh script that joins the cgroups named by its arguments up to "--", then execs the rest. */
export const JOIN_CGROUPS_SCRIPT = 'while [ "$1" != "--" ]; do echo $$ > "$1" || exit 125; shift; done; shift; exec "$@"';

export interface ContainerRun {
  engine: string;
  image: string;
  name: string;
  env: Record<string, string>;
  limits: SandboxLimits;
}

export function containerArgs(run: ContainerRun, plan: MountPlan, command: string): string[] {
  const { limits } = run;
  return [
    "run", "--rm", "--name", run.name,
    "--network", plan.network ? "bridge" : "none",
    "--memory", String(limits.memoryBytes), "--memory-swap", String(limits.memoryBytes),
    "--pids-limit", String(limits.maxProcesses),
    "--ulimit", `cpu=${limits.cpuSeconds}:${limits.cpuSeconds}`,
    "--ulimit", `fsize=${limits.fileSizeBytes}:${limits.fileSizeBytes}`,
    "--ulimit", "core=0",
    "--cap-drop", "ALL", "--security-opt", "no-new-privileges",
    "--read-only", "--tmpfs", "/tmp:rw,exec",
    "-v", `${plan.workspace}:${SANDBOX_WORKSPACE}:rw`,
    "-v", `${plan.output}:${SANDBOX_OUTPUT}:rw`,
    ...plan.readOnly.flatMap((p) => ["-v", `${p}:${p}:ro`]),
    "-w", SANDBOX_WORKSPACE,
    ...Object.entries(run.env).flatMap(([key, value]) => ["-e", `${key}=${value}`]),
    "--entrypoint", "/bin/sh",
    run.image, "-c", command,
  ];
}
