import { describe, expect, it } from "vitest";
import { parseSource } from "@/lib/syntax/parse-source";
import { mineCandidates, type TMiningFile } from "./candidates";
import { parseRawDiff, postImage, serializeRawDiff } from "./raw-diff";
import { judgeCandidate } from "./selective";

const BASE = [
  "export function lookup(env, name) {",
  "  return env[name];",
  "}",
  "",
  "export function names(env) {",
  "  return Object.keys(env);",
  "}",
  "",
].join("\n");

const GOLD = `diff --git a/src/lookup.js b/src/lookup.js
--- a/src/lookup.js
+++ b/src/lookup.js
@@ -1,3 +1,6 @@
 export function lookup(env, name) {
-  return env[name];
+  if (env[name] === undefined) {
+    throw new Error("missing " + name);
+  }
+  return env[name].trim();
 }
@@ -5,3 +8,3 @@
 export function names(env) {
-  return Object.keys(env);
+  return Object.keys(env).sort(compare);
 }
`;

async function mining(diff: string, base: string) {
  const files = parseRawDiff(diff)!;
  const post = postImage(files[0]!, base);
  const parsed = await parseSource(files[0]!.path, post.text);
  const map = new Map<string, TMiningFile>([[files[0]!.path, { post, tree: parsed.ok ? { root: parsed.file.root, python: false } : null }]]);
  return { files, post, map };
}

describe("mining candidate negatives from gold", () => {
  it("reads gold back unchanged and knows its post-image and which lines gold added", async () => {
    const { files, post } = await mining(GOLD, BASE);
    expect(serializeRawDiff(files)).toBe(GOLD);
    expect(post.text.split("\n").slice(0, 5)).toEqual(["export function lookup(env, name) {", "  if (env[name] === undefined) {", "    throw new Error(\"missing \" + name);", "  }", "  return env[name].trim();"]);
    expect(post.origin.map((o) => o !== null)).toEqual([false, true, true, true, true, false, false, false, true, false]);
  });

  it("proposes hunk reverts and tree-sitter mutants of the added code, smallest first, each a diff that differs from gold", async () => {
    const { files, map } = await mining(GOLD, BASE);
    const { candidates, generated } = mineCandidates(files, map, 100);
    expect(generated).toBe(candidates.length);
    const ops = new Set(candidates.map((c) => c.operator));
    for (const op of ["revert_hunk", "negate_comparison", "drop_condition", "drop_argument", "return_early"]) expect(ops).toContain(op);
    const negate = candidates.find((c) => c.operator === "negate_comparison")!;
    expect(negate.description).toBe("negates the comparison `env[name] === undefined` (=== → !==) at src/lookup.js:2");
    expect(negate.diff).toContain("+  if (env[name] !== undefined) {");
    expect(negate.diff).toContain("@@ -1,3 +1,6 @@");
    const revert = candidates.find((c) => c.operator === "revert_hunk" && c.description.startsWith("reverts hunk 2"))!;
    expect(revert.diff).not.toContain("sort(compare)");
    expect(revert.diff).toContain("+    throw new Error");
    const dropArg = candidates.find((c) => c.operator === "drop_argument" && c.diff.includes(".sort()"));
    expect(dropArg?.description).toMatch(/drops the argument `compare`/);
    const early = candidates.find((c) => c.operator === "return_early")!;
    expect(early.diff).toContain("+  return;\n+  if (env[name] === undefined) {");
    expect(early.diff).toMatch(/@@ -1,3 \+1,7 @@/);
    expect(candidates.every((c) => c.diff !== GOLD && c.diff.trim() !== "")).toBe(true);
    expect(candidates.map((c) => c.size)).toEqual([...candidates.map((c) => c.size)].sort((a, b) => a - b));
  });

  it("offers no revert of gold as a whole when gold is one shared line, only mutants", async () => {
    const diff = `--- a/src/lookup.js\n+++ b/src/lookup.js\n@@ -1,3 +1,3 @@\n export function lookup(env, name) {\n-  return env[name];\n+  return env[name].trim();\n }\n`;
    const { files, map } = await mining(diff, BASE);
    const { candidates } = mineCandidates(files, map);
    expect(candidates.some((c) => c.operator.startsWith("revert"))).toBe(false);
  });
});

describe("judging a candidate by its signature", () => {
  const probes = [
    { testId: "a1", kind: "probe" as const, atomKeys: ["A1"] },
    { testId: "a2", kind: "probe" as const, atomKeys: ["A2"] },
    { testId: "both", kind: "probe" as const, atomKeys: ["A1", "A2"] },
    { testId: "guard", kind: "guard" as const, atomKeys: [] },
  ];
  it("is selective for the one atom whose probes alone fail", () => {
    expect(judgeCandidate(probes, [0, 1, 1, 1], ["A1", "A2"])).toMatchObject({ selectiveFor: "A1" });
    expect(judgeCandidate(probes, [1, 0, 0, 1], ["A1", "A2"])).toMatchObject({ selectiveFor: "A2" });
  });
  it("is not selective when it breaks a guard, two atoms, or nothing", () => {
    expect(judgeCandidate(probes, [0, 1, 1, 0], ["A1", "A2"]).reason).toMatch(/breaks guard test “guard”/);
    expect(judgeCandidate(probes, [0, 0, 1, 1], ["A1", "A2"]).reason).toMatch(/breaks more than one atom/);
    expect(judgeCandidate(probes, [1, 1, 1, 1], ["A1", "A2"]).reason).toMatch(/passes every probe/);
    expect(judgeCandidate(probes, [0, 0, 0, 1], ["A1", "A2"])).toMatchObject({ selectiveFor: null });
  });
});
