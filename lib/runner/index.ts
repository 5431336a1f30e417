import "server-only";
// The validation worker's execution core. Job handlers call executeRun,
// collectTests and checkoutBase; everything below is exported for tests,
// benchmarks and diagnosis.

export { executeRun, collectTests } from "./execute";
export { checkoutBase, type CheckoutResult } from "./checkout";
export {
  ZRunSpecSchema,
  ZCollectSpecSchema,
  ZHistoryFileSchema,
  type TRunSpec,
  type TCollectSpec,
  type RunOutcome,
  type RunResult,
  type CollectOutcome,
  type CollectResult,
  type InfrastructureReason,
  type RunRecord,
  type RunTimings,
  type RunLogs,
  type RunnerOptions,
} from "./types";

export { ensureMirror, refreshMirror, resolveCommit, requireCommit, type Mirror, type MirrorOptions } from "./mirror";
export { acquireWorkspace, copyWorkspace, type PreparedWorkspace, type WorkspaceSpec, type WorkspaceOptions } from "./workspace";
export { overlayProbe, settleDiscards, type WorkspaceLayer } from "./run-workspace";
export { CacheIndex, DEFAULT_MAX_CACHE_BYTES } from "./cache-index";
export { runSandboxed, bwrapStatus, containerEngine, defaultLimits, type SandboxKind, type SandboxRequest, type SandboxResult } from "./sandbox";
export { SANDBOX_WORKSPACE, SANDBOX_OUTPUT, type SandboxLimits } from "./sandbox-args";
export type { LimitName } from "./cgroup";
export { RunnerError, type RunnerErrorCode } from "./errors";

export { parseJUnit, type JUnitFlavor } from "./parsers/junit";
export { parseTap } from "./parsers/tap";
export { ReportParseError, type ExecutedTest, type ParsedReport, type TestOutcome, type ReportFormat } from "./parsers/types";
export { computeSignature, summarizeTests, type Signature, type ProbeResult, type ProbeStatus, type TestSummary } from "./signature";
export { refusePatch, patchPaths } from "@/lib/git/patch-paths";
