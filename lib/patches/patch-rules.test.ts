import { describe, expect, it } from "vitest";
import { parseDiff } from "@/lib/git/diff";
import { changeKey, checkNegativeAgainstGold, checkPatchText, failingHunk, pathsCreated, pathsNeededInBase } from "./patch-rules";

const GOLD = `diff --git a/src/secrets.js b/src/secrets.js
index 3f3f5cb..877d161 100644
--- a/src/secrets.js
+++ b/src/secrets.js
@@ -7,3 +7,4 @@ export function setSecret(name, value) {
 export function getSecret(name) {
-  return store.get(name);
+  if (store.has(name)) return store.get(name);
+  throw new Error(name);
 }
`;

describe("patch text rules", () => {
  it("accepts a unified diff and refuses empty, malformed and change-free text with the line", () => {
    expect(checkPatchText(GOLD).ok).toBe(true);
    expect(checkPatchText("  \n")).toMatchObject({ ok: false, problem: { rule: "empty" } });
    expect(checkPatchText("just some words\n")).toMatchObject({ ok: false, problem: { rule: "malformed", line: 1 } });
    const truncated = checkPatchText(GOLD.split("\n").slice(0, 8).join("\n"));
    expect(truncated).toMatchObject({ ok: false, problem: { rule: "malformed" } });
    if (!truncated.ok) expect(truncated.problem.message).toMatch(/not a valid unified diff \(line \d+: the diff ends inside a hunk/);
  });

  it("treats a negative equal to gold as empty, whatever git wrote in its index line", () => {
    const gold = parseDiff(GOLD);
    const sameChange = parseDiff(GOLD.replace("index 3f3f5cb..877d161 100644", "index 3f3f5cb..aaaaaaa 100644"));
    expect(checkNegativeAgainstGold(sameChange, gold)).toMatchObject({ rule: "empty_negative", message: expect.stringMatching(/^Empty negative/) });
    const mutant = parseDiff(GOLD.replace("+  throw new Error(name);", "+  return undefined;"));
    expect(checkNegativeAgainstGold(mutant, gold)).toBeNull();
    expect(checkNegativeAgainstGold(mutant, null)).toBeNull();
    expect(changeKey(gold)).toBe(changeKey(sameChange));
  });

  it("lists the files a patch needs in the base and the files it creates", () => {
    const diff = parseDiff(`${GOLD}diff --git a/new.txt b/new.txt
new file mode 100644
--- /dev/null
+++ b/new.txt
@@ -0,0 +1 @@
+hello
diff --git a/old.txt b/old.txt
deleted file mode 100644
--- a/old.txt
+++ /dev/null
@@ -1 +0,0 @@
-bye
`);
    expect(pathsNeededInBase(diff)).toEqual(["src/secrets.js", "old.txt"]);
    expect(pathsCreated(diff)).toEqual(["new.txt"]);
  });

  it("finds the hunk git names in “patch failed”", () => {
    const diff = parseDiff(GOLD);
    const found = failingHunk(diff, "error: patch failed: src/secrets.js:7\nerror: src/secrets.js: patch does not apply\n");
    expect(found).toEqual({
      file: "src/secrets.js",
      line: 7,
      hunk: "@@ -7,3 +7,4 @@ export function setSecret(name, value) {\n export function getSecret(name) {\n-  return store.get(name);\n+  if (store.has(name)) return store.get(name);\n+  throw new Error(name);\n }\n",
    });
    expect(failingHunk(diff, "error: something else")).toBeNull();
  });
});
