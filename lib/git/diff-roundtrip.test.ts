import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DiffParseError, parseDiff, serializeDiff, type TDiff, type TDiffFile, type TDiffHunk, type TDiffLine } from "./diff";

const text = fc.string({ unit: fc.constantFrom("a", "b", " ", "\t", "-", "+", "@", "\\", '"', "é", "\r", "/"), maxLength: 8 });
const segment = fc.string({ unit: fc.constantFrom("a", "b", "x", " ", "\t", "\\", '"', "é", ".", "-"), minLength: 1, maxLength: 6 });
const filePath = fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join("/"));
const mode = fc.constantFrom("100644", "100755", "120000");

const diffLine: fc.Arbitrary<TDiffLine> = fc.record(
  { kind: fc.constantFrom("context", "add", "delete"), text, noNewlineAtEnd: fc.constant(true as const) },
  { requiredKeys: ["kind", "text"] },
);

const hunk: fc.Arbitrary<TDiffHunk> = fc
  .record({
    oldStart: fc.nat(500),
    newStart: fc.nat(500),
    section: fc.string({ unit: fc.constantFrom("f", "(", ")", " ", "@"), maxLength: 6 }),
    lines: fc.array(diffLine, { minLength: 1, maxLength: 6 }),
  })
  .map((h) => ({
    ...h,
    oldLines: h.lines.filter((l) => l.kind !== "add").length,
    newLines: h.lines.filter((l) => l.kind !== "delete").length,
  }));

const binaryPatch = fc.array(fc.constantFrom("literal 3", "delta 12", "KcmZQzWB>pF0RR91", "HcmV?d00001", ""), { maxLength: 5 });

const file: fc.Arbitrary<TDiffFile> = fc
  .record({
    status: fc.constantFrom("added", "deleted", "modified", "renamed", "copied"),
    oldPath: filePath,
    newPath: filePath,
    oldMode: mode,
    newMode: mode,
    changeModes: fc.boolean(),
    similarity: fc.option(fc.nat(100), { nil: undefined }),
    index: fc.option(fc.constantFrom("0000000..e69de29", "3b18e51..a1b2c3d 100644"), { nil: undefined }),
    content: fc.oneof(
      fc.array(hunk, { maxLength: 3 }).map((hunks) => ({ binary: false, hunks })),
      fc.constant({ binary: true, hunks: [] as TDiffHunk[] }),
      binaryPatch.map((patch) => ({ binary: true, binaryPatch: patch, hunks: [] as TDiffHunk[] })),
    ),
  })
  .map(({ status, oldPath, newPath, oldMode, newMode, changeModes, similarity, index, content }) => {
    const lines = content.hunks.flatMap((h) => h.lines);
    const f: TDiffFile = {
      status,
      oldPath: status === "added" ? null : oldPath,
      newPath: status === "deleted" ? null : status === "modified" ? oldPath : newPath,
      ...content,
      additions: lines.filter((l) => l.kind === "add").length,
      deletions: lines.filter((l) => l.kind === "delete").length,
    };
    if (status === "added") f.newMode = newMode;
    else if (status === "deleted") f.oldMode = oldMode;
    else if (changeModes) Object.assign(f, { oldMode, newMode });
    if (similarity !== undefined) f.similarity = similarity;
    if (index !== undefined) f.index = index;
    return f;
  });

const diff: fc.Arbitrary<TDiff> = fc.array(file, { maxLength: 4 }).map((files) => ({ files }));

// Diff-shaped lines in any order: whatever of this parses must come back the same.
const diffishLine = fc.oneof(
  fc.constantFrom(
    "diff --git a/x b/x", "diff --git a/x y b/x y", "--- a/x", "--- /dev/null", "+++ b/x", "+++ /dev/null",
    "@@ -1 +1 @@", "@@ -1,2 +1 @@ fn", "@@ -0,0 +1 @@", "new file mode 100644", "deleted file mode 100644",
    "old mode 100644", "new mode 100755", "rename from y", "rename to z", "copy from y", "similarity index 90%",
    "index 1..2", "Binary files a/x and b/x differ", "GIT binary patch", "literal 0", "\\ No newline at end of file",
    "", "-- ", "Subject: hello",
  ),
  text.map((t) => `+${t}`),
  text.map((t) => `-${t}`),
  text.map((t) => ` ${t}`),
);

describe("diff round trip", () => {
  it("serialize then parse gives back any well-formed diff", () => {
    fc.assert(
      fc.property(diff, (d) => {
        expect(parseDiff(serializeDiff(d))).toEqual(d);
      }),
      { numRuns: 300 },
    );
  });

  it("parse(serialize(parse(x))) equals parse(x) for any text that parses", () => {
    // Near-misses of real diffs: a well-formed diff with lines dropped, repeated or inserted.
    const edit = fc.record({ op: fc.constantFrom("drop", "repeat", "insert"), at: fc.nat(), line: diffishLine });
    let parsedFiles = 0;
    fc.assert(
      fc.property(diff, fc.array(edit, { maxLength: 3 }), (d, edits) => {
        const lines = serializeDiff(d).split("\n");
        for (const { op, at, line } of edits) {
          const i = at % (lines.length + 1);
          if (op === "drop") lines.splice(i, 1);
          else if (op === "repeat") lines.splice(i, 0, lines[i] ?? line);
          else lines.splice(i, 0, line);
        }
        let first: TDiff;
        try {
          first = parseDiff(lines.join("\n"));
        } catch (error) {
          if (error instanceof DiffParseError) return;
          throw error;
        }
        parsedFiles += first.files.length;
        expect(parseDiff(serializeDiff(first))).toEqual(first);
      }),
      { numRuns: 1000 },
    );
    expect(parsedFiles).toBeGreaterThan(500);
  });
});
