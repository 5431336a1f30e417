/**
 * Runner figures: per-run overhead of executeRun (mirror lookup, workspace copy,
 * sandboxed git apply, bwrap, report parsing, cleanup) over the bare test
 * command, on the Node fixture library; plus where the time goes.
 * Run: npx tsx bench/runner.ts
 */
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { executeRun } from "../workers/runner/execute";
import { runHost } from "../workers/runner/host";
import { runSandboxed } from "../workers/runner/sandbox";
import { gitOk } from "../workers/runner/testing/git-fixture";
import { createNodeFixture, NODE_TEST_COMMAND } from "../workers/runner/testing/node-fixture";
import type { TRunSpec } from "../workers/runner/types";
import { printRows, type BenchRow } from "./types";

const RUNS = 20;
const COPY_FILES = 5000;

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
    for (let i = 0; i < RUNS; i++) {
      bareMs.push(await timeShell(NODE_TEST_COMMAND, bare, { SPECPATH_REPORT: bareReport }));
      const result = await executeRun(spec, { cacheDir });
      if (result.outcome !== "passed") throw new Error(`run ${i} did not pass: ${result.outcome} ${result.message}`);
      runs.push(result);
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

    const copy = await copyFigures(tmp);
    const sandbox = runs[0]?.sandbox ?? "none";
    return [
      { name: `cold first run: mirror clone + prepared workspace + run (${sandbox})`, value: cold.timings.totalMs, unit: "ms" },
      {
        name: `executeRun wall time, gold patch, cached workspace (median of ${RUNS})`,
        value: median(runs.map((r) => r.timings.totalMs)),
        unit: "ms",
        baseline: { name: "bare test command (node --test, JUnit), same tree", value: median(bareMs) },
        ratio: median(runs.map((r) => r.timings.totalMs)) / median(bareMs),
      },
      { name: "per-run overhead (run wall time − bare test command), median", value: median(overhead), unit: "ms" },
      { name: "per-run overhead (run wall time − bare test command), p95", value: quantile(overhead, 0.95), unit: "ms" },
      { name: "  of which mirror lookup + workspace lease (median)", value: t((r) => r.timings.mirrorMs + r.timings.prepareMs), unit: "ms" },
      { name: "  of which copy of the prepared workspace (median)", value: t((r) => r.timings.copyMs), unit: "ms" },
      { name: "  of which sandboxed git apply --check + apply (median)", value: t((r) => r.timings.applyMs), unit: "ms" },
      {
        name: "  test command inside the sandbox (median)",
        value: t((r) => r.timings.testMs),
        unit: "ms",
        baseline: { name: "bare", value: median(bareMs) },
        ratio: t((r) => r.timings.testMs) / median(bareMs),
      },
      {
        name: `sandbox start-up: \`true\` in ${sandbox} with cgroup + prlimit (median)`,
        value: median(bwrapMs),
        unit: "ms",
        baseline: { name: "plain sh -c true", value: median(plainMs) },
        ratio: median(bwrapMs) / median(plainMs),
      },
      {
        name: `copy of a ${COPY_FILES.toLocaleString("en")}-file workspace, cp -a --reflink=auto (${copy.reflink ? "reflinks" : "no reflink support here: full copy"})`,
        value: copy.reflinkMs,
        unit: "ms",
        baseline: { name: "cp -al (hard links; unsafe: runs would write through)", value: copy.hardlinkMs },
        ratio: copy.reflinkMs / copy.hardlinkMs,
      },
      ...(copy.overlayMs === null
        ? []
        : [
            {
              name: `  not implemented, for comparison: overlay mount of the same ${COPY_FILES.toLocaleString("en")}-file tree (unshare -m + mount -t overlay)`,
              value: copy.overlayMs,
              unit: "ms",
              baseline: { name: "cp -a --reflink=auto", value: copy.reflinkMs },
              ratio: copy.overlayMs / copy.reflinkMs,
            },
          ]),
    ];
  } finally {
    await rm(tmp, { recursive: true, force: true });
    await rm(fixture.repoDir, { recursive: true, force: true });
  }
}

/** Copying a node_modules-like tree: the runner's copy beside hard links. */
async function copyFigures(tmp: string): Promise<{ reflink: boolean; reflinkMs: number; hardlinkMs: number; overlayMs: number | null }> {
  const source = path.join(tmp, "copy-source");
  await mkdir(path.join(source, "node_modules", "pkg"), { recursive: true });
  await runHost("sh", ["-c", `for i in $(seq ${COPY_FILES}); do echo "module.exports = $i;" > node_modules/pkg/f$i.js; done`], { cwd: source });
  const reflink = (await runHost("cp", ["--reflink=always", path.join(source, "node_modules/pkg/f1.js"), path.join(tmp, "reflink-probe")])).code === 0;
  const reflinkMs: number[] = [];
  const hardlinkMs: number[] = [];
  for (let i = 0; i < 5; i++) {
    for (const [flags, into] of [["-a --reflink=auto", reflinkMs], ["-al", hardlinkMs]] as const) {
      const target = path.join(tmp, `copy-${i}`);
      into.push(await timeShell(`cp ${flags} copy-source ${target}`, tmp));
      await rm(target, { recursive: true, force: true });
    }
  }
  // What an overlay (prepared tree as lower layer, private mount namespace) would cost instead.
  const overlayMs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const layer = path.join(tmp, `overlay-${i}`);
    await mkdir(path.join(layer, "upper"), { recursive: true });
    await mkdir(path.join(layer, "work"));
    await mkdir(path.join(layer, "merged"));
    const mount = `mount -t overlay overlay -o lowerdir=${source},upperdir=${layer}/upper,workdir=${layer}/work ${layer}/merged && test -f ${layer}/merged/node_modules/pkg/f1.js`;
    const started = performance.now();
    const result = await runHost("unshare", ["-m", "sh", "-c", mount]);
    if (result.code === 0) overlayMs.push(performance.now() - started);
    await rm(layer, { recursive: true, force: true });
  }
  return { reflink, reflinkMs: median(reflinkMs), hardlinkMs: median(hardlinkMs), overlayMs: overlayMs.length === 5 ? median(overlayMs) : null };
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
