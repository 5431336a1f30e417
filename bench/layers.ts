/**
 * Where a sandboxed run's time goes (issue 24): the same test command on the same
 * tree, bare, then in bwrap alone, then adding each layer of the sandbox one at a
 * time — the read-only view, the namespaces, the cgroup, prlimit, the disk watch,
 * the output capture, report collection — and last the real runSandboxed. Every
 * variant is built from the production pieces (sandbox-args.ts, cgroup.ts,
 * disk-watch.ts, output-cap.ts, report.ts), so a later change that costs shows up
 * here as a layer's cost. Variants run interleaved (one of each per round), so
 * the machine's noise hits all of them alike; figures are medians.
 */
import { spawn } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { createRunCgroup, type RunCgroup } from "../lib/runner/cgroup";
import { takeLauncher } from "../lib/runner/launcher-pool";
import { watchDisk, type DiskWatch } from "../lib/runner/disk-watch";
import { findExecutable } from "../lib/runner/host";
import { OutputCapture } from "../lib/git/output-cap";
import { readReport } from "../lib/runner/report";
import { defaultLimits, runSandboxed, sandboxEnv } from "../lib/runner/sandbox";
import { bwrapArgs, preludeArgs, SANDBOX_OUTPUT, SANDBOX_WORKSPACE, type MountPlan, type OverlayLayers } from "../lib/runner/sandbox-args";
import { systemView } from "../lib/runner/sandbox-view";
import type { BenchRow } from "./types";
import { type TResultFormat } from "@/lib/contract/types";

export const LAYERS = ["bare", "bwrap alone", "+ environment", "+ view", "+ namespaces", "+ cgroup", "+ rlimits", "+ overlay workspace", "+ disk watch", "+ output cap", "+ report collection"] as const;
export type Layer = (typeof LAYERS)[number] | "runSandboxed";

const NAMESPACE_FLAGS = new Set(["--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try", "--unshare-user", "--disable-userns", "--die-with-parent", "--new-session"]);

/** bwrapArgs without what the namespaces layer adds (the view stays). */
function viewOnly(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (NAMESPACE_FLAGS.has(arg)) continue;
    if (arg === "--cap-drop") {
      i++;
      continue;
    }
    out.push(arg);
  }
  return out;
}

export interface LayerTree {
  /** The tree the command runs in (writable). */
  dir: string;
  /** Scratch for output (report) and /tmp. */
  scratch: string;
  command: string;
  /** The report's format when the command writes one to $SPECPATH_REPORT. */
  format: TResultFormat | null;
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = (sorted.length - 1) / 2;
  return ((sorted[Math.floor(mid)] ?? 0) + (sorted[Math.ceil(mid)] ?? 0)) / 2;
};

