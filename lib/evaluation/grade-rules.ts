// Pure: what grading an agent's patch means — forbidden content, and a run's outcome as a grade.
import { patchPaths, unsafePathReason } from "../../workers/runner/patch-paths";
import type { TGradeOutcome } from "./types";

/**
 * Why an agent's patch is forbidden content (a fixed-budget failure, not attrition), or null:
 * it may not write outside the workspace, edit the hidden tests the verifier adds, or the history file.
 */
export function forbiddenContent(patch: string, hidden: { hiddenTestPatch: string; historyPath: string }): string | null {
  const hiddenPaths = new Set(patchPaths(hidden.hiddenTestPatch));
  for (const path of patchPaths(patch)) {
    const unsafe = unsafePathReason(path);
    if (unsafe) return `the patch writes an ${unsafe}`;
    if (hiddenPaths.has(path)) return `the patch edits ${path}, a file of the hidden tests`;
    if (path === hidden.historyPath) return `the patch edits ${path}, the history file`;
  }
  return null;
}

/** A grade run's stored status as the method's grade. A verifier timeout is the agent's code, not infrastructure. */
export function gradeOf(runStatus: string): TGradeOutcome | null {
  switch (runStatus) {
    case "passed":
      return "passed";
    case "failed":
    case "timeout":
      return "failed";
    case "patch_apply_failed":
      return "patch_apply_failed";
    case "empty_collection":
    case "infrastructure_error":
      return "verifier_infrastructure";
    default:
      return null; // queued or running
  }
}

/** Same package + same patch bytes = one run. */
export const gradeRequestMaterial = (packageHash: string, patch: string) => `grade\u0000${packageHash}\u0000${patch}`;
