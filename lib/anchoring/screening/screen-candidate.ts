// Pure: candidate screening — the automatic gate steps a candidate PR passes or stops at.
import { z } from "zod";
import { classifyPath, DEFAULT_GENERATED_PATTERNS } from "@/lib/git/classify";
import { type TFileKind } from "@/lib/contract/types";

import { GATE_STEPS, ZGateStepSchema, type TGateStep } from "@/lib/schemas/candidates";

export { GATE_STEPS, ZGateStepSchema, type TGateStep };

export const GATE_STEP_LABELS: Record<TGateStep, string> = {
  found: "found",
  merged: "merged",
  non_bot: "non-bot",
  source_and_tests: "source + tests",
  not_generated_dominated: "not generated-dominated",
  size_ok: "size ok",
};

export const ZAutoGateThresholdsSchema = z.object({
  /** Most files a candidate may change outside generated files. */
  maxFiles: z.number().int().positive().default(40),
  /** Most added + deleted lines outside generated files. */
  maxChangedLines: z.number().int().positive().default(1500),
  /** Largest share (0–1) of the changed lines that may sit in generated files. */
  generatedShareMax: z.number().min(0).max(1).default(0.5),
  generatedPatterns: z.array(z.string().min(1)).default(() => [...DEFAULT_GENERATED_PATTERNS]),
});
export type TAutoGateThresholds = z.infer<typeof ZAutoGateThresholdsSchema>;
export type TAutoGateThresholdsInput = z.input<typeof ZAutoGateThresholdsSchema>;

export const ZChangedFileSchema = z.object({
  path: z.string().min(1),
  additions: z.number().int().nonnegative(),
  deletions: z.number().int().nonnegative(),
  binary: z.boolean(),
});
export type TChangedFile = z.infer<typeof ZChangedFileSchema>;

export const ZGateCandidateSchema = z.object({
  merged: z.boolean(),
  authorIsBot: z.boolean(),
  files: z.array(ZChangedFileSchema),
});
export type TGateCandidate = z.infer<typeof ZGateCandidateSchema>;

export const ZGateReasonSchema = z.object({ step: ZGateStepSchema, message: z.string() });
export type TGateReason = z.infer<typeof ZGateReasonSchema>;

export const ZGateVerdictSchema = z.object({
  admitted: z.boolean(),
  /** Every step whose check holds, in funnel order ("found" always does). */
  passedSteps: z.array(ZGateStepSchema),
  /** The first step that failed: where the candidate leaves the funnel. */
  stoppedAt: ZGateStepSchema.nullable(),
  /** One entry per failed check; a step may fail for more than one reason. */
  reasons: z.array(ZGateReasonSchema),
  measures: z.object({
    files: z.number().int(),
    sourceFiles: z.number().int(),
    testFiles: z.number().int(),
    generatedFiles: z.number().int(),
    /** Changed lines outside generated files. */
    changedLines: z.number().int(),
    generatedShare: z.number(),
  }),
});
export type TGateVerdict = z.infer<typeof ZGateVerdictSchema>;

export function resolveThresholds(input: TAutoGateThresholdsInput = {}): TAutoGateThresholds {
  return ZAutoGateThresholdsSchema.parse(input);
}

/** The automatic gate: keeps merged, non-bot changes to source and tests that are not dominated by generated files nor too large. */
export function screenCandidate(candidate: TGateCandidate, thresholdsInput: TAutoGateThresholdsInput = {}): TGateVerdict {
  const thresholds = resolveThresholds(thresholdsInput);
  const kinds = candidate.files.map((f) => classifyPath(f.path, { generatedPatterns: thresholds.generatedPatterns }));
  const count = (kind: TFileKind) => kinds.filter((k) => k === kind).length;
  const lines = (f: TChangedFile) => f.additions + f.deletions;
  const handWritten = candidate.files.filter((_, i) => kinds[i] !== "generated");
  const allLines = candidate.files.reduce((n, f) => n + lines(f), 0);
  const changedLines = handWritten.reduce((n, f) => n + lines(f), 0);
  const generatedFiles = count("generated");
  // Binary-only changes have no lines; fall back to the share of files.
  const generatedShare = allLines > 0
    ? (allLines - changedLines) / allLines
    : candidate.files.length > 0 ? generatedFiles / candidate.files.length : 0;
  const measures = {
    files: candidate.files.length,
    sourceFiles: count("source"),
    testFiles: count("test"),
    generatedFiles,
    changedLines,
    generatedShare,
  };

  const reasons: TGateReason[] = [];
  const fail = (step: TGateStep, message: string) => reasons.push({ step, message });
  if (!candidate.merged) fail("merged", "the change was not merged");
  if (candidate.authorIsBot) fail("non_bot", "the author is a bot");
  if (measures.sourceFiles === 0) fail("source_and_tests", "no source file changed");
  if (measures.testFiles === 0) fail("source_and_tests", "no test file changed");
  if (generatedShare > thresholds.generatedShareMax) {
    fail("not_generated_dominated", `generated files hold ${percent(generatedShare)} of the change (limit ${percent(thresholds.generatedShareMax)})`);
  }
  if (handWritten.length > thresholds.maxFiles) {
    fail("size_ok", `${handWritten.length} files changed outside generated files (limit ${thresholds.maxFiles})`);
  }
  if (changedLines > thresholds.maxChangedLines) {
    fail("size_ok", `${changedLines} lines changed outside generated files (limit ${thresholds.maxChangedLines})`);
  }

  const failed = new Set(reasons.map((r) => r.step));
  return {
    admitted: reasons.length === 0,
    passedSteps: GATE_STEPS.filter((step) => !failed.has(step)),
    stoppedAt: GATE_STEPS.find((step) => failed.has(step)) ?? null,
    reasons,
    measures,
  };
}

export const ZFunnelCountSchema = z.object({ step: ZGateStepSchema, label: z.string(), count: z.number().int() });
export type TFunnelCount = z.infer<typeof ZFunnelCountSchema>;

/** How many verdicts reach each step, i.e. pass it and every step before it. */
export function countFunnel(verdicts: readonly Pick<TGateVerdict, "stoppedAt">[]): TFunnelCount[] {
  return GATE_STEPS.map((step, index) => ({
    step,
    label: GATE_STEP_LABELS[step],
    count: verdicts.filter((v) => v.stoppedAt === null || GATE_STEPS.indexOf(v.stoppedAt) > index).length,
  }));
}

export function funnelCounts(candidates: readonly TGateCandidate[], thresholds: TAutoGateThresholdsInput = {}): TFunnelCount[] {
  return countFunnel(candidates.map((c) => screenCandidate(c, thresholds)));
}

function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}
