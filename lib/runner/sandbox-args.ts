// Pure: command lines for the sandbox backends. Pure: sandbox.ts decides which one
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
  /** What the run may add to the disk in total: workspace changes + output + /tmp (limitsHit "disk"). */
  diskBytes: number;
  /** CPU time per second of wall time for the whole tree (cpu cgroup), so a fork-heavy run cannot starve the web server. */
  cpuCores: number;
}

/** How a sandboxed command reaches the network: not at all, through a user-mode stack in its own namespace, or the host's (explicitly allowed). */
export type NetworkMode = "none" | "namespace" | "host";

/** The host as the sandbox shows it (sandbox-view.ts computes it for this machine). */
export interface SystemView {
  /** System directories bound read-only at the same path. */
  binds: readonly string[];
  /** [target, path]: merged-/usr links such as /bin -> usr/bin, recreated as links. */
  symlinks: ReadonlyArray<readonly [string, string]>;
  /** Files inside the binds replaced by /dev/null (password hashes, host keys). */
  maskFiles: readonly string[];
  /** Directories inside the binds replaced by an empty tmpfs (TLS private keys). */
  maskDirs: readonly string[];
  /** Runtime install prefixes outside the binds (e.g. a pyenv version), bound read-only alone. */
  runtimes: readonly string[];
  /** PATH inside the sandbox: the runtimes' bin directories, then the visible system ones. */
  path: string;
}

export interface MountPlan {
  workspace: string;
  output: string;
  /** Host paths visible read-only at the same path (e.g. the git mirror behind alternates). */
  readOnly: readonly string[];
  /** Host directories replaced by an empty tmpfs, where they would otherwise be visible. */
  hidden: readonly string[];
  network: NetworkMode;
  view: SystemView;
  /** Host directory bound as the private /tmp (so it counts against the run's disk quota); null: a tmpfs. */
  tmp?: string | null;
  /** Size bound of the tmpfs /tmp when `tmp` is null. */
  tmpSizeBytes?: number;
  /** With network "namespace": a resolv.conf naming the user-mode stack's DNS, bound over the host's. */
  resolvConf?: { source: string; target: string } | null;
}

/** bwrap writes its child's pid here (JSON), then waits on NET_BLOCK_FD until the namespace's network is set up. */
export const NET_INFO_FD = 4;
export const NET_BLOCK_FD = 5;

// Writable parts of procfs that a root process without capabilities could
// still write (sysctls!); the others bwrap already covers.
const PROC_READ_ONLY = ["/proc/sys", "/proc/sysrq-trigger", "/proc/fs"];

export function bwrapArgs(plan: MountPlan, command: string): string[] {
  const { view } = plan;
  const readOnly = [...new Set([...view.runtimes, ...plan.readOnly])];
  const visible = [...view.binds, ...readOnly];
  // Directories on the way to a bound path are made, but cannot be listed (mode 0111): /root stays unreadable.
  const mounted = [...view.binds, "/dev", "/proc"];
  const parents = [...new Set(readOnly.flatMap(ancestors))]
    .filter((dir) => dir !== "/tmp" && !mounted.some((m) => isInside(dir, m)))
    .sort((a, b) => a.split("/").length - b.split("/").length || a.localeCompare(b));
  return [
    ...view.binds.flatMap((dir) => ["--ro-bind", dir, dir]),
    ...view.symlinks.flatMap(([target, link]) => ["--symlink", target, link]),
    ...view.maskFiles.flatMap((file) => ["--ro-bind", "/dev/null", file]),
    ...view.maskDirs.flatMap((dir) => ["--tmpfs", dir]),
    ...(plan.network === "namespace" && plan.resolvConf ? ["--ro-bind", plan.resolvConf.source, plan.resolvConf.target] : []),
    "--dev", "/dev",
    "--proc", "/proc",
    ...PROC_READ_ONLY.flatMap((p) => ["--ro-bind-try", p, p]),
    ...(plan.tmp ? ["--bind", plan.tmp, "/tmp"] : [...(plan.tmpSizeBytes ? ["--size", String(plan.tmpSizeBytes)] : []), "--tmpfs", "/tmp"]),
    ...parents.flatMap((dir) => ["--perms", "0111", "--dir", dir]),
    ...readOnly.flatMap((p) => ["--ro-bind", p, p]),
    ...plan.hidden.filter((p) => visible.some((v) => isInside(p, v))).flatMap((p) => ["--tmpfs", p]),
    "--bind", plan.workspace, SANDBOX_WORKSPACE,
    "--bind", plan.output, SANDBOX_OUTPUT,
    "--chdir", SANDBOX_WORKSPACE,
    ...(plan.network === "host" ? [] : ["--unshare-net"]),
    ...(plan.network === "namespace" ? ["--info-fd", String(NET_INFO_FD), "--block-fd", String(NET_BLOCK_FD)] : []),
    "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
    "--unshare-user", "--disable-userns",
    "--cap-drop", "ALL",
    "--die-with-parent", "--new-session",
    "--", "/bin/sh", "-c", command,
  ];
}

