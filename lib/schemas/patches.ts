// Pure: request and response shapes (zod) of the patches API.
import { z } from "zod";
import { ZIdSchema, ZVersionSchema, INT4_MAX, int4Message } from "./common";
import { ZPatchKindSchema, type TPatchKind } from "@/lib/contract/types";

/**
 * Patch uploads (gold, negatives, alternatives, the hidden test patch) may be up to 2 MiB
 * of JSON; larger bodies get 413. A focused behavioral slice is far smaller than this.
 */
export const PATCH_MAX_BODY_BYTES = 2 * 1024 * 1024;
const MAX_DIFF_CHARS = PATCH_MAX_BODY_BYTES;

export { ZPatchKindSchema, type TPatchKind };
export const ZNegativeModeSchema = z.enum(["remove", "reverse"]);
export type TNegativeMode = z.infer<typeof ZNegativeModeSchema>;

export const ZDiffTextSchema = z.string().max(MAX_DIFF_CHARS, "is larger than the 2 MiB patch limit");

const ZPatchNameSchema = z
  .string()
  .trim()
  .min(1, "is required")
  .max(100, "must be at most 100 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "may hold letters, digits, '.', '_' and '-' only");

export const ZCreatePatchSchema = z.object({
  kind: ZPatchKindSchema,
  name: ZPatchNameSchema,
  diff: ZDiffTextSchema,
  /** Negatives only: the accepted final atom this patch removes or reverses. */
  targetAtomId: ZIdSchema.nullish(),
  mode: ZNegativeModeSchema.nullish(),
});
export type TCreatePatch = z.infer<typeof ZCreatePatchSchema>;

export const ZUpdatePatchSchema = z.object({
  version: ZVersionSchema,
  name: ZPatchNameSchema.optional(),
  diff: ZDiffTextSchema.optional(),
  targetAtomId: ZIdSchema.nullish(),
  mode: ZNegativeModeSchema.nullish(),
});
export type TUpdatePatch = z.infer<typeof ZUpdatePatchSchema>;

export const ZPatchParamsSchema = z.object({ familyId: ZIdSchema, patchId: ZIdSchema });

export const ZDeletePatchQuerySchema = z.object({ version: z.coerce.number().int().positive().max(INT4_MAX, int4Message) });

/** Why a patch was refused, in a shape the editor can show beside the text. */
export type TPatchProblem = {
  rule: "malformed" | "empty" | "empty_negative" | "unknown_file" | "does_not_apply" | "target";
  message: string;
  /** 1-based line of the patch text, when the parser knows it. */
  line?: number;
  file?: string;
  /** git's own words, when git refused the patch. */
  gitMessage?: string;
  /** The hunk git could not apply, as text. */
  hunk?: string;
};

export type TPatchDto = {
  id: string;
  kind: TPatchKind;
  name: string;
  targetAtomId: string | null;
  targetAtomKey: string | null;
  mode: TNegativeMode | null;
  diff: string;
  version: number;
  updatedAt: string;
  stats: { files: number; additions: number; deletions: number };
};

export type TPatchesDto = {
  patches: TPatchDto[];
  /** The in-slice source diff, offered as the gold patch while there is none. */
  defaultGold: string;
  /** Accepted final atoms that have no negative yet (the calibration gate needs one each). */
  finalAtomsWithoutNegative: string[];
};