/** Wall time of one variant: from just before its setup (cgroup, disk watch) until its teardown is done. */
async function once(layer: Layer, tree: LayerTree): Promise<number> {
  const upTo = layer === "runSandboxed" ? LAYERS.length : LAYERS.indexOf(layer);
  const has = (l: (typeof LAYERS)[number]) => upTo >= LAYERS.indexOf(l);
  const out = path.join(tree.scratch, "out");
  const tmp = path.join(tree.scratch, "tmp");
  const overlay = has("+ overlay workspace");
  const layers: OverlayLayers = { lower: tree.dir, upper: path.join(tree.scratch, "upper"), work: path.join(tree.scratch, "work") };
  const mountPoint = path.join(tree.scratch, "mnt");
  for (const dir of [out, tmp, layers.upper, layers.work, mountPoint]) {
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
  }
  const workspace = overlay ? mountPoint : tree.dir;
  const started = performance.now();
  const inSandbox = has("+ environment");
  const reportAt = path.join(has("+ view") ? SANDBOX_OUTPUT : out, "report.xml");
  if (layer === "runSandboxed") {
    const result = await runSandboxed({ command: tree.command, workspace, overlay: layers, outputDir: out, tmpDir: tmp, timeoutMs: 120_000, env: () => ({ SPECPATH_REPORT: reportAt }) });
    if (result.exitCode !== 0) throw new Error(`layer profile, runSandboxed: exit ${result.exitCode}: ${result.stderr}`);
    if (tree.format) await collect(tree, out, result.stdout, result.exitCode);
    return performance.now() - started;
  }
  const limits = defaultLimits(120_000);
  const plan: MountPlan = { workspace, output: out, readOnly: overlay ? [tree.dir] : [], hidden: [], network: "none", view: systemView(), tmp };
  let argv: string[];
  if (layer === "bare") argv = ["/bin/sh", "-c", tree.command];
  else if (!has("+ view")) argv = [bwrap(), "--bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--chdir", tree.dir, "--", "/bin/sh", "-c", tree.command];
  else argv = [bwrap(), ...(has("+ namespaces") ? bwrapArgs(plan, tree.command) : viewOnly(bwrapArgs(plan, tree.command)))];
  let cgroup: RunCgroup | null = null;
  if (has("+ cgroup")) {
    cgroup = await createRunCgroup(limits);
    // The sandbox's prelude shell (sandbox-args.ts); rlimits as high as the machine's own until "+ rlimits".
    const unbounded = { cpuSeconds: 1e9, fileSizeBytes: 2 ** 50, memoryBytes: 2 ** 50 };
    argv = [
      ...preludeArgs({
        procsFiles: cgroup?.procsFiles ?? [],
        limits: has("+ rlimits") ? limits : unbounded,
        addressSpace: has("+ rlimits") && !cgroup?.enforced.memory,
        overlay: overlay ? { tools: { unshare: tool("unshare"), mount: tool("mount") }, layers, mountPoint } : undefined,
      }),
      ...argv,
    ];
  }
  let disk: DiskWatch | null = null;
  if (has("+ disk watch")) disk = await watchDisk([overlay ? layers.upper : tree.dir, out, tmp], limits.diskBytes);
  const capture = has("+ output cap");
  // Bare and bwrap alone: a clean environment like the bench's bare runs; then the sandbox's own (sandbox.ts).
  const env = inSandbox
    ? { ...sandboxEnv("/tmp", { workspace: SANDBOX_WORKSPACE, output: SANDBOX_OUTPUT }, { sandboxPath: systemView().path, network: false }), SPECPATH_REPORT: reportAt }
    : { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: tmp, TMPDIR: tmp, LANG: "C.UTF-8", CI: "true", SPECPATH_REPORT: reportAt };
  const stdout = new OutputCapture(256 * 1024);
  const stderr = new OutputCapture(256 * 1024);
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(argv[0] as string, argv.slice(1), { cwd: workspace, env: env as unknown as NodeJS.ProcessEnv, detached: true, stdio: ["ignore", capture ? "pipe" : "ignore", capture ? "pipe" : "ignore"] });
    child.stdout?.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.once("error", reject);
    child.once("close", (code) => resolve(code));
  });
  disk?.stop();
  await cgroup?.remove();
  if (exitCode !== 0) throw new Error(`layer profile, ${layer}: exit ${exitCode}: ${stderr.toString()}`);
  if (has("+ report collection") && tree.format) await collect(tree, out, stdout.toString(), exitCode);
  return performance.now() - started;
}

async function collect(tree: LayerTree, out: string, stdout: string, exitCode: number | null): Promise<void> {
  const read = await readReport({ file: path.join(out, "report.xml"), format: tree.format ?? "junit", stdout, exitCode, roots: [SANDBOX_WORKSPACE, tree.dir] });
  if (!read.ok) throw new Error(`layer profile: ${read.message}`);
}

function tool(name: string): string {
  const found = findExecutable(name);
  if (!found) throw new Error(`layer profile: ${name} not found`);
  return found;
}
const bwrap = () => tool("bwrap");

export interface LayerProfile {
  medians: Record<Layer, number>;
  /** Per layer: the median over rounds of (this layer − the one before) within the same round. */
  costs: Partial<Record<Layer, number>>;
  /** p75 − p25 of the bare runs: the machine's noise at this moment, the resolution of the costs. */
  bareSpread: number;
  rounds: number;
}

/** Runs every variant `rounds` times, interleaved (the order rotates each round). */
export async function profileLayers(tree: LayerTree, rounds: number, variants: Layer[] = [...LAYERS, "runSandboxed"]): Promise<LayerProfile> {
  const times = Object.fromEntries(variants.map((v) => [v, [] as number[]])) as Record<Layer, number[]>;
  for (const v of variants) await once(v, tree); // warm the page cache and the view
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < variants.length; k++) {
      const v = variants[(k + r) % variants.length] as Layer;
      times[v].push(await once(v, tree));
    }
  }
  const costs: Partial<Record<Layer, number>> = {};
  variants.forEach((v, i) => {
    const before = variants[i - 1];
    if (before) costs[v] = median(times[v].map((t, r) => t - (times[before][r] ?? 0)));
  });
  const sorted = [...times.bare].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.round((sorted.length - 1) * p)] ?? 0;
  return { medians: Object.fromEntries(variants.map((v) => [v, median(times[v])])) as Record<Layer, number>, costs, bareSpread: q(0.75) - q(0.25), rounds };
}

