import { describe, expect, it } from "vitest";
import { forbiddenContent, gradeOf } from "./grade-rules";

const diff = (path: string) => `diff --git a/${path} b/${path}\n--- a/${path}\n+++ b/${path}\n@@ -1 +1 @@\n-a\n+b\n`;

describe("grading rules", () => {
  const hidden = { hiddenTestPatch: diff("test/secret.test.js"), historyPath: ".specpath/history.md" };

  it("refuses patches that edit the hidden tests, the history file or leave the workspace", () => {
    expect(forbiddenContent(diff("src/index.js"), hidden)).toBeNull();
    expect(forbiddenContent(diff("test/secret.test.js"), hidden)).toBe("the patch edits test/secret.test.js, a file of the hidden tests");
    expect(forbiddenContent(diff(".specpath/history.md"), hidden)).toMatch(/the history file/);
    expect(forbiddenContent(diff("../outside.js"), hidden)).toMatch(/leaves the workspace/);
  });

  it("reads a run's outcome as a grade: timeouts are the agent's, broken collection is infrastructure", () => {
    expect(["passed", "failed", "timeout", "patch_apply_failed", "empty_collection", "infrastructure_error", "queued"].map(gradeOf)).toEqual([
      "passed", "failed", "failed", "patch_apply_failed", "verifier_infrastructure", "verifier_infrastructure", null,
    ]);
  });
});
