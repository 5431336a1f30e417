// Pure: request and response shapes (zod) for the API.
import { z } from "zod";
import { ZIdSchema, ZVersionSchema } from "./common";

/** The automatic screening steps a candidate PR passes or stops at, in order. */
export const GATE_STEPS = ["found", "merged", "non_bot", "source_and_tests", "not_generated_dominated", "size_ok"] as const;
export const ZGateStepSchema = z.enum(GATE_STEPS);
export type TGateStep = z.infer<typeof ZGateStepSchema>;

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

/** Provenance for a local candidate: its pull request, as a number (`123`, `#123`) or a GitHub URL. */
export const ZCandidateProvenanceSchema = z.object({
  version: ZVersionSchema,
  pr: z.string().trim().min(1, "give the pull request's number or URL").max(500)
    .refine((value) => parsePullReference(value) !== null, "is neither a number like 123 nor a URL like https://github.com/owner/repo/pull/123"),
});
export type TCandidateProvenance = z.infer<typeof ZCandidateProvenanceSchema>;

/** `123`, `#123`, or `https://github.com/owner/repo/pull/123` → its number (and repository when the URL names one). */
export function parsePullReference(value: string): { number: number; repo: string | null } | null {
  const bare = /^#?(\d{1,9})$/.exec(value.trim());
  if (bare) return { number: Number(bare[1]), repo: null };
  const url = /^https?:\/\/(?:www\.)?github\.com\/([\w.-]+)\/([\w.-]+)\/pull\/(\d{1,9})(?:[/?#].*)?$/.exec(value.trim());
  if (url) return { number: Number(url[3]), repo: `${url[1]}/${url[2]}` };
  return null;
}

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
