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
