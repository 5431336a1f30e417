// Pure: what grading an agent's patch means — a run's outcome as a grade.
// Forbidden content (a patch writing a file the verifier owns) and tampering (a canary that says
// the test run was rigged) are decided by the grade run itself, from the one grading recipe
// (lib/grading/recipe.ts); both are scored failures.
import type { TGradeOutcome } from "./types";

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
    case "forbidden_content":
      return "forbidden_content";
    case "tampered":
      return "tampered";
    case "empty_collection":
    case "infrastructure_error":
      return "verifier_infrastructure";
    default:
      return null; // queued or running
  }
}

/** Same package + same patch bytes = one run. */
export const gradeRequestMaterial = (packageHash: string, patch: string) => `grade\u0000${packageHash}\u0000${patch}`;
