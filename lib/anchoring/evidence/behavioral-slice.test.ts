import { describe, expect, it } from "vitest";
import { parseDiff } from "@/lib/git/diff";
import { cutBehavioralSlice, listEvidenceFiles } from "./behavioral-slice";

const diff = parseDiff(`diff --git a/src/time.py b/src/time.py
index 1111111..2222222 100644
--- a/src/time.py
+++ b/src/time.py
@@ -1,3 +1,3 @@ def normalize_day(day):
 def normalize_day(day):
-    return day
+    return day % 7
 
@@ -20,2 +20,2 @@ COORD = re.compile(
-    r"\\d+"
+    r"-?\\d+"
 )
diff --git a/tests/test_time.py b/tests/test_time.py
new file mode 100644
--- /dev/null
+++ b/tests/test_time.py
@@ -0,0 +1,2 @@
+def test_day_wraps():
+    assert normalize_day(8) == 1
diff --git a/poetry.lock b/poetry.lock
--- a/poetry.lock
+++ b/poetry.lock
@@ -1 +1 @@
-x = 1
+x = 2
diff --git a/CHANGELOG.md b/CHANGELOG.md
--- a/CHANGELOG.md
+++ b/CHANGELOG.md
@@ -1 +1,2 @@
 # Changes
+- wrap days
`);

describe("listEvidenceFiles", () => {
  it("classifies every file and proposes source and tests for the slice", () => {
    expect(listEvidenceFiles(diff).map((f) => [f.path, f.kind, f.inSlice, f.reason, f.hunks.length])).toEqual([
      ["src/time.py", "source", true, null, 2],
      ["tests/test_time.py", "test", true, null, 1],
      ["poetry.lock", "generated", false, "generated file", 1],
      ["CHANGELOG.md", "other", false, "documentation or project configuration, not behavior", 1],
    ]);
  });
});

describe("cutBehavioralSlice", () => {
  it("splits the in-slice change into a gold patch and a hidden test patch, leaving out excluded hunks", () => {
    const files = listEvidenceFiles(diff);
    files[0]!.hunks[1] = { index: 1, inSlice: false, reason: "coordinate regex is outside the contract" };
    const { goldPatch, testPatch } = cutBehavioralSlice(diff, files);

    const gold = parseDiff(goldPatch);
    expect(gold.files.map((f) => f.newPath)).toEqual(["src/time.py"]);
    expect(gold.files[0]!.hunks).toHaveLength(1);
    expect(goldPatch).toContain("+    return day % 7");
    expect(goldPatch).not.toContain("-?");
    expect(parseDiff(testPatch).files.map((f) => [f.status, f.newPath])).toEqual([["added", "tests/test_time.py"]]);
  });

  it("gives empty patches when nothing is in the slice", () => {
    const files = listEvidenceFiles(diff).map((f) => ({ ...f, inSlice: false }));
    expect(cutBehavioralSlice(diff, files)).toEqual({ goldPatch: "", testPatch: "" });
  });
});
