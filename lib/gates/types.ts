// Pure: the facts a gate report is computed from, and the report's shape.
import { z } from "zod";
import { ZAtomKeySchema, ZAtomRoleSchema, ZAtomStatusSchema, ZConditionSchema, ZFileKindSchema, ZPolaritySchema, ZTurnSchema, ZPatchKindSchema, RUN_OUTCOMES } from "../contract/types";
import type { TStageKey } from "./stages";
import { ZOracleAuditFactsSchema } from "./oracle-audit-facts";

// ---------------------------------------------------------------------------
// Facts: everything the gates read, gathered by the data layer (or a CLI) and
// passed in as plain data. Later stages add their own optional facts.
// ---------------------------------------------------------------------------

export const ZDiffFileFactSchema = z.object({
  path: z.string(),
  kind: ZFileKindSchema,
  inSlice: z.boolean(),
  /** Why the file is outside the behavioral slice; required when inSlice is false. */
  reason: z.string().nullable(),
  /** Per-hunk slice decisions inside a file that is in the slice. */
  hunks: z.array(z.object({ index: z.number().int().nonnegative(), inSlice: z.boolean(), reason: z.string().nullable() })),
});
export type TDiffFileFact = z.infer<typeof ZDiffFileFactSchema>;

export const ZAnchoringFactsSchema = z.object({
  repo: z.string().nullable(),
  prNumber: z.number().int().positive().nullable(),
  baseCommit: z.string().nullable(),
  mergeCommit: z.string().nullable(),
  /** Whether each was found on the remote: null while nobody has checked yet. */
  resolved: z.object({
    repo: z.boolean().nullable(),
    baseCommit: z.boolean().nullable(),
    mergeCommit: z.boolean().nullable(),
  }),
  /** Which kinds of evidence were captured (non-empty). */
  evidence: z.object({ issue: z.boolean(), description: z.boolean(), review: z.boolean(), diff: z.boolean() }),
  files: z.array(ZDiffFileFactSchema),
});
export type TAnchoringFacts = z.infer<typeof ZAnchoringFactsSchema>;

/** An atom candidate in any status; fields may still be blank before acceptance. */
export const ZAtomFactSchema = z.object({
  key: ZAtomKeySchema,
  status: ZAtomStatusSchema,
  role: ZAtomRoleSchema,
  statement: z.string(),
  scope: z.string(),
  inputCondition: z.string(),
  polarity: ZPolaritySchema.nullable(),
  observation: z.string(),
  /** Required for rejected and merged candidates. */
  reason: z.string().nullable(),
  mergedInto: ZAtomKeySchema.nullable(),
  /** A temporary atom: the final atoms that replace it in the override history (unknown when absent). */
  replacedBy: z.array(ZAtomKeySchema).optional(),
});
export type TAtomFact = z.infer<typeof ZAtomFactSchema>;

/** Probes in verifier order; a run's signature bits follow its own probeIds. */
export const ZProbeFactSchema = z.object({
  id: z.string(),
  testId: z.string(),
  atomKeys: z.array(ZAtomKeySchema),
  /** The last collection no longer found this test: coverage through it is not real. */
  stale: z.boolean().optional(),
  /**
   * A guard test (PASS_TO_PASS): covers no atom, must pass on gold and on every
   * alternative, is reported but not required to fail on base.
   */
  guard: z.boolean().optional(),
  /** The last collection saw this test pass on the unmodified base too: it cannot tell gold from the base. */
  passesOnBase: z.boolean().optional(),
});
export type TProbeFact = z.infer<typeof ZProbeFactSchema>;

export const ZPatchFactSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: ZPatchKindSchema,
  /** The atom a negative removes or reverses. */
  targetAtomKey: ZAtomKeySchema.nullable(),
  /** The diff changes nothing. */
  empty: z.boolean(),
  /** The diff is the gold diff (a negative must differ from gold). */
  identicalToGold: z.boolean(),
});
export type TPatchFact = z.infer<typeof ZPatchFactSchema>;

/** The current revision of each history (one per condition). */
export const ZHistoryFactSchema = z.object({
  revisionId: z.string(),
  condition: ZConditionSchema,
  turns: z.array(ZTurnSchema),
  /** Leak-lint hits a curator waived, with a reason, for this revision (turn 1-based). */
  waivers: z.array(z.object({ turn: z.number().int().positive(), kind: z.string(), match: z.string() })).optional(),
});
export type THistoryFact = z.infer<typeof ZHistoryFactSchema>;

