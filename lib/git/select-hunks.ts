// Pure: cut chosen files and hunks out of a parsed diff.
import { z } from "zod";
import { diffFilePath, type TDiff, type TDiffFile, type TDiffHunk } from "./diff-schema";

export const ZDiffSelectionSchema = z.array(
  z.object({
    /** The file's new path, or its old path (deleted or renamed files). */
    path: z.string().min(1),
    /** 0-based hunk indexes to keep; omitted = the whole file. */
    hunks: z.array(z.number().int().nonnegative()).optional(),
  }),
);
export type TDiffSelection = z.infer<typeof ZDiffSelectionSchema>;

export class DiffSelectionError extends Error {
  readonly path: string;
  constructor(path: string, message: string) {
    super(`${path}: ${message}`);
    this.name = "DiffSelectionError";
    this.path = path;
  }
}

/**
 * Builds a patch from chosen files and hunks, in the diff's own file order. When some hunks
 * of a file are left out, the new-side line numbers of the later kept hunks are shifted so
 * the patch still applies exactly (git apply, no fuzz).
 */
export function selectHunks(diff: TDiff, selection: TDiffSelection): TDiff {
  const wanted = new Map<TDiffFile, Set<number> | "whole">();
  for (const entry of selection) {
    const file = diff.files.find((f) => f.newPath === entry.path || f.oldPath === entry.path);
    if (!file) throw new DiffSelectionError(entry.path, "no such file in the diff");
    const current = wanted.get(file);
    if (entry.hunks === undefined || current === "whole") wanted.set(file, "whole");
    else wanted.set(file, new Set([...(current ?? []), ...entry.hunks]));
  }
  return {
    files: diff.files.flatMap((f) => {
      const chosen = wanted.get(f);
      return chosen === undefined ? [] : [keepHunks(f, chosen)];
    }),
  };
}

function keepHunks(file: TDiffFile, keep: Set<number> | "whole"): TDiffFile {
  const path = diffFilePath(file);
  if (keep === "whole") return structuredClone(file);
  for (const index of keep) {
    if (index >= file.hunks.length) {
      throw new DiffSelectionError(path, `hunk ${index} does not exist (the file has ${file.hunks.length})`);
    }
  }
  if (keep.size === file.hunks.length) return structuredClone(file);
  if (file.binary || file.status === "added" || file.status === "deleted") {
    throw new DiffSelectionError(path, `an ${file.binary ? "binary" : file.status} file can only be selected whole`);
  }
  const hunks: TDiffHunk[] = [];
  let droppedDelta = 0;
  file.hunks.forEach((hunk, index) => {
    const delta = hunk.newLines - hunk.oldLines;
    if (!keep.has(index)) {
      droppedDelta += delta;
      return;
    }
    hunks.push({ ...structuredClone(hunk), newStart: hunk.newStart - droppedDelta });
  });
  let additions = 0;
  let deletions = 0;
  for (const line of hunks.flatMap((h) => h.lines)) {
    if (line.kind === "add") additions++;
    if (line.kind === "delete") deletions++;
  }
  return { ...structuredClone(file), hunks, additions, deletions };
}
