import { describe, expect, it } from "vitest";
import { counterfactualOutcome, counterfactualSummary, mutateGold } from "./counterfactual";

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
    expect(exact.ok && exact.patch).toContain('"empty event stream~"');
    const regex = mutateGold(GOLD, { kind: "literal", value: "event\\s+stream", match: "regex" });
    expect(regex.ok && regex.mutation).toMatch(/stream|event/);
    expect(mutateGold(GOLD, { kind: "name", value: "absent", match: null }).ok).toBe(false);
  });
  it("judges confirmed, refuted and wider runs and sums them up", () => {
    expect(counterfactualOutcome(["a", "b"], ["a", "b"])).toBe("confirmed");
    expect(counterfactualOutcome(["a", "b"], [])).toBe("refuted");
    expect(counterfactualOutcome(["a"], ["a", "c"])).toBe("wider");
    expect(counterfactualSummary([
      { outcome: "confirmed", predicted: ["a", "b"], failed: ["a", "b"] },
      { outcome: "refuted", predicted: ["c"], failed: [] },
    ])).toEqual({ decided: 2, confirmed: 1, precision: 0.5, blastRadiusAccuracy: 2 / 3 });
  });
});
