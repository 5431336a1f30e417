// Pure: the shapes of agent attempts, scored rows and the analysis (ARCHITECTURE §2; method 000, "Run processing…").
import { z } from "zod";
import { ZConditionSchema } from "../contract/types";

/** How the agent's run ended, as the harness reported it (before grading). */
export const AGENT_STATUSES = [
  "completed",
  "agent_timeout",
  "provider_limit",
  "provider_error",
  "metadata_invalid",
  "runner_error",
  "protocol_invalid",
  "nonzero_exit",
] as const;
export const ZAgentStatusSchema = z.enum(AGENT_STATUSES);
export type TAgentStatus = z.infer<typeof ZAgentStatusSchema>;

/** What grading the patch under the frozen verifier gave (null: not graded, e.g. no patch). */
export const GRADE_OUTCOMES = ["passed", "failed", "patch_apply_failed", "forbidden_content", "tampered", "verifier_infrastructure"] as const;
export const ZGradeOutcomeSchema = z.enum(GRADE_OUTCOMES);
export type TGradeOutcome = z.infer<typeof ZGradeOutcomeSchema>;

/** A system configuration: model deployment × scaffold (prompts, tools, budget held fixed within it). */
export const ZConfigurationSchema = z.object({ model: z.string().min(1), scaffold: z.string().min(1) });
export type TConfiguration = z.infer<typeof ZConfigurationSchema>;

/** One attempt of one scheduled row (family × condition × configuration × repeat). */
export const ZAttemptSchema = z.object({
  id: z.string().min(1),
  family: z.string().min(1),
  condition: ZConditionSchema,
  configuration: ZConfigurationSchema,
  repeat: z.number().int().min(0),
  attempt: z.number().int().min(1),
  /** The agent budget in seconds; the primary budget is the protocol's agent timeout. */
  budgetSec: z.number().int().positive(),
  /** A rerun at a longer budget names the attempt it reruns; it never joins the primary estimand. */
  parentId: z.string().nullable().default(null),
  status: ZAgentStatusSchema,
  /** The agent's patch; empty or missing is "no patch", an agent outcome. */
  patch: z.string().nullable().default(null),
  grade: ZGradeOutcomeSchema.nullable().default(null),
  signature: z.array(z.number().int().min(0).max(1)).default([]),
});
export type TAttempt = z.infer<typeof ZAttemptSchema>;
export type TAttemptInput = z.input<typeof ZAttemptSchema>;

/** Fixed-budget failures are the agent's; they score 0 and stay in the estimand. */
/** `tampered`: a tamper canary of the grade run said the test run was rigged (lib/grading/recipe.ts). */
export const FAILURE_CAUSES = ["agent_timeout", "no_patch", "forbidden_content", "tampered", "patch_apply_failed", "nonzero_exit", "verifier_test_failure"] as const;
export type TFailureCause = (typeof FAILURE_CAUSES)[number];

/** External invalidity is excluded from scoring and reported as attrition. */
export const ATTRITION_CAUSES = ["provider", "runner", "metadata", "protocol", "verifier_infrastructure"] as const;
export type TAttritionCause = (typeof ATTRITION_CAUSES)[number];

export type TRowKey = { family: string; condition: z.infer<typeof ZConditionSchema>; configuration: TConfiguration; repeat: number };

export type TScoredRow = TRowKey & {
  kind: "scored";
  attemptId: string;
  /** Y = Π v_j: 1 only when every final-contract probe passes. */
  success: boolean;
  failure: TFailureCause | null;
  signature: number[];
  /** Provider-limit tries consumed before the selected attempt. */
  providerRetries: number;
};

export type TExcludedRow = TRowKey & { kind: "excluded"; attemptId: string | null; cause: TAttritionCause; providerRetries: number };

/** A completed attempt whose patch has not been graded yet: neither scored nor attrition. */
export type TPendingRow = TRowKey & { kind: "pending"; attemptId: string; providerRetries: number };

export type TDecidedRow = TScoredRow | TExcludedRow | TPendingRow;
