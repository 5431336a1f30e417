/**
 * Runner figures: per-run overhead of executeRun (mirror lookup, the run's
 * overlay workspace, one sandbox start that applies the patch and runs the
 * tests, report parsing, cleanup) over the bare test command, on the Node
 * fixture library; where the time goes, layer by layer (bench/layers.ts); a
 * CPU-bound run in the sandbox beside bare; the same with the copy fallback;
 * and overlay against copy on a prepared workspace with a 5,000-file
 * node_modules. The machine may be shared: every comparison is interleaved in
 * this one run and read as a ratio of medians.
 * Run: npx tsx bench/runner.ts
 */
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { executeRun } from "../lib/runner/execute";
import { diskUsage } from "../lib/runner/disk-watch";
import { settleDiscards } from "../lib/runner/run-workspace";
import { runHost } from "../lib/runner/host";
import { runSandboxed } from "../lib/runner/sandbox";
import { gitOk } from "../lib/runner/testing/git-fixture";
import { createNodeFixture, NODE_TEST_COMMAND } from "../lib/runner/testing/node-fixture";
import type { TRunSpec } from "../lib/runner/types";
import { goal } from "./goal";
import { anatomyRows, cpuBoundTree, layerRows, profileLayers, startupAnatomy } from "./layers";
import { measureRestore } from "./restore-steps";
import { launcherModes } from "./launcher-modes";
import { printRows, type BenchRow } from "./types";

const RUNS = 20;
const BIG_FILES = 5000;
const BIG_RUNS = 5;
const LAYER_ROUNDS = 11;
const CPU_ROUNDS = 7;
const START_ROUNDS = 21;
const ANATOMY_ROUNDS = 11;
const DISK_WALKS = 7;
const RESTORE_ROUNDS = 15;
const LAUNCHER_ROUNDS = 25;
/** CPU time of the CPU-bound run: long enough that start-up costs vanish, so what is left is the sandbox's share of the CPU. */
const CPU_BURN_MS = 1500;
/**
 * The CPU-bound run's layers, paired and interleaved (every variant once per round, order rotating:
 * A B C … / B C … A): bwrap with the view and namespaces, then the run's cgroup (CPU quota and weight),
 * then rlimits + overlay + the disk watch, then the real runSandboxed (launcher, output cap).
 */
const CPU_LAYERS = ["bare", "+ namespaces", "+ cgroup", "+ disk watch", "runSandboxed"] as const;

const median = (xs: number[]) => quantile(xs, 0.5);
function quantile(xs: number[], q: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return (sorted[lo] ?? 0) + ((sorted[hi] ?? 0) - (sorted[lo] ?? 0)) * (at - lo);
}

/**
 * Wall time of a shell command run directly, no sandbox, with an environment as
 * clean as the sandbox's (tsx's NODE_OPTIONS loader would otherwise slow node down).
 */
function timeShell(command: string, cwd: string, env: Record<string, string> = {}): Promise<number> {
  const clean: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: os.tmpdir(), LANG: "C.UTF-8", CI: "true", ...env };
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn("/bin/sh", ["-c", command], { cwd, env: clean as NodeJS.ProcessEnv, stdio: "ignore" });
    child.once("error", reject);
    child.once("exit", () => resolve(performance.now() - started));
  });
}

