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
import { watchDisk, type DiskWatch } from "../lib/runner/disk-watch";
import { findExecutable } from "../lib/runner/host";
import { OutputCapture } from "../lib/runner/output-cap";
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