/** Rows: each layer's added cost (median of it − median of the layer before), and the whole against bare. */
export function layerRows(label: string, profile: LayerProfile): BenchRow[] {
  const m = profile.medians;
  const rows: BenchRow[] = [];
  LAYERS.forEach((layer, i) => {
    if (i === 0) {
      rows.push({ name: `${label}: bare (median of ${profile.rounds} rounds, every variant once per round, order rotating)`, value: m.bare, unit: "ms" });
      rows.push({ name: `  noise now: spread of the bare runs (p75 − p25); layer costs below it are within the noise`, value: profile.bareSpread, unit: "ms" });
      return;
    }
    rows.push({ name: `  ${layer}: cost of this layer (median of its paired differences)`, value: profile.costs[layer] ?? 0, unit: "ms", baseline: { name: "cumulative median", value: m[layer] }, ratio: m[layer] / m.bare });
  });
  rows.push({ name: `  runSandboxed, the real thing`, value: m.runSandboxed, unit: "ms", baseline: { name: "bare", value: m.bare }, ratio: m.runSandboxed / m.bare });
  return rows;
}

/** A tree for the CPU-bound profile: one node process burning `ms` of CPU time. */
export async function cpuBoundTree(dir: string, ms: number): Promise<LayerTree> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, "burn.js"), `const s=process.cpuUsage();let x=1;for(;;){for(let i=0;i<20000;i++)x=(x*31+i)%1000003;const u=process.cpuUsage(s);if(u.user+u.system>=${ms * 1000})break}\n`);
  const scratch = path.join(dir, "..", path.basename(dir) + "-scratch");
  await mkdir(scratch, { recursive: true });
  return { dir, scratch, command: "node burn.js", format: null };
}

/**
 * What a sandbox start costs on this kernel, piece by piece, each variant after
 * the same idle pause (a run starts its sandbox after ≥ 100 ms of other work,
 * and some kernel costs only show after idle): a bare process start; the
 * prelude shell; the prelude joining the run's cgroups (on cgroup v1 the first
 * migration after idle waits for an RCU grace period: cgroup_threadgroup_rwsem);
 * the prelude exec'd by a launcher already in the run's cgroups (launcher-pool.ts,
 * what a test command's sandbox starts from: no migration on the way);
 * bwrap with nothing but a mount namespace; bwrap with the sandbox's view and
 * namespaces; and one more process started inside the sandbox (the steps
 * script and the test command start several).
 */
export const ANATOMY = ["sh -c true", "prelude shell", "prelude + cgroup join", "prelude from a pre-joined launcher", "bwrap, mount namespace only", "bwrap, the sandbox's view + namespaces", "the same + 10 process starts inside"] as const;
export type AnatomyPart = (typeof ANATOMY)[number];

