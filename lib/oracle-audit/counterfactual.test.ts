import { describe, expect, it } from "vitest";
import { mutateGoldWithTrees } from "./audit-files";
import { counterfactualOutcome, counterfactualSummary, judgeCounterfactual, mutateGold } from "./counterfactual";

const GOLD = `diff --git a/src/rest/handler.js b/src/rest/handler.js
new file mode 100644
--- /dev/null
+++ b/src/rest/handler.js
@@ -0,0 +2 @@
+export function valueSSE(v) { return \`data: \${v}\`; }
+export function parse(s) { if (!s) throw new Error("empty event stream"); return valueSSE(s); }
diff --git a/test/sse.test.js b/test/sse.test.js
--- a/test/sse.test.js
+++ b/test/sse.test.js
@@ -1 +1,2 @@
 import x from "y";
+import { valueSSE } from "../src/rest/handler.js";
`;

describe("counterfactual mutations", () => {
  it("renames every occurrence of a name in gold's added non-test lines only", () => {
    const m = mutateGold(GOLD, { kind: "name", value: "valueSSE", match: null });
    expect(m.ok && m.edits).toBe(2);
    if (!m.ok) return;
    expect(m.patch).toContain("export function valueSSEAlt(v)");
    expect(m.patch).toContain("return valueSSEAlt(s)");
    expect(m.patch).toContain('+import { valueSSE } from "../src/rest/handler.js";');
    expect(m.patch.split("\n").length).toBe(GOLD.split("\n").length);
  });
  it("changes a literal, or the longest word of a pattern", () => {
    const exact = mutateGold(GOLD, { kind: "literal", value: "empty event stream", match: "exact" });
    expect(exact.ok && exact.patch).toContain('"e~mpty event stream"');
    const regex = mutateGold(GOLD, { kind: "literal", value: "event\\s+stream", match: "regex" });
    expect(regex.ok && regex.mutation).toMatch(/stream|event/);
    expect(mutateGold(GOLD, { kind: "name", value: "absent", match: null }).ok).toBe(false);
  });
  it("changes a piece of punctuation a concatenated output ends with where gold's string writes its edge", () => {
    // object-inspect-global (first held-out set): `'] } ]'` of `'[ { [object ' + expected + '] } ]'`; gold writes
    // `'{ [object global] }'`, whose end is the piece's start. It was "gold's non-test code never writes" (error).
    const diff = "diff --git a/index.js b/index.js\n--- a/index.js\n+++ b/index.js\n@@ -1 +1,2 @@\n module.exports = 1;\n+var g = '{ [object global] }';\n";
    const m = mutateGold(diff, { kind: "literal", value: "] } ]", match: "contains" });
    expect(m.ok && m.patch).toContain("'{ [object global] }~'");
    expect(mutateGold(diff, { kind: "literal", value: ") ) )", match: "contains" }).ok).toBe(false);
  });
  it("judges confirmed, refuted and wider runs and sums them up", () => {
    expect(counterfactualOutcome(["a", "b"], ["a", "b"])).toBe("confirmed");
    expect(counterfactualOutcome(["a", "b"], [])).toBe("refuted");
    expect(counterfactualOutcome(["a"], ["a", "c"])).toBe("wider");
    expect(counterfactualSummary([
      { outcome: "confirmed", predicted: ["a", "b"], failed: ["a", "b"] },
      { outcome: "refuted", predicted: ["c"], failed: [] },
    ])).toMatchObject({ decided: 2, confirmed: 1, precision: 0.5, blastRadiusAccuracy: 2 / 3 });
  });
});

const SCOPED = `diff --git a/lib/range.js b/lib/range.js
--- a/lib/range.js
+++ b/lib/range.js
@@ -1,3 +1,12 @@
 const list = require("./list");
+const _ = require("lodash");
+// from: builds a range from an iterable
+class Range {
+  static from(items) { return new Range(Array.from(items), _.from); }
+  constructor(items) { this.items = items; this.label = "from"; this.note = "taken from the list"; }
+  toArray() { return Object.keys(this.items).map(() => this.from); }
+}
+exports.from = Range.from;
+exports.ok = function ok() { return "ok"; };
 module.exports.list = list;
`;

