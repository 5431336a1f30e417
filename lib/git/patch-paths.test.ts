import { describe, expect, it } from "vitest";
import { patchPaths, refusePatch, unsafePathReason } from "./patch-paths";

const modify = (path: string) => `diff --git a/${path} b/${path}\n--- a/${path}\n+++ b/${path}\n@@ -1 +1 @@\n-x\n+y\n`;

describe("patchPaths", () => {
  it("lists the paths of modifications, creations, deletions and renames", () => {
    const diff = [
      modify("src/a.js"),
      "diff --git a/new.txt b/new.txt\nnew file mode 100644\n--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1 @@\n+n\n",
      "diff --git a/old.js b/lib/moved.js\nsimilarity index 100%\nrename from old.js\nrename to lib/moved.js\n",
    ].join("");
    expect(patchPaths(diff).sort()).toEqual(["lib/moved.js", "new.txt", "old.js", "src/a.js"]);
  });

  it("unquotes paths git quotes", () => {
    expect(patchPaths('--- "a/we\\tird.txt"\n+++ "b/we\\tird.txt"\n')).toEqual(["we\tird.txt"]);
  });
});

describe("refusePatch", () => {
  it("refuses any path inside .git, at any depth and in any case", () => {
    expect(refusePatch(modify(".git/hooks/post-checkout"))).toMatch(/inside \.git/);
    expect(refusePatch(modify("vendor/lib/.GIT/config"))).toMatch(/inside \.git/);
    expect(refusePatch("diff --git a/x b/.git/config\nrename from x\nrename to .git/config\n")).toMatch(/inside \.git/);
  });

  it("reads git's octal escapes, so a quoted .git path is refused too", () => {
    const quoted = 'diff --git "a/\\056git/config" "b/\\056git/config"\n--- "a/\\056git/config"\n+++ "b/\\056git/config"\n@@ -1 +1 @@\n-x\n+y\n';
    expect(patchPaths(quoted)).toEqual([".git/config"]);
    expect(refusePatch(quoted)).toMatch(/inside \.git/);
  });

  it("refuses paths that leave the workspace", () => {
    expect(refusePatch(modify("../outside.txt"))).toMatch(/leaves the workspace/);
  });

  it("accepts ordinary patches, including files merely named like git", () => {
    expect(refusePatch(modify("src/.gitignore") + modify("docs/git.md"))).toBeNull();
  });
});

describe("unsafePathReason", () => {
  it("accepts a relative path and refuses absolute ones", () => {
    expect(unsafePathReason("docs/history.md")).toBeNull();
    expect(unsafePathReason("/etc/passwd")).toMatch(/absolute/);
  });
});
