import "server-only";
// The runner's entry points for validation jobs: executeRun (one patch, one
// signature) and collectTests (which tests exist, for picking probes).

import { z } from "zod";
import { canaryVerdict, isCanaryTest } from "../grading/recipe";
import { attemptRun, emptyRecord, type Attempt } from "./pipeline";
import { ambiguousTests, computeSignature, summarizeTests } from "./signature";
import { ZCollectWithPatchSchema, ZRunSpecSchema, type CollectResult, type RunnerOptions, type RunResult, type TCollectSpec, type TRunSpec } from "./types";

export async function executeRun(spec: TRunSpec, options: RunnerOptions): Promise<RunResult> {
  const parsed = ZRunSpecSchema.safeParse(spec);
  if (!parsed.success) return invalidSpec(parsed.error);
  const { patch, historyFile, probes, grading } = parsed.data;
  const attempt = await attemptRun({ spec: parsed.data, patch, historyFile, probes, grading: grading ?? null }, options);
  if (attempt.stop) return stopped(attempt);

  // Canary tests never enter the signature (nor the tests a run lists); they only say whether the run was rigged.
  const nonce = attempt.verifier?.nonce ?? "";
  const canaries = attempt.verifier?.canaries ?? [];
  const executed = canaries.length > 0 ? attempt.report.tests.filter((t) => !isCanaryTest(t.id, nonce)) : attempt.report.tests;
  const signature = computeSignature(probes, executed);
  const record = attempt.record;
  if (canaries.length > 0) {
    const verdict = canaryVerdict(canaries, attempt.report.tests, nonce, signature.missing.length === 0);
    if (verdict.tampered) {
      return { ...record, outcome: "tampered", message: verdict.reason!, infrastructureReason: null, signature: signature.bits.replace(/1/g, "0"), probes: signature.probes, missingProbes: signature.missing, tests: summarizeTests(executed) };
    }
  }
  if (signature.outcome === "passed" && record.exitCode !== 0 && canaries.length === 0) {
    record.warnings.push(`the test command exited with ${record.exitCode ?? record.signal} although every probe passed`);
  }
  const failing = signature.probes.filter((p) => p.status !== "pass" && p.status !== "missing").map((p) => p.probe);
  const message =
    signature.outcome === "passed"
      ? `all ${probes.length} probes passed`
      : signature.outcome === "failed"
        ? `${failing.length} of ${probes.length} probes did not pass: ${failing.join(", ")}`
        : `${signature.missing.length} of ${probes.length} probes match no executed test (fail closed): ${signature.missing.join(", ")}`;
  return {
    ...record,
    outcome: signature.outcome,
    message,
    infrastructureReason: null,
    signature: signature.bits,
    probes: signature.probes,
    missingProbes: signature.missing,
    tests: summarizeTests(executed),
  };
}

/** Runs the test command on the base with the hidden tests (and the gold patch when given); lists what executed. */
export async function collectTests(spec: TCollectSpec, options: RunnerOptions): Promise<CollectResult> {
  const parsed = ZCollectWithPatchSchema.safeParse(spec);
  if (!parsed.success) {
    const { outcome, message, infrastructureReason, tests, ...record } = invalidSpec(parsed.error);
    return { ...record, outcome: outcome as "infrastructure_error", message, infrastructureReason, tests };
  }
  const attempt = await attemptRun({ spec: parsed.data, patch: parsed.data.patch ?? null, historyFile: null, probes: [] }, options);
  if (attempt.stop) {
    const { outcome, message, infrastructureReason, ...rest } = stopped(attempt);
    return { ...rest, outcome: outcome === "timeout" ? "timeout" : "infrastructure_error", message, infrastructureReason, tests: [] };
  }
  const tests = summarizeTests(attempt.report.tests);
  const shared = ambiguousTests(tests);
  for (const test of shared) {
    attempt.record.warnings.push(`“${test.id}”: ${test.count} tests share this id, so a probe on it cannot tell them apart`);
  }
  const executed = attempt.report.tests.length;
  return {
    ...attempt.record,
    outcome: tests.length > 0 ? "collected" : "empty_collection",
    message:
      tests.length === 0
        ? "the report lists no executed test"
        : shared.length === 0
          ? `${tests.length} tests executed`
          : `${executed} tests executed under ${tests.length} ids; ${shared.length} id${shared.length === 1 ? " is" : "s are"} shared by several tests (${shared.map((t) => `“${t.id}”: ${t.count} tests share this id`).join("; ")})`,
    infrastructureReason: null,
    tests,
  };
}

function stopped(attempt: Attempt & { stop: NonNullable<Attempt["stop"]> }): RunResult {
  return {
    ...attempt.record,
    outcome: attempt.stop.outcome,
    message: attempt.stop.message,
    infrastructureReason: attempt.stop.reason,
    signature: null,
    probes: [],
    missingProbes: [],
    tests: [],
  };
}

function invalidSpec(error: z.ZodError): RunResult {
  const fields = error.issues.map((issue) => `${issue.path.join(".") || "spec"}: ${issue.message}`).join("; ");
  return {
    ...emptyRecord(),
    outcome: "infrastructure_error",
    message: `invalid run spec — ${fields}`,
    infrastructureReason: "invalid_spec",
    signature: null,
    probes: [],
    missingProbes: [],
    tests: [],
  };
}
