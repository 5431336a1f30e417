import { describe, expect, it } from "vitest";
import { findChangedTests, polarityFromName, statementFromName } from "./changed-tests";
import { proposeFromTests } from "./heuristic";

// The demo PR's hidden test patch (lib/demo/demo-repo.ts), as git writes it.
const NODE_TESTS = `diff --git a/test/secrets.test.js b/test/secrets.test.js
new file mode 100644
index 0000000..f42b661
--- /dev/null
+++ b/test/secrets.test.js
@@ -0,0 +1,16 @@
+import { test } from "node:test";
+import assert from "node:assert/strict";
+import { setSecret, getSecret, SecretNotFoundError } from "../src/secrets.js";
+
+test("required lookup of a missing secret throws SecretNotFoundError", () => {
+  assert.throws(() => getSecret("MISSING_REQUIRED"), SecretNotFoundError);
+});
+
+test("optional lookup of a missing secret returns null", () => {
+  assert.equal(getSecret("MISSING_OPTIONAL", { optional: true }), null);
+});
+
+test("optional lookup of a present secret returns its value", () => {
+  setSecret("PRESENT", "v1");
+  assert.equal(getSecret("PRESENT", { optional: true }), "v1");
+});
`;

// A pytest change: one test changed in place (its def is only in the hunk header), one added,
// one untouched test in the context.
const PYTEST_CHANGE = `diff --git a/tests/test_schedule.py b/tests/test_schedule.py
index 1111111..2222222 100644
--- a/tests/test_schedule.py
+++ b/tests/test_schedule.py
@@ -10,5 +10,5 @@ def test_day_of_week_is_normalized():
     schedule = Schedule(day="MON")
-    assert schedule.day == "MON"
+    assert schedule.day == 0
 
 def test_unrelated_context():
     assert True
@@ -30,1 +30,6 @@ def test_other():
     pass
+
+def test_hour_out_of_range_does_not_wrap():
+    with pytest.raises(ValueError):
+        Schedule(hour=24)
+    assert Schedule(hour=23).hour == 23
`;

describe("heuristic proposer", () => {
  it("proposes one candidate per added test, named by the test and observed by its assertion, anchored to its lines", () => {
    const proposals = proposeFromTests({ testPatch: NODE_TESTS, existing: [] });
    expect(proposals.map((p) => p.statement)).toEqual([
      "Required lookup of a missing secret throws SecretNotFoundError.",
      "Optional lookup of a missing secret returns null.",
      "Optional lookup of a present secret returns its value.",
    ]);
    expect(proposals[0]!.observation).toBe('assert.throws(() => getSecret("MISSING_REQUIRED"), SecretNotFoundError);');
    expect(proposals[2]!.observation).toBe('assert.equal(getSecret("PRESENT", { optional: true }), "v1");');
    expect(proposals.every((p) => p.polarity === "require" && p.role === "final" && p.scope === "")).toBe(true);
    expect(proposals[1]!.anchors).toEqual([
      { source: "diff", filePath: "test/secrets.test.js", lineStart: 9, lineEnd: 11, quote: 'test("optional lookup of a missing secret returns null", () => {' },
    ]);
  });

  it("finds a test changed in place through the hunk header, skips untouched tests, and reads a prohibition only from the name", () => {
    const tests = findChangedTests(PYTEST_CHANGE);
    expect(tests.map((t) => t.name)).toEqual(["test_day_of_week_is_normalized", "test_hour_out_of_range_does_not_wrap"]);
    const proposals = proposeFromTests({ testPatch: PYTEST_CHANGE, existing: [] });
    expect(proposals[0]).toMatchObject({ statement: "Day of week is normalized.", polarity: "require", observation: 'assert schedule.day == 0' });
    expect(proposals[0]!.anchors[0]).toMatchObject({ filePath: "tests/test_schedule.py", lineStart: 11, lineEnd: 11 });
    expect(proposals[1]).toMatchObject({ statement: "Hour out of range does not wrap.", polarity: "forbid" });
    expect(proposals[1]!.observation).toBe("with pytest.raises(ValueError):\nassert Schedule(hour=23).hour == 23");
  });

  it("does not repeat a statement already in the catalog", () => {
    const proposals = proposeFromTests({ testPatch: NODE_TESTS, existing: ["optional lookup of a missing secret returns NULL"] });
    expect(proposals.map((p) => p.statement)).not.toContain("Optional lookup of a missing secret returns null.");
    expect(proposals).toHaveLength(2);
  });

  it("proposes nothing from an empty or malformed test diff", () => {
    expect(proposeFromTests({ testPatch: "", existing: [] })).toEqual([]);
    expect(proposeFromTests({ testPatch: "@@ -1,2 +1,2 @@\n-a\n", existing: [] })).toEqual([]);
  });

  it("recognises Go, Rust and JUnit test declarations", () => {
    const diff = `diff --git a/x_test.go b/x_test.go
--- a/x_test.go
+++ b/x_test.go
@@ -1,1 +1,9 @@
 package x
+func TestParseRejectsEmptyInput(t *testing.T) {
+	if _, err := Parse(""); err == nil { t.Fatal("want error") }
+}
+#[test]
+fn keeps_order() { assert_eq!(sort(v), v); }
+@Test
+void returnsDefaultPort() { assertEquals(80, port()); }
+// end
`;
    expect(findChangedTests(diff).map((t) => t.name)).toEqual(["TestParseRejectsEmptyInput", "keeps_order", "returnsDefaultPort"]);
    expect(statementFromName("TestParseRejectsEmptyInput")).toBe("Parse rejects empty input.");
    expect(polarityFromName("TestParseRejectsEmptyInput")).toBe("require");
    expect(polarityFromName("TestParseNeverPanics")).toBe("forbid");
    expect(polarityFromName("returns the value")).toBe("require");
  });
});

describe("whitespace-only rewrites (issue 23 item 2)", () => {
  it("proposes no atom from an old test that was only re-indented", async () => {
    const { proposeFromTests } = await import("./heuristic");
    const patch = `diff --git a/test/a.test.js b/test/a.test.js
--- a/test/a.test.js
+++ b/test/a.test.js
@@ -1,3 +1,3 @@
-test("keeps the old behaviour", () => {
-  assert.equal(f(1), 1);
+test("keeps the old behaviour", () =>  {
+    assert.equal(f(1), 1);
 });
`;
    expect(proposeFromTests({ testPatch: patch, existing: [] })).toEqual([]);
  });
});