describe("counterfactuals that change only the dependency", () => {
  it("renames the name where gold defines and uses it, never a built-in's or a package's member of the same spelling", () => {
    const m = mutateGold(SCOPED, { kind: "name", value: "from", match: null });
    expect(m.ok).toBe(true);
    if (!m.ok) return;
    expect(m.patch).toContain("static fromAlt(items)");
    expect(m.patch).toContain("Array.from(items)");
    expect(m.patch).toContain("_.from)");
    expect(m.patch).toContain("Object.keys(this.items).map(() => this.fromAlt)");
    expect(m.patch).toContain("exports.fromAlt = Range.fromAlt;");
    // Not in prose: a comment or a message that says the word.
    expect(m.patch).toContain("// from: builds a range from an iterable");
    expect(m.patch).toContain('this.note = "taken from the list"');
    // A string that is the name itself (a key, an __all__ entry) is the name.
    expect(m.patch).toContain('this.label = "fromAlt"');
  });

  it("changes a literal only where gold writes it as a string", () => {
    const m = mutateGold(SCOPED, { kind: "literal", value: "ok", match: "exact" });
    expect(m.ok && m.patch).toContain('exports.ok = function ok() { return "o~k"; };');
  });

  it("says error with the reason when the counterfactual breaks more than the build unit could", () => {
    expect(judgeCounterfactual(["a"], ["a", "b", "c"], ["a", "b", "c"])).toEqual({ outcome: "error", reason: expect.stringMatching(/every probe failed/) });
    expect(judgeCounterfactual(["a"], ["a"], ["a", "b"])).toEqual({ outcome: "confirmed", reason: expect.any(String) });
    expect(judgeCounterfactual(["a", "b"], ["a", "b"], ["a", "b"]).outcome).toBe("confirmed");
  });

  it("counts only confirmed and refuted in the suite's precision", () => {
    expect(counterfactualSummary([
      { outcome: "confirmed", predicted: ["a"], failed: ["a"] },
      { outcome: "wider", predicted: ["b"], failed: ["b", "c"] },
      { outcome: "error", predicted: ["d"], failed: [] },
    ])).toMatchObject({ decided: 1, confirmed: 1, errors: 1, precision: 1 });
  });
});

describe("counterfactuals over tree-sitter's trees", () => {
  const postImage = SCOPED.split("\n").filter((l) => /^[+ ]/.test(l) && !l.startsWith("+++")).map((l) => l.slice(1)).join("\n") + "\n";
  it("renames the identifiers the syntax tree names as gold's, nothing else", async () => {
    const m = await mutateGoldWithTrees(SCOPED, { kind: "name", value: "from", match: null }, { "lib/range.js": postImage });
    expect(m.ok).toBe(true);
    if (!m.ok) return;
    for (const kept of ["Array.from(items)", "_.from)", "// from: builds a range from an iterable", '"taken from the list"']) expect(m.patch).toContain(kept);
    for (const changed of ["static fromAlt(items)", "this.fromAlt)", "exports.fromAlt = Range.fromAlt;", 'this.label = "fromAlt"']) expect(m.patch).toContain(changed);
  });
  it("leaves a name a package binds, and renames a Python definition with its keyword uses", async () => {
    const diff = `diff --git a/pkg/sort.py b/pkg/sort.py
--- a/pkg/sort.py
+++ b/pkg/sort.py
@@ -1 +1,5 @@
 import numpy as np
+from pkg.util import helper
+def sort_together(items, strict=False):
+    return np.sort(items) if not strict else helper(items, strict=strict)
+__all__ = ["sort_together", "sort"]
`;
    const post = "import numpy as np\nfrom pkg.util import helper\ndef sort_together(items, strict=False):\n    return np.sort(items) if not strict else helper(items, strict=strict)\n__all__ = [\"sort_together\", \"sort\"]\n";
    const strict = await mutateGoldWithTrees(diff, { kind: "name", value: "strict", match: null }, { "pkg/sort.py": post });
    expect(strict.ok && strict.patch).toContain("+def sort_together(items, strict_alt=False):");
    expect(strict.ok && strict.patch).toContain("helper(items, strict_alt=strict_alt)");
    const sort = await mutateGoldWithTrees(diff, { kind: "name", value: "sort", match: null }, { "pkg/sort.py": post });
    expect(sort.ok && sort.patch).toContain("np.sort(items)");
    expect(sort.ok && sort.patch).toContain('"sort_alt"]');
    const helper = await mutateGoldWithTrees(diff, { kind: "name", value: "helper", match: null }, { "pkg/sort.py": post });
    expect(helper.ok && helper.patch).toContain("+from pkg.util import helper_alt");
  });
});
