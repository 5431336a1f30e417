// Pure: the behavioral slice — which files and hunks of the diff are behavior.
import { z } from "zod";
import { classifyPath, type TPathClassRules } from "@/lib/git/classify";
import { ZFileKindSchema } from "@/lib/contract/types";
import { diffFilePath, selectHunks, serializeDiff, ZDiffFileStatusSchema, type TDiff } from "@/lib/git/diff";

export const ZSliceHunkSchema = z.object({
  index: z.number().int().nonnegative(),
  inSlice: z.boolean(),
  reason: z.string().nullable(),
});
export type TSliceHunk = z.infer<typeof ZSliceHunkSchema>;

/** One file of the source diff as evidence: its kind and whether it belongs to the behavioral slice. */
export const ZEvidenceFileSchema = z.object({
  path: z.string(),
  oldPath: z.string().nullable(),
  status: ZDiffFileStatusSchema,
  kind: ZFileKindSchema,
  inSlice: z.boolean(),
  /** Why the file is outside the slice; null when it is in. */
  reason: z.string().nullable(),
  hunks: z.array(ZSliceHunkSchema),
  additions: z.number().int().nonnegative(),
  deletions: z.number().int().nonnegative(),
  binary: z.boolean(),
});
export type TEvidenceFile = z.infer<typeof ZEvidenceFileSchema>;

const DEFAULT_EXCLUSION = {
  generated: "generated file",
  other: "documentation or project configuration, not behavior",
} as const;

/**
 * The diff's files as evidence, with a first proposal for the slice that the curator then edits:
 * source and test files in, generated and other files out with a reason.
 */
export function listEvidenceFiles(diff: TDiff, rules: Partial<TPathClassRules> = {}): TEvidenceFile[] {
  return diff.files.map((file) => {
    const path = diffFilePath(file);
    const kind = classifyPath(path, rules);
    const inSlice = kind === "source" || kind === "test";
    return {
      path,
      oldPath: file.oldPath,
      status: file.status,
      kind,
      inSlice,
      reason: inSlice ? null : DEFAULT_EXCLUSION[kind as "generated" | "other"],
      hunks: file.hunks.map((_, index) => ({ index, inSlice: true, reason: null })),
      additions: file.additions,
      deletions: file.deletions,
      binary: file.binary,
    };
  });
}

export type TSliceDecision = Pick<TEvidenceFile, "path" | "kind" | "inSlice"> & { hunks: Array<Pick<TSliceHunk, "index" | "inSlice">> };

export interface TBehavioralSlice {
  /** In-slice changes outside tests: the reference (gold) patch against the base. */
  goldPatch: string;
  /** In-slice test changes: the hidden test patch applied before the verifier runs. */
  testPatch: string;
}

/** Cuts the behavioral slice out of the source diff. A hunk not listed in a file's decisions stays in. */
export function cutBehavioralSlice(diff: TDiff, decisions: readonly TSliceDecision[]): TBehavioralSlice {
  const patch = (wantTests: boolean) => {
    const chosen = decisions.filter((d) => d.inSlice && (d.kind === "test") === wantTests);
    const selection = chosen.flatMap((decision) => {
      const file = diff.files.find((f) => f.newPath === decision.path || f.oldPath === decision.path);
      const out = new Set(decision.hunks.filter((h) => !h.inSlice).map((h) => h.index));
      if (!file || out.size === 0) return [{ path: decision.path }];
      const hunks = file.hunks.map((_, index) => index).filter((index) => !out.has(index));
      // A file whose every hunk is out has nothing left to change.
      return hunks.length === 0 ? [] : [{ path: decision.path, hunks }];
    });
    return serializeDiff(selectHunks(diff, selection));
  };
  return { goldPatch: patch(false), testPatch: patch(true) };
}
