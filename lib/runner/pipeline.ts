import "server-only";
// The steps every test execution shares, in the grading recipe's order
// (lib/grading/recipe.ts): mirror → prepared workspace (base-only repository +
// setup) → the run's own workspace on top of it (overlay, or a copy) → one
// sandbox start that applies the run's patch, restores the protected paths,
// writes the hidden tests (and a grade run's canaries), writes the history file
// and runs the test command (run-steps.ts) → read the report. The run's directory is discarded
// in the background at the end; what matters of it (logs, timings) is in the
// record.

import { randomUUID } from "node:crypto";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { RunnerError } from "./errors";
import { ensureMirror, requireCommit } from "./mirror";
import type { ParsedReport } from "./parsers/types";
import { readReport } from "./report";
import { runSteps, VERIFIER_FAIL } from "./run-steps";
import { gatePatch, planRunVerifier, stageRunVerifier, type RunVerifier } from "./verifier-files";
import { defaultLimits } from "./sandbox";
import { createRunWorkspace, discardRunDir, overlayProbe } from "./run-workspace";
import { sweepAbandoned } from "./sweep";
import type { InfrastructureReason, RunnerOptions, RunRecord, TCollectSpec } from "./types";
import { acquireWorkspace, type PreparedWorkspace } from "./workspace";

export interface PipelineInput {
  spec: TCollectSpec;
  patch: string | null;
  historyFile: { path: string; content: string } | null;
  probes: readonly string[];
  /**
   * Grade runs: canaries are added, and a patch that touches a hidden test path is graded with
   * the collision reported. Otherwise (calibration, replay, collection: curator patches) any
   * protected path in the patch refuses the run. `historyPath`: the protocol's history file.
   */
  grading?: { historyPath: string | null } | null;
}

export interface Stop {
  outcome: "timeout" | "patch_apply_failed" | "forbidden_content" | "infrastructure_error";
  message: string;
  reason: InfrastructureReason | null;
}

export type Attempt = { record: RunRecord; verifier: RunVerifier | null } & ({ stop: Stop; report: null } | { stop: null; report: ParsedReport });

export function emptyRecord(): RunRecord {
  return {
    commit: null,
    workspace: null,
    exitCode: null,
    signal: null,
    sandbox: null,
    warnings: [],
    limitsHit: [],
    logs: { setup: "", apply: "", stdout: "", stderr: "" },
    timings: { mirrorMs: 0, prepareMs: 0, copyMs: 0, applyMs: 0, testMs: 0, parseMs: 0, totalMs: 0 },
    report: null,
  };
}

