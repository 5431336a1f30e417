// The steps every test execution shares: mirror → prepared workspace → copy →
// apply the run's patch → write the history file → test command in the
// sandbox → read the report. The run workspace is deleted at the end; what
// matters of it (logs, timings) is in the record.

import { randomUUID } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { applyPatch } from "./apply";
import { RunnerError } from "./errors";
import { ensureMirror, requireCommit } from "./mirror";
import type { ParsedReport } from "./parsers/types";
import { readReport } from "./report";
import { writeInside, UnsafePathError } from "./safe-fs";
import { runSandboxed } from "./sandbox";
import { sweepAbandoned } from "./sweep";
import type { InfrastructureReason, RunnerOptions, RunRecord, TCollectSpec } from "./types";
import { acquireWorkspace, copyWorkspace } from "./workspace";

export interface PipelineInput {
  spec: TCollectSpec;
  patch: string | null;
  historyFile: { path: string; content: string } | null;
  probes: readonly string[];
}

export interface Stop {
  outcome: "timeout" | "patch_apply_failed" | "infrastructure_error";
  message: string;
  reason: InfrastructureReason | null;
}

export type Attempt = { record: RunRecord } & ({ stop: Stop; report: null } | { stop: null; report: ParsedReport });

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
  const stop = (outcome: Stop["outcome"], message: string, reason: InfrastructureReason | null = null): Attempt => ({
    record,
    stop: { outcome, message, reason },
    report: null,
  });
  const image = spec.image ?? null;
  let runDir: string | null = null;

  try {
    await sweepAbandoned(options.cacheDir);
    let mark = performance.now();
    const mirror = await ensureMirror(spec.repoUrl, options);
    record.commit = await requireCommit(mirror, spec.baseCommit, options);
    timings.mirrorMs = performance.now() - mark;

    mark = performance.now();
    const prepared = await acquireWorkspace(
      { mirror, commit: record.commit, setupCommand: spec.setupCommand, hiddenTestPatch: spec.hiddenTestPatch, image },
      options,
    );
    timings.prepareMs = performance.now() - mark;
    record.workspace = { key: prepared.key, created: prepared.created };
    logs.setup = prepared.setupLog;

    runDir = path.join(options.cacheDir, "runs", `${process.pid}-${randomUUID()}`);
    const workspace = path.join(runDir, "repo");
    const outputDir = path.join(runDir, "out");
    await mkdir(outputDir, { recursive: true });
    try {
      timings.copyMs = await copyWorkspace(prepared, workspace);
    } finally {
      await prepared.release();
    }
    const target = { workspace, outputDir, readOnly: prepared.readOnly, hide: options.hidePaths, backend: options.sandbox, image };

    if (input.patch !== null) {
      const applied = await applyPatch(target, input.patch, "run");
      timings.applyMs = applied.durationMs;
      if (!applied.ok) {
        logs.apply = applied.message;
        return stop("patch_apply_failed", applied.message);
      }
      warn(applied.warnings);
    }
    if (input.historyFile) {
      try {
        await writeInside(workspace, input.historyFile.path, input.historyFile.content);
      } catch (error) {
        if (!(error instanceof UnsafePathError)) throw error;
        return stop("infrastructure_error", `the history file cannot be written: ${error.message}`, "history_file_refused");
      }
    }

    const reportName = spec.resultFormat === "junit" ? "report.xml" : "report.tap";
    const test = await runSandboxed({
      ...target,
      command: spec.testCommand,
      env: (paths) => ({ SPECPATH_REPORT: path.join(paths.output, reportName), SPECPATH_PROBES: input.probes.join("\n") }),
      timeoutMs: spec.timeoutMs,
      limits: options.limits,
    });
    Object.assign(record, { exitCode: test.exitCode, signal: test.signal, sandbox: test.sandbox, limitsHit: test.limitsHit });
    Object.assign(logs, { stdout: test.stdout, stderr: test.stderr });
    timings.testMs = test.durationMs;
    warn(test.warnings);
    if (test.timedOut) return stop("timeout", `the test command was killed after ${spec.timeoutMs} ms`);

    mark = performance.now();
    const read = await readReport({
      file: path.join(outputDir, reportName),
      format: spec.resultFormat,
      stdout: test.stdout,
      exitCode: test.exitCode,
      roots: [test.paths.workspace, workspace],
    });
    timings.parseMs = performance.now() - mark;
    if (!read.ok) {
      const limits = test.limitsHit.length > 0 ? ` (limit reached: ${test.limitsHit.join(", ")})` : "";
      return stop("infrastructure_error", read.message + limits, read.reason);
    }
    warn(read.report.warnings);
    record.report = { format: read.report.format, flavor: read.report.flavor };
    return { record, stop: null, report: read.report };
  } catch (error) {
    if (error instanceof RunnerError) {
      if (error.code === "setup_failed") logs.setup = error.log;
      return stop("infrastructure_error", error.message, error.code);
    }
    return stop("infrastructure_error", `internal error: ${(error as Error).message}`, "internal");
  } finally {
    if (runDir) await rm(runDir, { recursive: true, force: true });
    timings.totalMs = performance.now() - started;
  }
}
