// Pure: request and response shapes (zod) for the API.
import { z } from "zod";
import { ZIdSchema, INT4_MAX, int4Message } from "./common";

export const ZGithubRepoSlugSchema = z
  .string()
  .regex(/^[\w.-]+\/[\w.-]+$/, 'expected "owner/name"');

const optionalDate = z
  .union([z.iso.date({ error: "must be a date like 2024-05-01" }), z.literal("")])
  .transform((value) => value || undefined)
  .optional();

export const ZLocalImportSchema = z.object({
  source: z.literal("local"),
  /** A path on the studio's machine or a clone URL. */
  repo: z.string().trim().min(1, "is required: a repository path or clone URL").max(2000, "is too long"),
  /** Branch to walk; the repository's default branch when empty. */
  ref: z
    .string()
    .trim()
    .max(200)
    .regex(/^[^\s-][^\s]*$|^$/, "must be a branch name")
    .transform((value) => value || undefined)
    .optional(),
});

export const ZGithubImportSchema = z.object({
  source: z.literal("github"),
  repo: z.string().trim().pipe(ZGithubRepoSlugSchema),
  query: z.string().trim().max(500, "is too long").transform((value) => value || undefined).optional(),
  mergedFrom: optionalDate,
  mergedTo: optionalDate,
  /** Pull requests per GitHub page (default 50). */
  perPage: z.number().int().min(1).max(100).optional(),
});

export const ZStartImportSchema = z.discriminatedUnion("source", [ZLocalImportSchema, ZGithubImportSchema], {
  error: 'source must be "local" or "github"',
});
export type TStartImport = z.infer<typeof ZStartImportSchema>;

/** What an ImportJob stores in `query`, besides source and repo. */
export const ZImportQuerySchema = z.object({
  ref: z.string().optional(),
  query: z.string().optional(),
  mergedFrom: z.string().optional(),
  mergedTo: z.string().optional(),
  perPage: z.number().int().min(1).max(100).optional(),
});
export type TImportQuery = z.infer<typeof ZImportQuerySchema>;

/** A local import resumes after the candidates already written for the same branch tip. */
export const ZLocalImportCursorSchema = z.object({ head: z.string(), written: z.number().int().nonnegative().max(INT4_MAX, int4Message) });
export type TLocalImportCursor = z.infer<typeof ZLocalImportCursorSchema>;

export const ZImportStatusSchema = z.enum(["queued", "running", "waiting", "done", "failed"]);
export type TImportStatus = z.infer<typeof ZImportStatusSchema>;

export const ZImportParamsSchema = z.object({ importId: ZIdSchema });
