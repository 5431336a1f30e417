// Pure: agent results in, attempts out — SWE-bench-style predictions JSONL and Harbor trial results.
// All or nothing: any malformed row, unknown instance id or duplicate refuses the whole upload, each
// problem named by its line (or trial path), so nothing half-imported stays.
// Rows obey the input rules of request bodies (lib/http/text-rule.ts): no NUL, no lone surrogate —
// refused, never replaced (that would change the patch bytes); integers at most 2147483647; a
// `parent_id` names an attempt stored in the evaluation or uploaded with it. A row without a
// scaffold is stored without one.
import { z } from "zod";
import { findBadText } from "../http/text-rule";
import type { TCondition } from "../contract/types";
import { ZAgentStatusSchema, ZAttemptSchema, type TAttempt } from "./types";

/** What an instance id of a frozen suite stands for (from the package's own export). */
export type TInstance = { family: string; condition: TCondition; packageHash: string };
export type TResolveInstance = (instanceId: string) => TInstance | null;

export type TIngestProblem = { where: string; message: string };

/** The largest value of a PostgreSQL `integer` column. */
export const MAX_INT = 2147483647;
const int = () => z.number().int().max(MAX_INT, `must be at most ${MAX_INT}`);

/** The input rule for text, on a parsed row: the first bad string, named by its field. */
function badText(json: unknown): string | null {
  const bad = findBadText(json);
  return bad ? `${bad.field}: ${bad.problem}` : null;
}
export type TIngested = { attempts: (TAttempt & { instanceId: string; packageHash: string })[]; problems: TIngestProblem[] };

/** One predictions row: SWE-bench's three fields plus what the method needs, when present. */
export const ZPredictionRowSchema = z.object({
  instance_id: z.string().min(1, "instance_id is empty"),
  model_name_or_path: z.string().min(1, "model_name_or_path is empty"),
  model_patch: z.string().nullable(),
  scaffold: z.string().min(1).optional(),
  model_deployment: z.string().min(1).optional(),
  repeat: int().min(0).default(0),
  attempt: int().min(1).default(1),
  status: ZAgentStatusSchema.default("completed"),
  budget_sec: int().positive().optional(),
  parent_id: z.string().min(1).nullable().default(null),
  id: z.string().min(1).optional(),
});
export type TPredictionRow = z.infer<typeof ZPredictionRowSchema>;

/** `scaffold`: what the uploader said for rows that do not name one (null: those rows have none). `stored`: attempt ids already in the evaluation. */
export type TIngestDefaults = { scaffold: string | null; budgetSec: number; stored?: ReadonlySet<string> };

export function ingestPredictions(text: string, resolve: TResolveInstance, defaults: TIngestDefaults): TIngested {
  const problems: TIngestProblem[] = [];
  const attempts: TIngested["attempts"] = [];
  const seen = new Map<string, number>();
  const parents: { where: string; parent: string }[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "") return;
    const where = `line ${line}`;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (error) {
      problems.push({ where, message: `not JSON (${(error as Error).message})` });
      return;
    }
    const text = badText(json);
    if (text) {
      problems.push({ where, message: text });
      return;
    }
    const parsed = ZPredictionRowSchema.safeParse(json);
    if (!parsed.success) {
      problems.push({ where, message: parsed.error.issues.map((i) => `${i.path.join(".") || "row"}: ${i.message}`).join("; ") });
      return;
    }
    const row = parsed.data;
    const instance = resolve(row.instance_id);
    if (!instance) {
      problems.push({ where, message: `unknown instance_id "${row.instance_id}" (not in this suite version)` });
      return;
    }
    const configuration = { model: row.model_deployment ?? row.model_name_or_path, scaffold: row.scaffold ?? defaults.scaffold };
    const key = [row.instance_id, configuration.model, configuration.scaffold ?? "", row.repeat, row.attempt, row.parent_id ?? ""].join("\u0000");
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push({ where, message: `duplicate of line ${first} (same instance, configuration, repeat and attempt)` });
      return;
    }
    seen.set(key, line);
    if (row.parent_id) parents.push({ where, parent: row.parent_id });
    attempts.push({
      ...ZAttemptSchema.parse({
        id: row.id ?? `${row.instance_id}/${configuration.model}/${configuration.scaffold ?? "-"}/r${row.repeat}/a${row.attempt}${row.parent_id ? `/rerun-of-${row.parent_id}` : ""}`,
        family: instance.family,
        condition: instance.condition,
        configuration,
        repeat: row.repeat,
        attempt: row.attempt,
        budgetSec: row.budget_sec ?? defaults.budgetSec,
        parentId: row.parent_id,
        status: row.status,
        patch: row.model_patch,
      }),
      instanceId: row.instance_id,
      packageHash: instance.packageHash,
    });
  });
  const uploaded = new Set(attempts.map((a) => a.id));
  for (const { where, parent } of parents) {
    if (!uploaded.has(parent) && !defaults.stored?.has(parent)) problems.push({ where, message: `parent_id: "${parent}" names no attempt of this evaluation or this upload` });
  }
  problems.sort((a, b) => Number(/\d+/.exec(a.where)?.[0] ?? 0) - Number(/\d+/.exec(b.where)?.[0] ?? 0));
  return problems.length > 0 ? { attempts: [], problems } : { attempts, problems };
}

