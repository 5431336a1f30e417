// Pure: request and response shapes (zod) of the histories API.
import { z } from "zod";
import { ZAtomKeySchema, ZConditionSchema, type TAtomRole, type TCondition, type TTurn } from "@/lib/contract";
import { ZIdSchema, ZVersionSchema, INT4_MAX, int4Message } from "./common";
import { ZLeakKindSchema, type THistoryFormat } from "@/lib/contract/types";

export const MAX_TURNS = 200;
export const MAX_TURN_TEXT = 20_000;

const keys = z
  .array(ZAtomKeySchema)
  .max(200, "lists at most 200 atoms")
  .refine((list) => new Set(list).size === list.length, "lists an atom twice");

export const ZTurnInputSchema = z.object({
  text: z.string().max(MAX_TURN_TEXT, `must be at most ${MAX_TURN_TEXT} characters`),
  activated: keys,
  deactivated: keys,
  restated: keys,
});

export const ZTurnsSchema = z.array(ZTurnInputSchema).max(MAX_TURNS, `a history has at most ${MAX_TURNS} turns`);

export const ZHistoryParamsSchema = z.object({ familyId: ZIdSchema, condition: ZConditionSchema });
export const ZRevisionParamsSchema = ZHistoryParamsSchema.extend({
  number: z.coerce.number({ error: "must be a revision number" }).int().positive().max(INT4_MAX, int4Message),
});

/** Save a draft revision's turns, made from `version`. */
export const ZSaveRevisionSchema = z.object({ version: ZVersionSchema, turns: ZTurnsSchema });
export type TSaveRevision = z.infer<typeof ZSaveRevisionSchema>;

export const ZSendToReviewSchema = z.object({
  version: ZVersionSchema,
  /** Also assign the family's default reviewer pair at once. */
  assignDefaultPair: z.boolean().optional(),
});
export type TSendToReview = z.infer<typeof ZSendToReviewSchema>;

/** Start a history (revision 1, optional turns) or a new revision copied from the latest. */
export const ZCreateRevisionSchema = z.object({ turns: ZTurnsSchema.optional() });
export type TCreateRevision = z.infer<typeof ZCreateRevisionSchema>;

export const ZScaffoldSchema = z.object({
  /** Which conditions to fill; every condition by default. */
  conditions: z.array(ZConditionSchema).max(7).optional(),
  /** Replace draft text a curator already wrote: only after the curator confirmed it. */
  overwrite: z.boolean().optional(),
  /** Who writes the turns' text: the configured model when there is one (auto), the templates, or the model only. */
  drafter: z.enum(["auto", "template", "model"]).optional(),
});
export type TScaffold = z.infer<typeof ZScaffoldSchema>;

// ---------------------------------------------------------------------------
// DTOs, shared by the route handlers and the editor
// ---------------------------------------------------------------------------

export type TRevisionStatus = "draft" | "in_review" | "accepted" | "superseded";

export type TRevisionSummaryDto = {
  id: string;
  number: number;
  status: TRevisionStatus;
  version: number;
  sentToReviewAt: string | null;
  createdAt: string;
  updatedAt: string;
  createdBy: { id: string; name: string } | null;
  turnCount: number;
};

/** A curator's decision that one leak-lint hit (turn 1-based, kind, matched text) is not a leak. */
export type TLeakWaiverDto = { turn: number; kind: string; match: string; reason: string };

export type TRevisionDto = Omit<TRevisionSummaryDto, "turnCount"> & { condition: TCondition; turns: TTurn[]; waivers?: TLeakWaiverDto[] };

export const ZWaiveLeakSchema = z.object({
  turn: z.number().int().positive(),
  kind: ZLeakKindSchema,
  match: z.string().min(1).max(500),
  reason: z.string().trim().min(3, "say why this is not a leak").max(2000),
});
export type TWaiveLeak = z.infer<typeof ZWaiveLeakSchema>;

export type THistoryDto = {
  id: string;
  condition: TCondition;
  /** The latest revision: the one the gates, replay runs and reviews use. */
  revision: TRevisionDto;
  revisions: TRevisionSummaryDto[];
};

export type TCatalogAtomDto = { key: string; role: TAtomRole; statement: string; scope: string; inputCondition: string; polarity: "require" | "forbid" | "restore"; observation: string };

export type THistoriesDto = {
  familyId: string;
  frozen: boolean;
  /** Accepted atoms: what turn events may name. */
  catalog: TCatalogAtomDto[];
  /** Keys of every atom of the family (any status), for the leak lint. */
  atomKeys: string[];
  probeTestIds: string[];
  /** Override paths read off the accepted atoms' "replaced by" (for the conditions guidance). */
  overrides?: { replaces: string; by: string[] }[];
  protocol: { historyPath: string; historyFormat: THistoryFormat; agentTimeoutSec: number; retryPolicy: string };
  histories: THistoryDto[];
};

export type TScaffoldResultDto = {
  created: TCondition[];
  filled: TCondition[];
  skipped: { condition: TCondition; reason: string; needsConfirmation: boolean }[];
  /** Who wrote the text: the templates, or the configured model (by name). */
  drafter: { kind: "template" } | { kind: "model"; model: string };
  /** Turns whose model rewrite was not used (it would leak, or the answer was malformed), with why. */
  kept: { condition: TCondition; turn: number; reason: string }[];
};