export async function startupAnatomy(scratch: string, rounds: number, idleMs = 60): Promise<{ medians: Record<AnatomyPart, number>; rounds: number; idleMs: number }> {
  const out = path.join(scratch, "anatomy-out");
  const ws = path.join(scratch, "anatomy-ws");
  for (const dir of [out, ws]) await mkdir(dir, { recursive: true });
  const limits = defaultLimits(60_000);
  const view = systemView();
  const plan: MountPlan = { workspace: ws, output: out, readOnly: [], hidden: [], network: "none", view, tmpSizeBytes: limits.diskBytes };
  const env = sandboxEnv("/tmp", { workspace: SANDBOX_WORKSPACE, output: SANDBOX_OUTPUT }, { sandboxPath: view.path, network: false }) as unknown as NodeJS.ProcessEnv;
  const tenStarts = "for i in 1 2 3 4 5 6 7 8 9 10; do /bin/true; done";
  const times = Object.fromEntries(ANATOMY.map((a) => [a, [] as number[]])) as Record<AnatomyPart, number[]>;
  const cgroup = await createRunCgroup(limits);
  try {
    const argv = (part: AnatomyPart): string[] => {
      const prelude = (procsFiles: string[]) => preludeArgs({ procsFiles, limits, addressSpace: false });
      switch (part) {
        case "sh -c true": return ["/bin/sh", "-c", "true"];
        case "prelude shell": return [...prelude([]), "/bin/sh", "-c", "true"];
        case "prelude + cgroup join": return [...prelude(cgroup?.procsFiles ?? []), "/bin/sh", "-c", "true"];
        case "prelude from a pre-joined launcher": return [...prelude([]), "/bin/sh", "-c", "true"];
        case "bwrap, mount namespace only": return [bwrap(), "--bind", "/", "/", "--", "/bin/sh", "-c", "true"];
        case "bwrap, the sandbox's view + namespaces": return [bwrap(), ...bwrapArgs(plan, "true")];
        case "the same + 10 process starts inside": return [bwrap(), ...bwrapArgs(plan, tenStarts)];
      }
    };
    const once = async (part: AnatomyPart) => {
      const args = argv(part);
      // Taken before the pause, as a run takes it while the previous one ends; its replacement is made meanwhile.
      const launcher = part === "prelude from a pre-joined launcher" ? await takeLauncher(limits) : null;
      if (part === "prelude from a pre-joined launcher" && !launcher) throw new Error("start-up anatomy: no launcher (no writable cgroup)");
      await new Promise((resolve) => setTimeout(resolve, idleMs));
      const started = performance.now();
      const code = await new Promise<number | null>((resolve, reject) => {
        const child = launcher ? launcher.child : spawn(args[0] as string, args.slice(1), { cwd: scratch, env, detached: true, stdio: "ignore" });
        child.once("error", reject);
        child.once("exit", (c) => resolve(c));
        if (launcher) launcher.launch(args, { cwd: scratch, env: env as Record<string, string>, keepFd3: false }).then((script) => child.once("exit", () => void rm(script, { force: true })), reject);
      });
      await launcher?.cgroup.remove();
      if (code !== 0) throw new Error(`start-up anatomy, ${part}: exit ${code}`);
      return performance.now() - started;
    };
    for (const part of ANATOMY) await once(part);
    for (let r = 0; r < rounds; r++) {
      for (let k = 0; k < ANATOMY.length; k++) {
        const part = ANATOMY[(k + r) % ANATOMY.length] as AnatomyPart;
        times[part].push(await once(part));
      }
    }
  } finally {
    await cgroup?.remove();
  }
  return { medians: Object.fromEntries(ANATOMY.map((a) => [a, median(times[a])])) as Record<AnatomyPart, number>, rounds, idleMs };
}

/** The anatomy as rows: each piece's own cost (median of the variant − median of the one it adds to). */
export function anatomyRows(anatomy: Awaited<ReturnType<typeof startupAnatomy>>): BenchRow[] {
  const m = anatomy.medians;
  const cost = (a: AnatomyPart, b: AnatomyPart) => m[a] - m[b];
  return [
    { name: `sandbox start-up anatomy (median of ${anatomy.rounds} rounds, each start after ${anatomy.idleMs} ms idle): a bare process start, sh -c true`, value: m["sh -c true"], unit: "ms" },
    { name: "  the prelude shell (rlimits, exec): cost over a bare start", value: cost("prelude shell", "sh -c true"), unit: "ms" },
    { name: "  joining the run's cgroups after idle (cgroup v1: the first migration waits for an RCU grace period)", value: cost("prelude + cgroup join", "prelude shell"), unit: "ms" },
    {
      name: "  the same prelude from a pre-joined launcher (already in the run's fresh cgroups: what a test command starts from), over the prelude joining them",
      value: cost("prelude from a pre-joined launcher", "prelude + cgroup join"),
      unit: "ms",
      baseline: { name: "the prelude shell with no cgroup", value: m["prelude shell"] },
    },
    { name: "  bwrap with only a mount namespace: cost over a bare start", value: cost("bwrap, mount namespace only", "sh -c true"), unit: "ms" },
    { name: "  the sandbox's read-only view + pid/ipc/uts/net/user namespaces, over that", value: cost("bwrap, the sandbox's view + namespaces", "bwrap, mount namespace only"), unit: "ms" },
    { name: "  one more process start inside the sandbox (of 10)", value: cost("the same + 10 process starts inside", "bwrap, the sandbox's view + namespaces") / 10, unit: "ms" },
  ];
}
