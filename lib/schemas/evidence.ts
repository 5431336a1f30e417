// Pure: request and response shapes (zod) of the evidence API.
import { z } from "zod";
import { ZFileKindSchema, ZAnchorSourceSchema } from "@/lib/contract/types";
import { ZIdSchema, ZVersionSchema, INT4_MAX, int4Message } from "./common";

export const ZDiffFileParamsSchema = z.object({ familyId: ZIdSchema, fileId: ZIdSchema });
export const ZAnchorParamsSchema = z.object({ familyId: ZIdSchema, anchorId: ZIdSchema });

const reason = z.string().trim().max(2000, "must be at most 2000 characters");

export const ZHunkDecisionSchema = z.object({
  index: z.number().int().nonnegative().max(INT4_MAX, int4Message),
  inSlice: z.boolean(),
  reason: reason.nullable().optional(),
});

/**
 * A curator's change to one diff file: its kind, whether it is in the behavioral slice, and
 * hunk decisions (merged by index). Taking a file or hunk out needs a reason; the check runs on
 * the merged result, so a body may rely on a reason already stored.
 */
export const ZUpdateDiffFileSchema = z.object({
  version: ZVersionSchema,
  kind: ZFileKindSchema.optional(),
  inSlice: z.boolean().optional(),
  reason: reason.nullable().optional(),
  hunks: z.array(ZHunkDecisionSchema).max(10_000).optional(),
});
export type TUpdateDiffFile = z.infer<typeof ZUpdateDiffFileSchema>;

export { ZAnchorSourceSchema };

/**
 * The one evidence-anchor shape, for the evidence tab and the atoms tab alike: a line range
 * of a file in the diff (lines of the file at the merge commit, with the selected text as its
 * quote when there is one), or a quote from the issue, the description or the review.
 */
export const ZCreateAnchorSchema = z
  .object({
    source: ZAnchorSourceSchema,
    filePath: z.string().trim().min(1).max(1000).nullable().optional(),
    lineStart: z.number().int().positive().max(INT4_MAX, int4Message).nullable().optional(),
    lineEnd: z.number().int().positive().max(INT4_MAX, int4Message).nullable().optional(),
    quote: z.string().trim().max(10_000, "must be at most 10,000 characters").optional(),
    atomId: ZIdSchema.nullable().optional(),
  })
  .superRefine((anchor, ctx) => {
    if (anchor.source === "diff") {
      if (!anchor.filePath) ctx.addIssue({ code: "custom", path: ["filePath"], message: "is required for a diff anchor" });
      if (!anchor.lineStart) ctx.addIssue({ code: "custom", path: ["lineStart"], message: "is required for a diff anchor" });
    } else if (!anchor.quote) {
      ctx.addIssue({ code: "custom", path: ["quote"], message: `is required for an anchor in the ${anchor.source}: select some text first` });
    }
    if (anchor.lineStart && anchor.lineEnd && anchor.lineEnd < anchor.lineStart) {
      ctx.addIssue({ code: "custom", path: ["lineEnd"], message: "must not be before lineStart" });
    }
  });
export type TCreateAnchor = z.infer<typeof ZCreateAnchorSchema>;

export const ZEvidenceQuerySchema = z.object({
  /** Also answer, as `opened`, the view of the file the page opens first: this path, or "" for the default (pickFile). */
  open: z.string().max(4096).optional(),
});

export const ZDiffFileQuerySchema = z.object({
  /** Skip the file contents at base and merge (the plain view needs only the hunks). */
  contents: z.enum(["0", "1"]).default("1"),
});

export const ZUpdateEvidenceTextSchema = z.object({
  version: ZVersionSchema,
  issueTitle: z.string().trim().max(500, "must be at most 500 characters").optional(),
  issueBody: z.string().max(100_000, "must be at most 100,000 characters").optional(),
  prTitle: z.string().trim().min(1, "is required").max(500, "must be at most 500 characters").optional(),
  prBody: z.string().max(100_000, "must be at most 100,000 characters").optional(),
});
export type TUpdateEvidenceText = z.infer<typeof ZUpdateEvidenceTextSchema>;
