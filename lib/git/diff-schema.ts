// Pure: the shape of a parsed unified diff.
import { z } from "zod";

export const ZDiffLineSchema = z.object({
  kind: z.enum(["context", "add", "delete"]),
  text: z.string(),
  /** The line is followed by "\ No newline at end of file". */
  noNewlineAtEnd: z.literal(true).optional(),
});
export type TDiffLine = z.infer<typeof ZDiffLineSchema>;

export const ZDiffHunkSchema = z.object({
  oldStart: z.number().int().nonnegative(),
  oldLines: z.number().int().nonnegative(),
  newStart: z.number().int().nonnegative(),
  newLines: z.number().int().nonnegative(),
  /** Text after the closing "@@" (usually the enclosing function), without the separating space. */
  section: z.string(),
  lines: z.array(ZDiffLineSchema),
});
export type TDiffHunk = z.infer<typeof ZDiffHunkSchema>;

export const ZDiffFileStatusSchema = z.enum(["added", "deleted", "modified", "renamed", "copied"]);
export type TDiffFileStatus = z.infer<typeof ZDiffFileStatusSchema>;

export const ZDiffFileSchema = z.object({
  /** null when the file is added. */
  oldPath: z.string().nullable(),
  /** null when the file is deleted. */
  newPath: z.string().nullable(),
  status: ZDiffFileStatusSchema,
  oldMode: z.string().optional(),
  newMode: z.string().optional(),
  similarity: z.number().int().min(0).max(100).optional(),
  dissimilarity: z.number().int().min(0).max(100).optional(),
  /** The "index" header as written, e.g. "3b18e51..a1b2c3d 100644". */
  index: z.string().optional(),
  binary: z.boolean(),
  /** Raw lines of a "GIT binary patch" (git diff --binary), kept so the patch still applies. */
  binaryPatch: z.array(z.string()).optional(),
  hunks: z.array(ZDiffHunkSchema),
  additions: z.number().int().nonnegative(),
  deletions: z.number().int().nonnegative(),
});
export type TDiffFile = z.infer<typeof ZDiffFileSchema>;

export const ZDiffSchema = z.object({ files: z.array(ZDiffFileSchema) });
export type TDiff = z.infer<typeof ZDiffSchema>;

export const ZDiffErrorSchema = z.object({
  /** 1-based line of the diff text where the problem was found. */
  line: z.number().int().positive(),
  message: z.string(),
});
export type TDiffError = z.infer<typeof ZDiffErrorSchema>;

export class DiffParseError extends Error {
  readonly line: number;
  /** The problem without the line prefix. */
  readonly reason: string;
  constructor(line: number, reason: string) {
    super(`line ${line}: ${reason}`);
    this.name = "DiffParseError";
    this.line = line;
    this.reason = reason;
  }
  toJSON(): TDiffError {
    return { line: this.line, message: this.reason };
  }
}

/** The path a file is known by in the change: the new path, or the old one for deletions. */
export function diffFilePath(file: Pick<TDiffFile, "oldPath" | "newPath">): string {
  return file.newPath ?? file.oldPath ?? "";
}
