// Pure: the method's fixed decision sequence, as data. Attempts in → one decided row per scheduled row out.
// 1. resolve provider-limit tries (the earliest complete non-external attempt, at most three same-budget tries);
// 2. protocol and metadata gates on the selected record;
// 3. scored fixed-budget outcome, or external invalid (attrition);
// reruns at a longer budget (parentId set) are decided apart and never pooled with the primary budget.
import type { TAttempt, TAttritionCause, TDecidedRow, TFailureCause, TRowKey } from "./types";

export const MAX_SAME_BUDGET_TRIES = 3;

export const configurationLabel = (c: TRowKey["configuration"]) => `${c.model} · ${c.scaffold}`;
export const rowKeyOf = (r: TRowKey) => `${r.family}\u0000${r.condition}\u0000${configurationLabel(r.configuration)}\u0000${r.repeat}`;
export const blockKeyOf = (r: Omit<TRowKey, "condition">) => `${r.family}\u0000${configurationLabel(r.configuration)}\u0000${r.repeat}`;

export type TDecision = {
  /** The primary estimand: one row per scheduled (family, condition, configuration, repeat). */
  primary: TDecidedRow[];
  /** Longer-budget reruns, keyed to their parent's row; reported separately, never pooled. */
  reruns: (TDecidedRow & { parentAttemptId: string })[];
};

export function decide(attempts: readonly TAttempt[]): TDecision {
  const primary = attempts.filter((a) => a.parentId === null);
  const reruns = attempts.filter((a) => a.parentId !== null);
  return {
    primary: groupByRow(primary).map(decideRow),
    reruns: groupByRow(reruns).map((tries) => ({ ...decideRow(tries), parentAttemptId: tries[0]!.parentId! })),
  };
}

function groupByRow(attempts: readonly TAttempt[]): TAttempt[][] {
  const rows = new Map<string, TAttempt[]>();
  for (const a of attempts) {
    const key = rowKeyOf(a) + (a.parentId ? `\u0000${a.parentId}` : "");
    const row = rows.get(key);
    if (row) row.push(a);
    else rows.set(key, [a]);
  }
  return [...rows.values()].map((row) => row.sort((x, y) => x.attempt - y.attempt));
}

/** One scheduled row: its attempts in order. */
export function decideRow(tries: readonly TAttempt[]): TDecidedRow {
  const first = tries[0]!;
  const key: TRowKey = { family: first.family, condition: first.condition, configuration: first.configuration, repeat: first.repeat };
  const budget = tries.slice(0, MAX_SAME_BUDGET_TRIES);
  const selected = budget.find((a) => a.status !== "provider_limit");
  const providerRetries = selected ? budget.indexOf(selected) : budget.length;
  if (!selected) return { ...key, kind: "excluded", attemptId: null, cause: "provider", providerRetries };
  const attrition = attritionOf(selected);
  if (attrition) return { ...key, kind: "excluded", attemptId: selected.id, cause: attrition, providerRetries };
  const failure = failureOf(selected);
  if (failure === "pending") return { ...key, kind: "pending", attemptId: selected.id, providerRetries };
  return { ...key, kind: "scored", attemptId: selected.id, success: failure === null, failure, signature: selected.signature, providerRetries };
}

function attritionOf(a: TAttempt): TAttritionCause | null {
  switch (a.status) {
    case "provider_error":
    case "provider_limit":
      return "provider";
    case "runner_error":
      return "runner";
    case "metadata_invalid":
      return "metadata";
    case "protocol_invalid":
      return "protocol";
    default:
      return a.grade === "verifier_infrastructure" ? "verifier_infrastructure" : null;
  }
}

/** null = success; "pending" = a completed patch not graded yet. */
function failureOf(a: TAttempt): TFailureCause | null | "pending" {
  if (a.status === "agent_timeout") return "agent_timeout";
  if (a.status === "nonzero_exit") return "nonzero_exit";
  if (!a.patch || a.patch.trim() === "") return "no_patch";
  switch (a.grade) {
    case null:
      return "pending";
    case "forbidden_content":
      return "forbidden_content";
    case "tampered":
      return "tampered";
    case "patch_apply_failed":
      return "patch_apply_failed";
    case "failed":
      return "verifier_test_failure";
    case "passed":
      return a.signature.length > 0 && a.signature.every((v) => v === 1) ? null : "verifier_test_failure";
    case "verifier_infrastructure":
      return "pending"; // unreachable: attrition is decided first
  }
}
