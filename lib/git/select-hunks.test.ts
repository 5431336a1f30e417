import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiffSelectionError, parseDiff, selectHunks, serializeDiff, type TDiff } from "./diff";
import { initRepo, makeTempDir, removeDir, type TempRepo } from "./testing/temp-repo";

const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`);

let tmp: string;
let repo: TempRepo;
let diff: TDiff;

beforeAll(async () => {
  tmp = await makeTempDir("select-hunks");
  repo = await initRepo(tmp);
  await repo.write({ "src/app.py": numbered(40).join("\n") + "\n" });
  await repo.commit("base");
  const changed = numbered(40);
  changed.splice(2, 1, "first change");
  changed.splice(20, 0, "second A", "second B", "second C"); // shifts later new-side lines
  changed.splice(38, 1); // third change: a deletion
  await repo.write({ "src/app.py": changed.join("\n") + "\n", "tests/test_app.py": "def test_it():\n    assert True\n" });
  await repo.git("add", "-A");
  diff = parseDiff(await repo.git("diff", "--cached"));
  await repo.git("reset", "-q", "--hard");
});

afterAll(() => removeDir(tmp));

describe("selectHunks", () => {
  it("cuts a patch of chosen hunks that applies exactly and matches git's own diff of the result", async () => {
    const app = diff.files.find((f) => f.newPath === "src/app.py")!;
    expect(app.hunks).toHaveLength(3);

    const patch = serializeDiff(selectHunks(diff, [{ path: "src/app.py", hunks: [0, 2] }]));
    await writeFile(path.join(tmp, "slice.patch"), patch);
    await repo.git("apply", "--check", "slice.patch");
    await repo.git("apply", "slice.patch");
    const regenerated = await repo.git("diff", "--", "src/app.py");
    await repo.git("checkout", "--", ".");

    expect(parseDiff(regenerated).files[0]!.hunks).toEqual(parseDiff(patch).files[0]!.hunks);
    expect(patch).toContain("first change");
    expect(patch).not.toContain("second A");
  });

  it("keeps whole files and the diff's file order, recounting additions and deletions", () => {
    const selected = selectHunks(diff, [{ path: "tests/test_app.py" }, { path: "src/app.py", hunks: [1] }]);
    expect(selected.files.map((f) => [f.newPath, f.additions, f.deletions])).toEqual([
      ["src/app.py", 3, 0],
      ["tests/test_app.py", 2, 0],
    ]);
  });

  it("names the file when a path or hunk does not exist or a new file is split", () => {
    expect(() => selectHunks(diff, [{ path: "src/missing.py" }])).toThrow(new DiffSelectionError("src/missing.py", "no such file in the diff"));
    expect(() => selectHunks(diff, [{ path: "src/app.py", hunks: [7] }])).toThrow(/src\/app.py: hunk 7 does not exist \(the file has 3\)/);
    const added = parseDiff("diff --git a/n b/n\nnew file mode 100644\n--- /dev/null\n+++ b/n\n@@ -0,0 +1 @@\n+x\n@@ -0,0 +3 @@\n+y\n");
    expect(() => selectHunks(added, [{ path: "n", hunks: [0] }])).toThrow(/n: an added file can only be selected whole/);
  });
});