export async function attemptRun(input: PipelineInput, options: RunnerOptions): Promise<Attempt> {
  const { spec } = input;
  const started = performance.now();
  const record = emptyRecord();
  const { timings, logs } = record;
  const warn = (warnings: readonly string[]) => {
    for (const w of warnings) if (!record.warnings.includes(w)) record.warnings.push(w);
  };
  let verifier: RunVerifier | null = null;
  const stop = (outcome: Stop["outcome"], message: string, reason: InfrastructureReason | null = null): Attempt => ({
    record,
    verifier,
    stop: { outcome, message, reason },
    report: null,
  });
  const image = spec.image ?? null;
  let prepared: PreparedWorkspace | null = null;
  let runDir: string | null = null;

  try {
    await sweepAbandoned(options.cacheDir);
    if (!image && options.workspaceLayer !== "copy") void overlayProbe(options.cacheDir, options.sandbox); // once per process; meanwhile
    let mark = performance.now();
    const mirror = await ensureMirror(spec.repoUrl, options);
    record.commit = await requireCommit(mirror, spec.baseCommit, options);
    timings.mirrorMs = performance.now() - mark;

    mark = performance.now();
    prepared = await acquireWorkspace(
      { mirror, commit: record.commit, setupCommand: spec.setupCommand, image },
      options,
    );
    timings.prepareMs = performance.now() - mark;
    record.workspace = { key: prepared.key, created: prepared.created, layer: null };
    logs.setup = prepared.setupLog;

    const recipe = { testCommand: spec.testCommand, resultFormat: spec.resultFormat, hiddenTestPatch: spec.hiddenTestPatch, historyPath: input.grading?.historyPath ?? input.historyFile?.path ?? null };
    verifier = planRunVerifier(recipe, input.patch, prepared.repoDir, Boolean(input.grading));
    const gate = gatePatch(verifier, input.patch, Boolean(input.grading));
    if (gate.refusal) return stop("forbidden_content", gate.refusal);
    warn(gate.warnings);

    runDir = path.join(options.cacheDir, "runs", `${process.pid}-${randomUUID()}`);
    const workspace = await createRunWorkspace(prepared, runDir, { cacheDir: options.cacheDir, layer: options.workspaceLayer, image, backend: options.sandbox });
    timings.copyMs = workspace.ms;
    record.workspace.layer = workspace.layer;

    const reportName = spec.resultFormat === "junit" ? "report.xml" : "report.tap";
    const tmpDir = path.join(runDir, "tmp");
    await mkdir(tmpDir);
    const verifierScript = await stageRunVerifier(workspace.outputDir, prepared.repoDir, recipe, verifier, input.historyFile, { backend: options.sandbox, hide: options.hidePaths, image }, VERIFIER_FAIL);
    const steps = await runSteps({
      workspace: workspace.dir,
      overlay: workspace.overlay,
      outputDir: workspace.outputDir,
      tmpDir,
      readOnly: prepared.readOnly,
      hide: options.hidePaths,
      backend: options.sandbox,
      image,
      patch: input.patch,
      historyFile: input.historyFile,
      verifierScript,
      command: spec.testCommand,
      env: (paths) => ({ SPECPATH_REPORT: path.join(paths.output, reportName), SPECPATH_PROBES: input.probes.join("\n") }),
      timeoutMs: spec.timeoutMs,
      limits: options.limits,
    });
    timings.applyMs = steps.applyMs;
    if (!steps.ok) {
      if (steps.sandbox) {
        Object.assign(record, { exitCode: steps.sandbox.exitCode, signal: steps.sandbox.signal, sandbox: steps.sandbox.sandbox, limitsHit: steps.sandbox.limitsHit });
        Object.assign(logs, { stdout: steps.sandbox.stdout, stderr: steps.sandbox.stderr });
        warn(steps.sandbox.warnings);
      }
      if (steps.outcome === "patch_apply_failed") logs.apply = steps.message;
      if (steps.sandbox?.limitsHit.includes("disk")) return stop("infrastructure_error", diskMessage(spec.timeoutMs, options), "disk_limit");
      return stop(steps.outcome, steps.message, steps.reason);
    }
    const test = steps.test;
    Object.assign(record, { exitCode: test.exitCode, signal: test.signal, sandbox: test.sandbox, limitsHit: test.limitsHit });
    Object.assign(logs, { stdout: test.stdout, stderr: test.stderr });
    timings.testMs = steps.testMs;
    warn(steps.warnings);
    if (test.limitsHit.includes("disk")) return stop("infrastructure_error", diskMessage(spec.timeoutMs, options), "disk_limit");
    if (test.timedOut) return stop("timeout", `the test command was killed after ${spec.timeoutMs} ms`);

    mark = performance.now();
    const read = await readReport({
      file: path.join(workspace.outputDir, reportName),
      format: spec.resultFormat,
      stdout: test.stdout,
      exitCode: test.exitCode,
      roots: [test.paths.workspace, workspace.dir],
    });
    timings.parseMs = performance.now() - mark;
    if (!read.ok) {
      const limits = test.limitsHit.length > 0 ? ` (limit reached: ${test.limitsHit.join(", ")})` : "";
      return stop("infrastructure_error", read.message + limits, read.reason);
    }
    warn(read.report.warnings);
    record.report = { format: read.report.format, flavor: read.report.flavor };
    return { record, verifier, stop: null, report: read.report };
  } catch (error) {
    if (error instanceof RunnerError) {
      if (error.code === "setup_failed") logs.setup = error.log;
      return stop("infrastructure_error", error.message, error.code);
    }
    return stop("infrastructure_error", `internal error: ${(error as Error).message}`, "internal");
  } finally {
    // The lease keeps eviction away from the prepared tree while the run's overlay reads it.
    await prepared?.release();
    if (runDir) await discardRunDir(options.cacheDir, runDir);
    timings.totalMs = performance.now() - started;
  }
}

function diskMessage(timeoutMs: number, options: RunnerOptions): string {
  const bytes = options.limits?.diskBytes ?? defaultLimits(timeoutMs).diskBytes;
  return `the run was stopped: it wrote more than ${formatBytes(bytes)} to disk (workspace changes, output and /tmp together; limit reached: disk)`;
}

export function formatBytes(bytes: number): string {
  const units = ["bytes", "KiB", "MiB", "GiB", "TiB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} bytes` : `${Number(value.toFixed(1))} ${units[unit]}`;
}
