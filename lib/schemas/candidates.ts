import { z } from "zod";
import { ZGateStepSchema } from "@/lib/anchoring/screening/screen-candidate";
import { ZIdSchema, ZVersionSchema } from "./common";

export const ZCandidateParamsSchema = z.object({ suiteId: ZIdSchema, candidateId: ZIdSchema });

const reason = z.string().trim().min(1, "is required").max(2000, "must be at most 2000 characters");

export const ZAdmitCandidateSchema = z.object({
  version: ZVersionSchema.optional(),
  /** Required to admit a candidate the automatic gate did not keep: why it is admitted anyway. */
  overrideReason: reason.optional(),
});
export type TAdmitCandidate = z.infer<typeof ZAdmitCandidateSchema>;

export const ZRejectCandidateSchema = z.object({
  version: ZVersionSchema.optional(),
  reason,
});
export type TRejectCandidate = z.infer<typeof ZRejectCandidateSchema>;

export const ZCandidateStatusSchema = z.enum(["screened", "admitted", "rejected"]);

export const ZCandidateFilterSchema = z.object({
  /** kept: passed the automatic gate; dropped: did not. */
  verdict: z.enum(["all", "kept", "dropped"]).default("all"),
  /** The funnel step where a dropped candidate left. */
  stoppedAt: ZGateStepSchema.optional(),
  status: ZCandidateStatusSchema.optional(),
  q: z.string().trim().max(200).optional(),
  importJobId: ZIdSchema.optional(),
  take: z.coerce.number().int().min(1).max(500).default(200),
});
export type TCandidateFilter = z.infer<typeof ZCandidateFilterSchema>;
