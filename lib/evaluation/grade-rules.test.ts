import { describe, expect, it } from "vitest";
import { gradeOf } from "./grade-rules";

describe("grading rules", () => {
  it("reads a run's outcome as a grade: timeouts, forbidden content and tampering are the agent's, broken collection is infrastructure", () => {
    expect(["passed", "failed", "timeout", "patch_apply_failed", "forbidden_content", "tampered", "empty_collection", "infrastructure_error", "queued"].map(gradeOf)).toEqual([
      "passed", "failed", "failed", "patch_apply_failed", "forbidden_content", "tampered", "verifier_infrastructure", "verifier_infrastructure", null,
    ]);
  });
});
