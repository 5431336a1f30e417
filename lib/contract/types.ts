// Pure: the domain's enums and shapes (atoms, conditions, turns, files), each defined once.
import { z } from "zod";

/** Stable atom identity: `A1`, `A2`, … (never reused inside a family). */
export const ZAtomKeySchema = z
  .string()
  .regex(/^A[1-9][0-9]*$/, "an atom key looks like A1, A2, …");
export type TAtomKey = z.infer<typeof ZAtomKeySchema>;

export const ZPolaritySchema = z.enum(["require", "forbid", "restore"]);
export type TPolarity = z.infer<typeof ZPolaritySchema>;

/** final: in M*; fixed: in P (active in every history); temporary: only on override / cancellation paths. */
export const ZAtomRoleSchema = z.enum(["final", "fixed", "temporary"]);
export type TAtomRole = z.infer<typeof ZAtomRoleSchema>;

/** Where an atom candidate stands in the curator's review. */
export const ZAtomStatusSchema = z.enum(["proposed", "accepted", "rejected", "merged"]);
export type TAtomStatus = z.infer<typeof ZAtomStatusSchema>;

/** What a changed file is, as the diff classifier and the behavioral slice see it. */
export const ZFileKindSchema = z.enum(["source", "test", "generated", "other"]);
export type TFileKind = z.infer<typeof ZFileKindSchema>;

/** How a verifier's test command reports its tests: JUnit XML or TAP. */
export const ZResultFormatSchema = z.enum(["junit", "tap"]);
export type TResultFormat = z.infer<typeof ZResultFormatSchema>;

/** How the execution protocol hands a history to an agent. */
export const ZHistoryFormatSchema = z.enum(["markdown", "json"]);
export type THistoryFormat = z.infer<typeof ZHistoryFormatSchema>;

/** A patch a curator writes (the verifier's hidden tests are stored apart, as its own patch row). */
export const ZPatchKindSchema = z.enum(["gold", "negative", "alternative"]);
export type TPatchKind = z.infer<typeof ZPatchKindSchema>;

/** What an evidence anchor quotes: the diff, the issue, the PR description or a review thread. */
export const ZAnchorSourceSchema = z.enum(["diff", "issue", "description", "review"]);
export type TAnchorSource = z.infer<typeof ZAnchorSourceSchema>;

/** What a frozen package still takes: an annotation of a known asymmetry or an erratum. */
export const ZAnnotationKindSchema = z.enum(["known_asymmetry", "erratum"]);
export type TAnnotationKind = z.infer<typeof ZAnnotationKindSchema>;

/** Every way a run can end (its status once finished; queued, running and cancelled are not outcomes). */
export const RUN_OUTCOMES = ["passed", "failed", "timeout", "patch_apply_failed", "forbidden_content", "tampered", "empty_collection", "infrastructure_error"] as const;
export const ZRunOutcomeSchema = z.enum(RUN_OUTCOMES);
export type TRunOutcome = z.infer<typeof ZRunOutcomeSchema>;

/** What the leak lint flags in a turn's visible text (lib/histories/leak-lint.ts), and a curator may waive. */
export const ZLeakKindSchema = z.enum(["atom_key", "event_label", "role_label", "probe_name"]);
export type TLeakKind = z.infer<typeof ZLeakKindSchema>;

/** What a turn does to an atom: activates, deactivates or restates it (a turn's three lists). */
export const TURN_OPERATION_KINDS = ["activated", "deactivated", "restated"] as const;
export type TTurnOperationKind = (typeof TURN_OPERATION_KINDS)[number];

export const ZAtomSchema = z.object({
  key: ZAtomKeySchema,
  statement: z.string().min(1, "an atom needs a statement"),
  scope: z.string().min(1, "an atom needs a scope"),
  inputCondition: z.string().min(1, "an atom needs an input condition"),
  polarity: ZPolaritySchema,
  observation: z.string().min(1, "an atom needs an observation"),
  role: ZAtomRoleSchema,
});
export type TAtom = z.infer<typeof ZAtomSchema>;

/** The accepted atoms of one family. C* = the final and fixed atoms in it. */
export const ZCatalogSchema = z.array(ZAtomSchema);
export type TCatalog = z.infer<typeof ZCatalogSchema>;

/** The hidden events of one turn: A_t, D_t, R_t. */
export const ZTurnEventsSchema = z.object({
  activated: z.array(ZAtomKeySchema),
  deactivated: z.array(ZAtomKeySchema),
  restated: z.array(ZAtomKeySchema),
});
export type TTurnEvents = z.infer<typeof ZTurnEventsSchema>;

/** One turn of a history: visible text (no atom ids, no event labels) plus its hidden events. */
export const ZTurnSchema = ZTurnEventsSchema.extend({ text: z.string() });
export type TTurn = z.infer<typeof ZTurnSchema>;

/** The hidden trace Z_H: the event sets of every turn, in order. */
export const ZTraceSchema = z.array(ZTurnEventsSchema);
export type TTrace = z.infer<typeof ZTraceSchema>;

export const CORE_CONDITIONS = ["direct", "duplicate", "split", "override", "cancellation"] as const;
export const CONTROL_CONDITIONS = ["paraphrase_direct", "length_matched"] as const;
export const CONDITIONS = [...CORE_CONDITIONS, ...CONTROL_CONDITIONS] as const;

export const ZConditionSchema = z.enum(CONDITIONS);
export type TCondition = z.infer<typeof ZConditionSchema>;
export type TCoreCondition = (typeof CORE_CONDITIONS)[number];

export const ZHistorySchema = z.object({
  condition: ZConditionSchema,
  turns: z.array(ZTurnSchema),
});
export type THistory = z.infer<typeof ZHistorySchema>;

/** Anything with a hidden trace: a history, or a bare list of turn events. */
export type TTraced = { readonly turns: readonly TTurnEvents[] };

export type TContractErrorCode =
  // catalog
  | "duplicate_atom_key"
  // replay (equation 2)
  | "empty_history"
  | "unknown_atom"
  | "deactivate_inactive"
  | "restate_inactive"
  | "activate_and_deactivate"
  // condition structure (ARCHITECTURE §3)
  | "turn_count"
  | "missing_final"
  | "unexpected_activation"
  | "unexpected_deactivation"
  | "unexpected_restatement"
  | "already_active"
  | "fixed_deactivated"
  | "no_restatement"
  | "no_activation"
  | "not_split"
  | "all_repeated_at_end"
  | "no_override"
  | "no_replacement"
  | "no_cancellation"
  | "temporary_left_active"
  | "neutral_turn_has_events"
  | "events_differ"
  | "same_wording"
  | "length_turns"
  | "length_tokens"
  | "missing_reference"
  // scaffolding
  | "scaffold_catalog"
  | "padding_unreachable";

/**
 * A rule broken by a trace or catalog, as data. `turn` is 1-based like the
 * paper's t, or null when the problem concerns the whole history.
 */
export type TContractError = {
  turn: number | null;
  code: TContractErrorCode;
  atomKey: string | null;
  message: string;
};

export type TResult<T> = { ok: true; value: T } | { ok: false; errors: TContractError[] };

export function contractError(
  code: TContractErrorCode,
  turn: number | null,
  atomKey: string | null,
  message: string,
): TContractError {
  return { turn, code, atomKey, message };
}