/** "/a/b/c" → ["/a", "/a/b"]. */
function ancestors(dir: string): string[] {
  const parts = dir.split("/").filter(Boolean);
  return parts.slice(0, -1).map((_, i) => "/" + parts.slice(0, i + 1).join("/"));
}

function isInside(child: string, parent: string): boolean {
  return child === parent || child.startsWith(parent.endsWith("/") ? parent : parent + "/");
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
 * The one shell that runs before the sandbox (sh, so no exec of its own for
 * each step): joins the run's cgroups, sets the per-process limits (soft and
 * hard, as prlimit did: CPU seconds, file size in 512-byte blocks, no core
 * files, address space in KiB or "-"), mounts the overlay when asked, then
 * execs the rest. Arguments: procs files… "--" cpu fsize as "overlay" mount
 * options mountPoint | "-", then the command. Any failure before the exec
 * exits 125 (mount's own message on stderr).
 */
export const PRELUDE_SCRIPT = [
  'while [ "$1" != "--" ]; do echo $$ > "$1" || exit 125; shift; done; shift',
  'ulimit -t "$1" && ulimit -f "$2" && ulimit -c 0 || exit 125',
  'if [ "$3" != - ]; then ulimit -v "$3" || exit 125; fi',
  "shift 3",
  // cd sets OLDPWD to the host path it left: unset, so nothing of the host's paths reaches the sandbox's environment.
  'if [ "$1" = overlay ]; then "$2" -t overlay overlay -o "$3" "$4" && cd "$4" && unset OLDPWD || exit 125; shift 4; else shift; fi',
  'exec "$@"',
].join("\n");

export interface PreludeInput {
  /** cgroup.procs files to join (none without a writable cgroup). */
  procsFiles: readonly string[];
  limits: Pick<SandboxLimits, "cpuSeconds" | "fileSizeBytes" | "memoryBytes">;
  /** Bound the address space per process (only where no memory cgroup bounds the tree). */
  addressSpace: boolean;
  /**
   * Mount these layers on `mountPoint` in a private mount namespace (it
   * disappears with the run's last process, even on a crash) and enter it.
   * Needs root; the overlay probe (run-workspace.ts) checks that it works here
   * before any run relies on it.
   */
  overlay?: { tools: { unshare: string; mount: string }; layers: OverlayLayers; mountPoint: string };
}

/** The argv prefix that runs PRELUDE_SCRIPT; the sandbox's own argv follows it. */
export function preludeArgs(input: PreludeInput): string[] {
  const { limits, overlay } = input;
  const rlimits = [
    String(limits.cpuSeconds),
    String(Math.max(1, Math.floor(limits.fileSizeBytes / 512))),
    input.addressSpace ? String(Math.max(1, Math.floor(limits.memoryBytes / 1024))) : "-",
  ];
  const shell = ["/bin/sh", "-c", PRELUDE_SCRIPT, "specpath-prelude", ...input.procsFiles, "--", ...rlimits];
  if (!overlay) return [...shell, "-"];
  const { layers } = overlay;
  for (const dir of [layers.lower, layers.upper, layers.work]) {
    if (UNSAFE_IN_OPTIONS.test(dir)) throw new Error(`overlay layer path ${JSON.stringify(dir)} cannot be passed to mount`);
  }
  // redirect_dir=on: renaming a directory of the prepared tree works (instead of EXDEV).
  const options = `lowerdir=${layers.lower},upperdir=${layers.upper},workdir=${layers.work},redirect_dir=on`;
  return [overlay.tools.unshare, "--mount", "--propagation", "private", "--", ...shell, "overlay", overlay.tools.mount, options, overlay.mountPoint];
}

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
    "--network", plan.network === "none" ? "none" : "bridge",
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