export async function run(): Promise<BenchRow[]> {
  const fixture = await createNodeFixture();
  const tmp = await mkdtemp(path.join(os.tmpdir(), "specpath-bench-runner-"));
  const cacheDir = path.join(tmp, "cache");
  try {
    const spec: TRunSpec = {
      repoUrl: fixture.repoDir,
      baseCommit: fixture.baseCommit,
      setupCommand: null,
      testCommand: fixture.testCommand,
      resultFormat: "junit",
      hiddenTestPatch: fixture.hiddenTestPatch,
      patch: fixture.goldPatch,
      historyFile: null,
      probes: fixture.probes,
      timeoutMs: 60_000,
    };
    const cold = await executeRun(spec, { cacheDir });
    if (cold.outcome !== "passed") throw new Error(`the gold run did not pass: ${cold.outcome} ${cold.message}`);

    // The bare baseline: the same tests on the same gold tree, run directly.
    const bare = path.join(tmp, "bare");
    await gitOk(["clone", "--quiet", fixture.repoDir, bare], tmp);
    await gitOk(["checkout", "--quiet", "--detach", fixture.baseCommit], bare);
    await runHost("sh", ["-c", 'printf %s "$HIDDEN" | git apply && printf %s "$GOLD" | git apply'], {
      cwd: bare,
      env: { ...process.env, HIDDEN: fixture.hiddenTestPatch, GOLD: fixture.goldPatch },
    });
    const bareReport = path.join(tmp, "bare-report.xml");

    const bareMs: number[] = [];
    const runs: Awaited<ReturnType<typeof executeRun>>[] = [];
    // Interleaved with the default ("auto": overlay) runs: a copy forced, what "auto" gave small trees before.
    const copyOverhead: number[] = [];
    const otherOutside: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      bareMs.push(await timeShell(NODE_TEST_COMMAND, bare, { SPECPATH_REPORT: bareReport }));
      const result = await executeRun(spec, { cacheDir });
      if (result.outcome !== "passed") throw new Error(`run ${i} did not pass: ${result.outcome} ${result.message}`);
      runs.push(result);
      const bareNow = await timeShell(NODE_TEST_COMMAND, bare, { SPECPATH_REPORT: bareReport });
      const other = await executeRun(spec, { cacheDir, workspaceLayer: "copy" });
      if (other.outcome !== "passed") throw new Error(`copy run ${i}: ${other.outcome} ${other.message}`);
      copyOverhead.push(other.timings.totalMs - bareNow);
      otherOutside.push(other.timings.totalMs - other.timings.testMs);
    }
    const overhead = runs.map((r, i) => r.timings.totalMs - (bareMs[i] ?? 0));
    const t = (pick: (r: (typeof runs)[number]) => number) => median(runs.map(pick));

    const sandboxDir = path.join(tmp, "sandbox");
    await mkdir(path.join(sandboxDir, "ws"), { recursive: true });
    await mkdir(path.join(sandboxDir, "out"));
    const bwrapMs: number[] = [];
    const plainMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      bwrapMs.push((await runSandboxed({ command: "true", workspace: path.join(sandboxDir, "ws"), outputDir: path.join(sandboxDir, "out"), timeoutMs: 10_000 })).durationMs);
      plainMs.push(await timeShell("true", sandboxDir));
    }

    const big = await bigWorkspace(spec, cacheDir);
    // The disk watch walks what a run wrote (overlay: the upper layer; copy: the whole copy) every
    // max(200 ms, 10 × one walk): its cost where a run writes a node_modules-sized tree.
    const walkMs: number[] = [];
    const emptyWalkMs: number[] = [];
    let walkedFiles = 0;
    if (big.repoDir) {
      const emptyDir = path.join(tmp, "empty-upper");
      await mkdir(emptyDir);
      for (let i = 0; i < DISK_WALKS; i++) {
        let t0 = performance.now();
        await diskUsage([big.repoDir]);
        walkMs.push(performance.now() - t0);
        t0 = performance.now();
        await diskUsage([emptyDir]);
        emptyWalkMs.push(performance.now() - t0);
      }
      walkedFiles = Number((await runHost("sh", ["-c", `find "${big.repoDir}" | wc -l`])).stdout.trim());
    }
    const sandbox = runs[0]?.sandbox ?? "none";
    const layer = runs[0]?.workspace?.layer ?? "none";

    // Where the time goes: the same test command on the same gold tree, one layer of the sandbox at a time.
    const layerScratch = path.join(tmp, "layers");
    await mkdir(layerScratch);
    const profile = sandbox === "bwrap" ? await profileLayers({ dir: bare, scratch: layerScratch, command: NODE_TEST_COMMAND, format: "junit" }, LAYER_ROUNDS) : null;
    const startProfile = sandbox === "bwrap" ? await profileLayers({ dir: bare, scratch: layerScratch, command: "true", format: null }, START_ROUNDS) : null;
    const cpuProfile = sandbox === "bwrap" ? await profileLayers(await cpuBoundTree(path.join(tmp, "burn"), CPU_BURN_MS), CPU_ROUNDS, [...CPU_LAYERS]) : null;
    const anatomy = sandbox === "bwrap" ? await startupAnatomy(layerScratch, ANATOMY_ROUNDS) : null;
    // The recipe's restore steps, staged (now) beside the portable script (every studio run before).
    const baseTree = path.join(tmp, "base-tree");
    await gitOk(["clone", "--quiet", fixture.repoDir, baseTree], tmp);
    await gitOk(["checkout", "--quiet", "--detach", fixture.baseCommit], baseTree);
    const restoreScratch = path.join(tmp, "restore");
    await mkdir(restoreScratch);
    const restore = sandbox === "bwrap"
      ? await measureRestore({ testCommand: spec.testCommand, resultFormat: "junit", hiddenTestPatch: spec.hiddenTestPatch, historyPath: ".specpath/history.md" }, baseTree, bare, restoreScratch, RESTORE_ROUNDS)
      : null;
    const launchers = sandbox === "bwrap" && layer === "overlay" ? await launcherModes(path.join(tmp, "launcher-modes"), LAUNCHER_ROUNDS) : null;
    const cpuRatio = cpuProfile ? cpuProfile.medians.runSandboxed / cpuProfile.medians.bare : NaN;

    const testRatio = t((r) => r.timings.testMs) / median(bareMs);
    const overheadMedian = median(overhead);
    return [
      { name: `cold first run: mirror clone + prepared workspace + run (${sandbox})`, value: cold.timings.totalMs, unit: "ms" },
      {
        name: `executeRun wall time, gold patch, cached workspace (median of ${RUNS}, interleaved with the bare runs)`,
        value: median(runs.map((r) => r.timings.totalMs)),
        unit: "ms",
        baseline: { name: "bare test command (node --test, JUnit), same tree", value: median(bareMs) },
        ratio: median(runs.map((r) => r.timings.totalMs)) / median(bareMs),
      },
      {
        name: `test command inside the sandbox / bare, same tree (median) ${goal(testRatio, 1.1, "×")}`,
        value: t((r) => r.timings.testMs),
        unit: "ms",
        baseline: { name: "bare", value: median(bareMs) },
        ratio: testRatio,
      },
      {
        // Below zero the bare baseline ran slower than the sandboxed command: a saturated machine, where the run's own
        // cpu cgroup is scheduled as one group against everything else and a bare process is not. No goal is read then.
        name: `per-run overhead (run wall time − bare test command), median (${layer} workspace) ${overheadMedian < 0 ? "(goal ≤ 20 ms — not measurable now: the bare runs were the slower ones)" : goal(overheadMedian, 20, "ms")}`,
        value: overheadMedian,
        unit: "ms",
      },
      {
        // The same overhead without the pairing noise: both times come from the same run (at load, two node starts differ by more than the goal).
        name: `  per-run overhead outside the test command (run wall time − the sandboxed test command's own time, same run), median ${goal(t((r) => r.timings.totalMs - r.timings.testMs), 20, "ms")}`,
        value: t((r) => r.timings.totalMs - r.timings.testMs),
        unit: "ms",
      },
      ...(anatomy && overheadMedian > 20
        ? [{
            name: "  in the way of the goal: one sandbox start alone over a bare process start (the prelude from a pre-joined launcher — the cgroup v1 join is off the run's path — then bwrap with the view + namespaces; anatomy below), the overlay's unshare + mount(8) (layer profile: + overlay workspace), and each process the steps script starts inside (git apply, then one rm and one cp for the recipe's restore, then sh -c for the command)",
            value: anatomy.medians["prelude from a pre-joined launcher"] - anatomy.medians["sh -c true"] + anatomy.medians["bwrap, the sandbox's view + namespaces"] - anatomy.medians["sh -c true"],
            unit: "ms",
            baseline: { name: "one process start inside the sandbox", value: (anatomy.medians["the same + 10 process starts inside"] - anatomy.medians["bwrap, the sandbox's view + namespaces"]) / 10 },
          }]
        : []),
      ...(restore
        ? [{
            name: `  the recipe's restore / hidden tests / canaries in the sandbox, staged host side (one rm, one cp: ${restore.stagedProcesses} processes), over a sandbox start alone (median of ${restore.rounds})`,
            value: restore.stagedMs,
            unit: "ms",
            baseline: { name: `the portable script from the base alone, as every run did before (${restore.portableProcesses} processes)`, value: restore.portableMs },
            ratio: restore.stagedMs / Math.max(restore.portableMs, 0.01),
          }]
        : []),
      ...(launchers
        ? [{
            name: `  an overlay sandbox start from a launcher with its own mount namespace, the prelude in its shell (no unshare, no prelude shell on the run's path), median of ${launchers.rounds} interleaved; paired difference ${launchers.pairedMs.toFixed(2)} ms`,
            value: launchers.namespacedMs,
            unit: "ms",
            baseline: { name: "from a launcher as before (SPECPATH_LAUNCHER_PLAIN=1)", value: launchers.plainMs },
            ratio: launchers.namespacedMs / Math.max(launchers.plainMs, 0.01),
          }]
        : []),
      { name: `per-run overhead (run wall time − bare test command), p95 (${layer} workspace)`, value: quantile(overhead, 0.95), unit: "ms" },
      { name: "  of which mirror lookup + workspace lease (median)", value: t((r) => r.timings.mirrorMs + r.timings.prepareMs), unit: "ms" },
      { name: "  of which the run's workspace: overlay directories, or the copy (median)", value: t((r) => r.timings.copyMs), unit: "ms" },
      { name: "  of which sandbox start + overlay mount + git apply, until the test command starts (median)", value: t((r) => r.timings.applyMs), unit: "ms" },
      { name: "  of which report parsing (median)", value: t((r) => r.timings.parseMs), unit: "ms" },
      {
        name: "  of which the rest: cgroup, disk-watch baseline, teardown, run directory (median of wall − test − the parts above)",
        value: median(runs.map((r) => r.timings.totalMs - r.timings.testMs - r.timings.mirrorMs - r.timings.prepareMs - r.timings.copyMs - r.timings.applyMs - r.timings.parseMs)),
        unit: "ms",
      },
      ...(cpuProfile
        ? [{
            name: `CPU-bound run (node burning ${CPU_BURN_MS} ms of CPU) in the sandbox / bare, median of ${CPU_ROUNDS} interleaved ${goal(cpuRatio, 1.05, "×")}`,
            value: cpuProfile.medians.runSandboxed, unit: "ms", baseline: { name: "bare", value: cpuProfile.medians.bare }, ratio: cpuRatio,
          },
          ...CPU_LAYERS.slice(1).map((l, i) => ({
            name: `  CPU-bound, ${l === "runSandboxed" ? "runSandboxed (launcher, output cap, report)" : l === "+ namespaces" ? "bwrap: environment + view + namespaces" : l === "+ disk watch" ? "+ rlimits + overlay + disk watch" : "+ cgroup (CPU quota, weight, memory, pids)"}: cost over ${CPU_LAYERS[i]} (median of the paired differences)`,
            value: cpuProfile.costs[l] ?? 0, unit: "ms", baseline: { name: "cumulative median", value: cpuProfile.medians[l] }, ratio: cpuProfile.medians[l] / cpuProfile.medians.bare,
          })),
          { name: "  CPU-bound, noise now: spread of the bare runs (p75 − p25)", value: cpuProfile.bareSpread, unit: "ms" }]
        : []),
      ...(startProfile ? layerRows("layer profile, start-up alone (`true`)", startProfile) : []),
      ...(anatomy ? anatomyRows(anatomy) : []),
      ...(profile ? layerRows("layer profile, the gold tree's test command", profile) : []),
      {
        name: `per-run overhead outside the test command, ${layer} workspace ("auto") / a copy forced (workspaceLayer: "copy", what "auto" gave a tree of at most 256 entries before), medians of ${RUNS} interleaved`,
        value: t((r) => r.timings.totalMs - r.timings.testMs),
        unit: "ms",
        baseline: { name: "copy", value: median(otherOutside) },
        ratio: t((r) => r.timings.totalMs - r.timings.testMs) / median(otherOutside),
      },
      { name: "  the same as wall − bare test command, copy forced (median)", value: median(copyOverhead), unit: "ms", baseline: { name: layer, value: median(overhead) }, ratio: median(copyOverhead) / median(overhead) },
      {
        name: `sandbox start-up: \`true\` in ${sandbox} with cgroup + rlimits (median)`,
        value: median(bwrapMs),
        unit: "ms",
        baseline: { name: "plain sh -c true", value: median(plainMs) },
        ratio: median(bwrapMs) / median(plainMs),
      },
      ...(walkMs.length
        ? [
            {
              name: `disk watch: one measurement of a tree of ${walkedFiles.toLocaleString("en")} entries (a run that writes a node_modules; median of ${DISK_WALKS})`,
              value: median(walkMs), unit: "ms", baseline: { name: "an empty upper layer (a run that writes nothing)", value: median(emptyWalkMs) }, ratio: median(walkMs) / Math.max(median(emptyWalkMs), 0.01),
            },
            {
              name: "  its share of one core while such a run lasts (one walk every max(200 ms, 10 × a walk); statfs on a size-limited tmpfs upper would make it O(1))",
              value: (100 * median(walkMs)) / Math.max(200, 10 * median(walkMs)), unit: "%",
            },
          ]
        : []),
      {
        name: `prepared workspace with a ${BIG_FILES.toLocaleString("en")}-file node_modules: per-run overhead (wall − test command), copy fallback (cp -a${big.reflink ? ", reflinks" : ", no reflinks here: full copy"}), median of ${BIG_RUNS}`,
        value: big.copyMs,
        unit: "ms",
        baseline: { name: "overlay", value: big.overlayMs },
        ratio: big.copyMs / big.overlayMs,
      },
    ];
  } finally {
    await settleDiscards();
    await rm(tmp, { recursive: true, force: true });
    await rm(fixture.repoDir, { recursive: true, force: true });
  }
}

