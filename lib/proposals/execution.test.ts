import { describe, expect, it } from "vitest";
import { changedFunctions, proposeFromExecution } from "./execution";
import { proposeFromTests } from "./heuristic";

const TESTS = `diff --git a/test/clamp.test.js b/test/clamp.test.js
new file mode 100644
--- /dev/null
+++ b/test/clamp.test.js
@@ -0,0 +1,15 @@
+import { describe, test } from "node:test";
+import assert from "node:assert/strict";
+import { clamp } from "../src/range.js";
+
+describe("clamp", () => {
+  test("returns low below the range", () => {
+    assert.equal(clamp(5, 0, 10), 5);
+    assert.equal(clamp(7, 0, 10), 7);
+    assert.equal(clamp(0, 0, 10), 0);
+    assert.equal(clamp(10, 0, 10), 10);
+    assert.equal(clamp(-5, 0, 10), 0);
+  });
+  test("returns high above the range", () => assert.equal(clamp(15, 0, 10), 10));
+  test("keeps the module importable", () => assert.ok(true));
+});
`;

const SOURCE = `diff --git a/src/range.js b/src/range.js
--- a/src/range.js
+++ b/src/range.js
@@ -1,3 +1,8 @@
 function inRange(value, low, high) {
   return value >= low && value <= high;
 }
+
+/** Limits value to [low, high]. */
+export function clamp(value, low, high) {
+  return Math.min(Math.max(value, low), high);
+}
`;

const EXECUTED = [
  { id: "clamp > returns low below the range", gold: "pass", base: "fail", baseMessage: "clamp is not a function" },
  { id: "clamp > returns high above the range", gold: "pass", base: "missing", baseMessage: null },
  { id: "clamp > keeps the module importable", gold: "pass", base: "pass" },
  { id: "inRange accepts the bounds", gold: "pass", base: "pass" },
];

describe("proposeFromExecution", () => {
  it("proposes the tests that fail on base and pass on gold, with every gold-added assertion, the base failure and the changed function as scope", () => {
    const proposals = proposeFromExecution({ testPatch: TESTS, sourcePatch: SOURCE }, EXECUTED);
    expect(proposals.map((p) => p.statement)).toEqual(["Returns low below the range.", "Returns high above the range."]);
    const [low, high] = proposals;
    expect(low!.scope).toBe("clamp(value, low, high)");
    // The text-only proposer stops at the first four asserts and misses the one that matters.
    expect(low!.observation).toContain("assert.equal(clamp(-5, 0, 10), 0);");
    expect(low!.observation).toContain("On the base it fails: clamp is not a function");
    expect(high!.observation).toMatch(/On the base it does not run\./);
    expect(low!.anchors[0]).toMatchObject({ source: "diff", filePath: "test/clamp.test.js", lineStart: 6 });
  });

  it("leaves guard tests (passing on the base too) out, where the text proposer proposes them", () => {
    expect(proposeFromTests({ testPatch: TESTS, existing: [] }).map((p) => p.statement)).toContain("Keeps the module importable.");
    expect(proposeFromExecution({ testPatch: TESTS, sourcePatch: SOURCE }, EXECUTED).map((p) => p.statement)).not.toContain("Keeps the module importable.");
  });

  it("proposes nothing without a base run", () => {
    expect(proposeFromExecution({ testPatch: TESTS, sourcePatch: SOURCE }, EXECUTED.map((t) => ({ ...t, base: null })))).toEqual([]);
  });

  it("reads changed functions from added declarations and hunk headers (JS and Python)", () => {
    expect(changedFunctions(SOURCE).map((f) => f.signature)).toEqual(["clamp(value, low, high)", ]);
    const py = "diff --git a/r.py b/r.py\n--- a/r.py\n+++ b/r.py\n@@ -3,1 +3,1 @@ def clamp(value, low, high):\n-    return value\n+    return min(max(value, low), high)\n";
    expect(changedFunctions(py).map((f) => f.signature)).toEqual(["clamp(value, low, high)"]);
  });
});

describe("atoms from behaviour (issue 23 item 2)", () => {
  it("reads the input condition and the observation from the assertions", () => {
    const [low] = proposeFromExecution({ testPatch: TESTS, sourcePatch: SOURCE }, EXECUTED);
    expect(low!.inputCondition).toBe("called as clamp(5, 0, 10); clamp(7, 0, 10); clamp(0, 0, 10)");
    expect(low!.observation).toContain("Expected: clamp(5, 0, 10) → 5;");
  });

  it("keys proposals by the collected id: two same-named tests in different classes stay two, each with its class", () => {
    const tests = `diff --git a/tests/test_r.py b/tests/test_r.py
--- a/tests/test_r.py
+++ b/tests/test_r.py
@@ -1,2 +1,8 @@
 import unittest
+class LowTest(unittest.TestCase):
+    def test_bound(self):
+        self.assertEqual(clamp(-5, 0, 10), 0)
+class HighTest(unittest.TestCase):
+    def test_bound(self):
+        self.assertEqual(clamp(15, 0, 10), 10)
`;
    const executed = [
      { id: "tests/test_r.py::LowTest::test_bound", gold: "pass", base: "fail" },
      { id: "tests/test_r.py::HighTest::test_bound", gold: "pass", base: "fail" },
    ];
    expect(proposeFromExecution({ testPatch: tests, sourcePatch: SOURCE }, executed).map((p) => p.statement)).toEqual(["LowTest: Bound.", "HighTest: Bound."]);
  });

  it("states a test named \"-\" from what it asserts, and splits one test exercising two changed functions into two behaviours", () => {
    const source = `${SOURCE}@@ -9,0 +14,3 @@\n+export function wrap(value, low, high) {\n+  return value;\n+}\n`;
    const tests = `diff --git a/test/t.test.js b/test/t.test.js
--- a/test/t.test.js
+++ b/test/t.test.js
@@ -1,1 +1,5 @@
 import assert from "node:assert/strict";
+test("-", () => {
+  assert.equal(clamp(-5, 0, 10), 0);
+  assert.equal(wrap(12, 0, 10), 2);
+});
`;
    const proposals = proposeFromExecution({ testPatch: tests, sourcePatch: source }, [{ id: "-", gold: "pass", base: "fail" }]);
    expect(proposals.map((p) => [p.statement, p.scope])).toEqual([
      ["Clamp(-5, 0, 10) gives 0 (clamp).", "clamp(value, low, high)"],
      ["Clamp(-5, 0, 10) gives 0 (wrap).", "wrap(value, low, high)"],
    ]);
    expect(proposals[1]!.inputCondition).toBe("called as wrap(12, 0, 10)");
  });
});