export const ZRunKindSchema = z.enum(["checkout", "collect", "calibrate", "replay", "oracle_audit", "counterfactual", "grade", "mine"]);
/** A run's status: waiting, running, one of the outcomes, or cancelled. */
export const ZRunStatusSchema = z.enum(["queued", "running", ...RUN_OUTCOMES, "cancelled"]);
export type TRunStatus = z.infer<typeof ZRunStatusSchema>;

/**
 * One validation job, current state. `patchId` null means the unmodified base.
 * `signature` is one '0'/'1' per entry of `probeIds` (equation 4); runs whose
 * probeIds are not the current probe list, or that are `outdated`, are stale and ignored. Runs are listed
 * in creation order. Loaders should share one probeIds array per verifier version.
 */
export const ZRunFactSchema = z.object({
  id: z.string(),
  kind: ZRunKindSchema,
  patchId: z.string().nullable(),
  historyRevisionId: z.string().nullable(),
  status: ZRunStatusSchema,
  probeIds: z.array(z.string()),
  signature: z.string().regex(/^[01]*$/, "a signature is a string of 0 and 1").nullable(),
  message: z.string().nullable(),
  /**
   * The run executed content the family no longer has (an edited or deleted patch,
   * another probe list or hidden tests, an edited history): shown as history, never counted.
   */
  outdated: z.boolean().optional(),
});
export type TRunFact = z.infer<typeof ZRunFactSchema>;

/** Stage 5: the reviews of each current history revision (lib/gates/audit.ts). */
export const ZReviewFactSchema = z.object({
  reviewId: z.string(),
  reviewerId: z.string(),
  reviewerName: z.string(),
  reviewerIsCurator: z.boolean(),
  submitted: z.boolean(),
  finalSet: z.array(ZAtomKeySchema),
  ambiguous: z.boolean(),
});
export const ZRevisionReviewsFactSchema = z.object({
  revisionId: z.string(),
  number: z.number().int().positive(),
  /** draft | in_review | accepted | superseded */
  status: z.string(),
  reviews: z.array(ZReviewFactSchema),
  /** Reviews a standing accept decision covers (its rationale explains the difference). */
  acceptedReviewIds: z.array(z.string()),
});
export type TRevisionReviewsFact = z.infer<typeof ZRevisionReviewsFactSchema>;

export const ZFreezeFactSchema = z.object({ packageHash: z.string(), frozenAt: z.string(), frozenBy: z.string() });

export const ZFamilyFactsSchema = z.object({
  anchoring: ZAnchoringFactsSchema,
  atoms: z.array(ZAtomFactSchema),
  probes: z.array(ZProbeFactSchema),
  patches: z.array(ZPatchFactSchema),
  histories: z.array(ZHistoryFactSchema),
  runs: z.array(ZRunFactSchema),
  freeze: ZFreezeFactSchema.nullable(),
  /** Stage 5 facts; absent when a loader does not gather them (the audit gate then waits). */
  reviews: z.array(ZRevisionReviewsFactSchema).optional(),
  oracleAudit: ZOracleAuditFactsSchema.optional(),
});
export type TFamilyFacts = z.infer<typeof ZFamilyFactsSchema>;

// ---------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------

/** pass: checked and green. fail: checked and wrong. pending: not decidable yet (a job is queued, an artifact does not exist yet, or an earlier stage is not green). */
export type TGateStatus = "pass" | "fail" | "pending";

export type TGateEvidence = { label: string; detail: string };

export type TGate = {
  stage: TStageKey;
  /** Stable within a stage, e.g. "provenance"; (stage, key) identifies a gate of the report. */
  key: string;
  title: string;
  status: TGateStatus;
  evidence: TGateEvidence[];
  /** What is wrong or missing, for people; null when the gate passes. */
  missing: string | null;
};

export type TStageReport = {
  stage: TStageKey;
  title: string;
  status: TGateStatus;
  /** The previous stage is not green: this stage reports pending whatever its gates say. */
  locked: boolean;
  missing: string | null;
  gates: TGate[];
};

export type TGateReport = {
  status: TGateStatus;
  /** The first stage that is not green, or null when every stage is. */
  openStage: TStageKey | null;
  stages: TStageReport[];
};
