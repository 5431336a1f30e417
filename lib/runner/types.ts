import "server-only";
// The runner's input (validated with zod at the boundary) and its results.
// Every way a run can end is an outcome value, never an exception.

import { z } from "zod";
import type { LimitName } from "./cgroup";
import type { ReportFormat } from "./parsers/types";
import { unsafePathReason } from "@/lib/git/patch-paths";
import type { WorkspaceLayer } from "./run-workspace";
import type { SandboxKind } from "./sandbox";
import type { SandboxLimits } from "./sandbox-args";
import type { ProbeResult, TestSummary } from "./signature";
import { ZResultFormatSchema, type TRunOutcome } from "../contract/types";
import type { RunnerErrorCode } from "./errors";

const DAY_MS = 24 * 60 * 60_000;

export const ZHistoryFileSchema = z.object({
  path: z.string().min(1).refine((p) => unsafePathReason(p) === null, { error: "must be a relative path inside the workspace, not in .git/" }),
  content: z.string(),
});

export const ZCollectSpecSchema = z.object({
  repoUrl: z.string().trim().min(1, "must name a repository (clone URL or local path)"),
  baseCommit: z.string().regex(/^[0-9a-f]{4,64}$/i, "must be a commit id in hex"),
  setupCommand: z.string().min(1).nullable(),
  testCommand: z.string().min(1, "must not be empty"),
  resultFormat: ZResultFormatSchema,
  /** Unified diff adding the verifier's tests; may be "". */
  hiddenTestPatch: z.string(),
  timeoutMs: z.number().int().positive().max(DAY_MS),
  /** podman / docker image to run in instead of bwrap. */
  image: z.string().min(1).nullable().optional(),
});

/** Collection applies the gold patch when there is one: new tests often import what the PR adds. */
export const ZCollectWithPatchSchema = ZCollectSpecSchema.extend({ patch: z.string().nullable().optional() });

export const ZRunSpecSchema = ZCollectSpecSchema.extend({
  /** Unified diff against the base; null runs the base itself. */
  patch: z.string().nullable(),
  /** The history materialized for replay runs. */
  historyFile: ZHistoryFileSchema.nullable(),
  /** A grade run (an agent's patch): canaries, and hidden-test collisions graded (lib/grading/recipe.ts). */
  grading: z.object({ historyPath: z.string().nullable() }).nullable().optional(),
  probes: z
    .array(z.string().min(1))
    .min(1, "must list at least one probe")
    .refine((probes) => new Set(probes).size === probes.length, { error: "must not list a probe twice" }),
});

export type TCollectSpec = z.infer<typeof ZCollectWithPatchSchema>;
export type TRunSpec = z.infer<typeof ZRunSpecSchema>;

/** forbidden_content: the patch writes a file the verifier owns (or, outside grading, a hidden test path); tampered: a canary says the test run was rigged. */
export type RunOutcome = TRunOutcome;

/** Why a run ended in infrastructure_error: the runner's own failures (errors.ts) and these. */
export type InfrastructureReason =
  | RunnerErrorCode
  | "invalid_spec"
  | "report_missing"
  | "report_unparseable"
  | "history_file_refused"
  | "disk_limit"
  | "internal";

export interface RunTimings {
  /** Mirror lookup (and clone or fetch, when needed) and commit resolution. */
  mirrorMs: number;
  /** Prepared workspace: a lease when cached, else checkout + hidden tests + setup. */
  prepareMs: number;
  /** The run's own workspace: overlay directories, or the full copy. */
  copyMs: number;
  /** From the sandbox's start to the test command's: overlay mount, git apply, history file. */
  applyMs: number;
  /** The test command alone, from the moment the steps script hands over until the sandbox exits. */
  testMs: number;
  parseMs: number;
  /** Everything; the run's directory is deleted in the background afterwards. */
  totalMs: number;
}

export interface RunLogs {
  setup: string;
  apply: string;
  stdout: string;
  stderr: string;
}

/** What every run and collection records, whatever its outcome. */
export interface RunRecord {
  /** Full id of the base commit, once resolved. */
  commit: string | null;
  /** The prepared workspace (key; whether this run prepared it) and how the run got its own on top of it. */
  workspace: { key: string; created: boolean; layer: WorkspaceLayer | null } | null;
  exitCode: number | null;
  signal: string | null;
  sandbox: SandboxKind | null;
  warnings: string[];
  limitsHit: LimitName[];
  logs: RunLogs;
  timings: RunTimings;
  report: { format: ReportFormat; flavor: string } | null;
}

export interface RunResult extends RunRecord {
  outcome: RunOutcome;
  /** For people: what happened, e.g. git's message for patch_apply_failed. */
  message: string;
  infrastructureReason: InfrastructureReason | null;
  /** One "1"/"0" per probe in probe order; null when no report was read. */
  signature: string | null;
  probes: ProbeResult[];
  missingProbes: string[];
  tests: TestSummary[];
}

export type CollectOutcome = "collected" | "empty_collection" | "timeout" | "infrastructure_error";

export interface CollectResult extends RunRecord {
  outcome: CollectOutcome;
  message: string;
  infrastructureReason: InfrastructureReason | null;
  /** Every executed test id with its outcome on the base (+ hidden tests). */
  tests: TestSummary[];
}

export interface RunnerOptions {
  cacheDir: string;
  /** Bound on mirrors + prepared workspaces, least recently used evicted. Default 20 GiB. */
  maxCacheBytes?: number;
  setupTimeoutMs?: number;
  /** Network during setup (a user-mode network that cannot reach this machine). Default true; "host": the host's network, with a warning. */
  setupNetwork?: boolean | "host";
  /** Where no user-mode network stack exists, let setup use the host's network (with a warning on every run). Default: SPECPATH_SETUP_HOST_NETWORK=1. */
  allowHostNetwork?: boolean;
  limits?: Partial<SandboxLimits>;
  setupLimits?: Partial<SandboxLimits>;
  /** "none" forces plain subprocesses. Default "auto". */
  sandbox?: "auto" | "none";
  /**
   * "auto" (default) and "overlay": an overlay on the prepared workspace, or a copy where the
   * overlay probe fails (run-workspace.ts); "copy" forces a copy.
   */
  workspaceLayer?: "auto" | "copy" | "overlay";
  /**
   * Host directories hidden from every sandboxed command. The sandbox sees the
   * host read-only; list here what it must not read (e.g. the studio's checkout
   * with its .env, ~/.ssh, credential stores).
   */
  hidePaths?: string[];
}
