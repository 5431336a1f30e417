// Pure: The unified-diff toolkit: parse, write back, and cut patches out of a diff.
export * from "./diff-schema";
export { parseDiff } from "./parse-diff";
export { serializeDiff } from "./serialize-diff";
export { selectHunks, DiffSelectionError, ZDiffSelectionSchema, type TDiffSelection } from "./select-hunks";

import { DiffParseError, type TDiff, type TDiffError } from "./diff-schema";
import { parseDiff } from "./parse-diff";

/** parseDiff for boundaries that report errors as data rather than exceptions. */
export function safeParseDiff(text: string): { ok: true; diff: TDiff } | { ok: false; error: TDiffError } {
  try {
    return { ok: true, diff: parseDiff(text) };
  } catch (error) {
    if (error instanceof DiffParseError) return { ok: false, error: error.toJSON() };
    throw error;
  }
}