/** Per-run overhead on a prepared workspace whose setup wrote a node_modules-like tree: overlay against copy. */
async function bigWorkspace(base: TRunSpec, cacheDir: string): Promise<{ reflink: boolean; overlayMs: number; copyMs: number; repoDir: string | null }> {
  const spec: TRunSpec = {
    ...base,
    setupCommand: `mkdir -p node_modules/pkg && for i in $(seq ${BIG_FILES}); do echo "module.exports = $i;" > node_modules/pkg/f$i.js; done`,
    timeoutMs: 120_000,
  };
  let repoDir: string | null = null;
  const overhead = async (workspaceLayer: "auto" | "copy" | "overlay") => {
    const ms: number[] = [];
    for (let i = 0; i < BIG_RUNS; i++) {
      const result = await executeRun(spec, { cacheDir, workspaceLayer });
      if (result.outcome !== "passed") throw new Error(`big workspace, ${workspaceLayer}: ${result.outcome} ${result.message}`);
      if (result.workspace) repoDir = path.join(cacheDir, "workspaces", result.workspace.key, "repo");
      ms.push(result.timings.totalMs - result.timings.testMs);
      await settleDiscards(); // the copies' deletion must not slow the next run down
    }
    return median(ms);
  };
  await overhead("auto"); // prepares the workspace (setup once)
  const probe = path.join(cacheDir, "reflink-probe");
  await runHost("sh", ["-c", `echo x > ${probe}.src`]);
  const reflink = (await runHost("cp", ["--reflink=always", `${probe}.src`, probe])).code === 0;
  return { reflink, overlayMs: await overhead("auto"), copyMs: await overhead("copy"), repoDir };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().then(
    (rows) => printRows("runner", rows),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
