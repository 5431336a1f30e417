import { chmod } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiffParseError, parseDiff, safeParseDiff, serializeDiff } from "./diff";
import { initRepo, makeTempDir, removeDir } from "./testing/temp-repo";

let tmp: string;
let gitDiff: string;

beforeAll(async () => {
  tmp = await makeTempDir("parse-diff");
  const repo = await initRepo(tmp);
  await repo.write({
    "keep.txt": "one\ntwo\nthree\n",
    "gone.txt": "gone\n",
    "moved.txt": "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n",
    "tool.sh": "echo hi\n",
    "nonl.txt": "last",
    "logo.bin": new Uint8Array([0, 1, 2]),
  });
  await repo.commit("base");
  await repo.git("rm", "-q", "gone.txt");
  await repo.git("mv", "moved.txt", "renamed.txt");
  await chmod(path.join(tmp, "tool.sh"), 0o755);
  await repo.write({
    "renamed.txt": "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nL\n",
    "nonl.txt": "last\nmore",
    "logo.bin": new Uint8Array([0, 5]),
    "keep.txt": "one\nTWO\nthree\n",
    "docs/with space.md": "new\n",
    'odd"name.txt': "quoted\n",
  });
  await repo.git("add", "-A");
  gitDiff = await repo.git("diff", "--cached", "-M", "--src-prefix=a/", "--dst-prefix=b/");
});

afterAll(() => removeDir(tmp));

describe("parseDiff on git's own output", () => {
  const byPath = () => new Map(parseDiff(gitDiff).files.map((f) => [f.newPath ?? f.oldPath, f]));

  it("reads new, deleted, renamed, mode-changed and binary files", () => {
    const files = byPath();
    expect(files.get("gone.txt")).toMatchObject({ status: "deleted", oldPath: "gone.txt", newPath: null, deletions: 1, oldMode: "100644" });
    expect(files.get("renamed.txt")).toMatchObject({ status: "renamed", oldPath: "moved.txt", similarity: 91, additions: 1, deletions: 1 });
    expect(files.get("tool.sh")).toMatchObject({ status: "modified", oldMode: "100644", newMode: "100755", hunks: [] });
    expect(files.get("logo.bin")).toMatchObject({ binary: true, hunks: [], additions: 0, deletions: 0 });
    expect(files.get("docs/with space.md")).toMatchObject({ status: "added", oldPath: null, additions: 1 });
    expect(files.get('odd"name.txt')).toMatchObject({ status: "added", additions: 1 });
  });

  it("keeps hunk ranges, the section heading and missing final newlines", () => {
    const renamed = byPath().get("renamed.txt")!;
    expect(renamed.hunks[0]).toMatchObject({ oldStart: 9, oldLines: 4, newStart: 9, newLines: 4, section: "h" });
    const nonl = byPath().get("nonl.txt")!;
    expect(nonl.hunks[0]!.lines).toEqual([
      { kind: "delete", text: "last", noNewlineAtEnd: true },
      { kind: "add", text: "last" },
      { kind: "add", text: "more", noNewlineAtEnd: true },
    ]);
  });

  it("writes git's diff back byte for byte", () => {
    expect(serializeDiff(parseDiff(gitDiff))).toBe(gitDiff);
  });
});

describe("parseDiff on other input", () => {
  it("reads a plain unified diff with timestamps and skips a preamble", () => {
    const text = [
      "Subject: fix parsing",
      "",
      "--- a/src/app.py\t2024-01-01 10:00:00",
      "+++ b/src/app.py\t2024-01-02 10:00:00",
      "@@ -1,2 +1,2 @@",
      " keep",
      "-old",
      "+new",
      "",
    ].join("\n");
    expect(parseDiff(text).files).toEqual([
      expect.objectContaining({ oldPath: "src/app.py", newPath: "src/app.py", status: "modified", additions: 1, deletions: 1 }),
    ]);
  });

  it("stops at a format-patch signature and reads an empty diff as no files", () => {
    const text = "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n-- \n2.39.5\n";
    expect(parseDiff(text).files).toHaveLength(1);
    expect(parseDiff("").files).toEqual([]);
  });
});

describe("malformed diffs name the line", () => {
  const errorOf = (text: string) => {
    const result = safeParseDiff(text);
    if (result.ok) throw new Error("expected a parse error");
    return result.error;
  };

  it("reports a hunk that ends early", () => {
    const error = errorOf("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n a\n-b\n");
    expect(error.line).toBe(6);
    expect(error.message).toMatch(/ends inside a hunk: 1 old and 2 new line\(s\) still expected/);
  });

  it("reports a malformed hunk header", () => {
    expect(errorOf("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -a +1 @@\n")).toEqual({
      line: 4,
      message: expect.stringMatching(/malformed hunk header "@@ -a \+1 @@"/),
    });
  });

  it("reports a foreign line inside a hunk", () => {
    expect(errorOf("--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n*b\n")).toMatchObject({ line: 5, message: expect.stringMatching(/unexpected line "\*b" in a hunk/) });
  });

  it("reports more lines than the hunk declares", () => {
    expect(errorOf("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n+c\n")).toMatchObject({ line: 6, message: expect.stringMatching(/more lines than the previous hunk header declares/) });
  });

  it("reports a hunk without a file, a missing +++ and a stray no-newline marker", () => {
    expect(errorOf("@@ -1 +1 @@\n-a\n+b\n")).toMatchObject({ line: 1, message: "hunk header before any file header" });
    expect(errorOf("diff --git a/x b/x\n--- a/x\nnot plus\n")).toMatchObject({ line: 3 });
    expect(errorOf("--- a/x\n+++ b/x\n@@ -1 +1 @@\n\\ No newline at end of file\n-a\n+b\n")).toMatchObject({ line: 4 });
  });

  it("throws DiffParseError from parseDiff with the line in the message", () => {
    expect(() => parseDiff("diff --cc x\n")).toThrow(DiffParseError);
    expect(() => parseDiff("diff --cc x\n")).toThrow(/^line 1: combined diffs/);
  });
});