/**
 * A Harbor trial's result.json (harbor.models.trial.result.TrialResult): it names the task, the agent
 * (config.agent / agent_info) and the verifier's reward. Harbor grades in its own verifier, so the
 * reward is the outcome: 1 → passed, otherwise failed; exceptions map to the method's statuses.
 */
export const ZHarborTrialSchema = z.object({
  task_name: z.string().min(1),
  trial_name: z.string().min(1),
  config: z.object({ agent: z.object({ name: z.string().nullish(), model_name: z.string().nullish() }).passthrough() }).passthrough(),
  agent_info: z.object({ name: z.string(), version: z.string().nullish() }).passthrough().nullish(),
  verifier_result: z.object({ rewards: z.record(z.string(), z.number()).nullish() }).passthrough().nullish(),
  exception_info: z.object({ exception_type: z.string(), exception_message: z.string().nullish() }).passthrough().nullish(),
}).passthrough();

const HARBOR_EXCEPTIONS: Record<string, z.infer<typeof ZAgentStatusSchema>> = {
  AgentTimeoutError: "agent_timeout",
  NonZeroAgentExitCodeError: "nonzero_exit",
  RewardFileNotFoundError: "runner_error",
  RewardFileEmptyError: "runner_error",
  VerifierOutputParseError: "runner_error",
  VerifierTimeoutError: "runner_error",
  EnvironmentStartTimeoutError: "runner_error",
  RateLimitError: "provider_limit",
};

export type THarborTrialFile = { path: string; json: unknown; repeat: number };

export function ingestHarborTrials(files: readonly THarborTrialFile[], resolve: TResolveInstance, defaults: TIngestDefaults): TIngested {
  const problems: TIngestProblem[] = [];
  const attempts: TIngested["attempts"] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const text = badText(file.json) ?? (file.path.length > 0 ? badText(file.path) : null);
    if (text) {
      problems.push({ where: file.path.replace(/[\u0000\ud800-\udfff]/g, "\ufffd"), message: text });
      continue;
    }
    const parsed = ZHarborTrialSchema.safeParse(file.json);
    if (!parsed.success) {
      problems.push({ where: file.path, message: parsed.error.issues.map((i) => `${i.path.join(".") || "result"}: ${i.message}`).join("; ") });
      continue;
    }
    const trial = parsed.data;
    const taskName = trial.task_name.split("/").pop()!;
    const instance = resolve(taskName);
    if (!instance) {
      problems.push({ where: file.path, message: `unknown task "${trial.task_name}" (not in this suite version)` });
      continue;
    }
    const scaffold = trial.agent_info?.name ?? trial.config.agent.name ?? defaults.scaffold;
    const model = trial.config.agent.model_name ?? "unknown-model";
    const key = [taskName, model, scaffold ?? "", file.repeat].join("\u0000");
    if (seen.has(key)) {
      problems.push({ where: file.path, message: `duplicate of ${seen.get(key)} (same task, configuration and repeat)` });
      continue;
    }
    seen.set(key, file.path);
    const exception = trial.exception_info?.exception_type;
    const status = exception ? (HARBOR_EXCEPTIONS[exception] ?? "runner_error") : "completed";
    const reward = trial.verifier_result?.rewards?.reward;
    attempts.push({
      ...ZAttemptSchema.parse({
        id: trial.trial_name,
        family: instance.family,
        condition: instance.condition,
        configuration: { model, scaffold },
        repeat: file.repeat,
        attempt: 1,
        budgetSec: defaults.budgetSec,
        status,
        // Harbor keeps the agent's work in its container, not as a patch: its verifier's reward is the grade.
        patch: status === "completed" ? "(graded by Harbor)" : null,
        grade: status !== "completed" ? null : reward === undefined ? "verifier_infrastructure" : reward >= 1 ? "passed" : "failed",
        signature: reward === undefined ? [] : [reward >= 1 ? 1 : 0],
      }),
      instanceId: taskName,
      packageHash: instance.packageHash,
    });
  }
  return problems.length > 0 ? { attempts: [], problems } : { attempts, problems };
}
