// Pure: request and response shapes (zod) of the reviews API.
import { z } from "zod";
import { ZIdSchema, ZVersionSchema } from "./common";

const labels = z
  .array(z.string().trim().min(1).max(16))
  .max(200, "lists at most 200 entries")
  .refine((list) => new Set(list).size === list.length, "lists an entry twice");

/** A reviewer's encoding of one turn, in catalog labels (never atom keys). */
export const ZReviewTurnSchema = z.object({
  turn: z.number({ error: "must be a turn number" }).int().positive(),
  activate: labels,
  deactivate: labels,
  restate: labels,
});

export const ZReviewDraftSchema = z.object({
  version: ZVersionSchema,
  operations: z.array(ZReviewTurnSchema).max(200),
  finalSet: labels,
  freeText: z.array(z.string().trim().min(1, "is empty").max(2000)).max(50),
  ambiguous: z.boolean(),
  ambiguityNote: z.string().max(4000).nullable(),
});
export type TReviewDraft = z.infer<typeof ZReviewDraftSchema>;

export const ZSubmitReviewSchema = z.object({ version: ZVersionSchema });
export type TSubmitReview = z.infer<typeof ZSubmitReviewSchema>;

export const ZAssignmentParamsSchema = z.object({ assignmentId: ZIdSchema });

export const ZAssignReviewerSchema = z.object({
  revisionId: ZIdSchema,
  reviewerId: ZIdSchema,
  /** Needed to re-assign someone who reviewed an earlier revision of the same history. */
  overrideReason: z.string().trim().min(1, "is empty").max(2000).optional(),
});
export type TAssignReviewer = z.infer<typeof ZAssignReviewerSchema>;

export const ZDefaultPairSchema = z.object({
  version: ZVersionSchema,
  reviewerIds: z.array(ZIdSchema).max(2).refine((ids) => new Set(ids).size === ids.length, "names the same reviewer twice"),
});
export type TDefaultPair = z.infer<typeof ZDefaultPairSchema>;

export const ZRevealReviewSchema = z.object({ reason: z.string().trim().min(1, "is required").max(2000) });

export const ZAdjudicationSchema = z.object({
  revisionId: ZIdSchema,
  decision: z.enum(["accept", "revise"]),
  rationale: z.string().trim().min(1, "is required: say why").max(4000),
  /** A standing decision on the same revision this one replaces. */
  supersedesId: ZIdSchema.optional(),
});
export type TAdjudication = z.infer<typeof ZAdjudicationSchema>;

// ---------------------------------------------------------------------------
// The reviewer's DTOs: the whole allow-list of what a reviewer ever receives.
// ---------------------------------------------------------------------------

export type TReviewerCatalogEntry = { label: string; statement: string; scope: string; inputCondition: string; polarity: string; observation: string };

export type TReviewerDraft = {
  version: number;
  operations: z.infer<typeof ZReviewTurnSchema>[];
  finalSet: string[];
  freeText: string[];
  ambiguous: boolean;
  ambiguityNote: string | null;
  submittedAt: string | null;
};

export type TReviewerWorkspace = {
  assignmentId: string;
  label: string;
  status: "assigned" | "submitted";
  /** The visible turns, and the file exactly as the execution protocol hands it to an agent. */
  turns: { turn: number; text: string }[];
  rendered: { path: string; content: string };
  catalog: TReviewerCatalogEntry[];
  draft: TReviewerDraft;
};

export type TInboxItem = { assignmentId: string; label: string; status: "assigned" | "submitted"; assignedAt: string; submittedAt: string | null };
