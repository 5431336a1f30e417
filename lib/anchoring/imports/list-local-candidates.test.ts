import { mkdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDiff } from "@/lib/git/diff";
import { initRepo, makeTempDir, removeDir, type TempRepo } from "@/lib/git/testing/temp-repo";
import { refreshSourceMirror as prepareMirror } from "@/lib/runner/mirror";
import { commitExists, listLocalCandidates, readDiff, type TLocalCandidate } from "./list-local-candidates";

let tmp: string;
let source: TempRepo;
let cache: string;
const shas: Record<string, string> = {};

beforeAll(async () => {
  tmp = await makeTempDir("import-local");
  cache = path.join(tmp, "cache");
  source = await initRepo(path.join(tmp, "source"));
  await source.write({ "src/parser.py": "def parse(x):\n    return x\n", "src/old_name.py": "A = 1\n" });
  shas.root = await source.commit("Initial import");

  await source.git("checkout", "-q", "-b", "fix-parser");
  await source.write({ "src/parser.py": "def parse(x):\n    return x.strip()\n", "tests/test_parser.py": "def test_strip():\n    pass\n" });
  shas.branchFirst = await source.commit("Strip input");
  await source.git("mv", "src/old_name.py", "src/new name ü.py");
  await source.write({ "assets/logo.png": new Uint8Array([137, 80, 78, 71, 0, 1]) });
  shas.branchTip = await source.commit("Rename module and add logo");

  await source.git("checkout", "-q", "main");
  await source.write({ "README.md": "# demo\n" });
  shas.direct = await source.commit("Add readme\n\nExplains the project.");
  await source.git("merge", "-q", "--no-ff", "fix-parser", "-m", "Merge pull request #7 from acme/fix-parser\n\nStrip parser input");
  shas.merge = (await source.git("rev-parse", "HEAD")).trim();
  await source.write({ "package-lock.json": "{}\n" });
  shas.bot = await source.commit("Bump lodash", { name: "dependabot[bot]", email: "49699333+dependabot[bot]@users.noreply.github.com" });
});

afterAll(() => removeDir(tmp));

describe("prepareMirror", () => {
  it("clones a bare mirror once and refreshes it later", async () => {
    const first = await prepareMirror(source.dir, cache);
    expect(first).toMatchObject({ created: true, defaultBranch: "main" });
    expect(await commitExists(first.path, shas.bot!)).toBe(true);

    await source.write({ "src/late.py": "B = 2\n" });
    const late = await source.commit("Late change");
    const again = await prepareMirror(source.dir, cache);
    expect(again).toEqual({ ...first, created: false });
    expect(await commitExists(again.path, late)).toBe(true);
    await source.git("reset", "-q", "--hard", "HEAD~1");
  });

  it("says when a path is not a git repository", async () => {
    const plain = path.join(source.dir, "src"); // inside a repository, but not one itself
    await expect(prepareMirror(plain, cache)).rejects.toMatchObject({ code: "not_a_repository", message: `${plain} is not a git repository` });
    await expect(prepareMirror(path.join(tmp, "nowhere"), cache)).rejects.toThrow(/is not a git repository \(no such directory\)/);
  });

  it("passes git's message on when a URL cannot be cloned, and reads a file:// URL as its path", async () => {
    const url = "http://127.0.0.1:9/missing.git";
    await expect(prepareMirror(url, cache)).rejects.toMatchObject({
      code: "clone_failed",
      message: expect.stringMatching(/^http:\/\/127\.0\.0\.1:9\/missing\.git could not be cloned: .*(Connection refused|Failed to connect)/),
    });
    const missing = path.join(tmp, "missing.git");
    await expect(prepareMirror(`file://${missing}`, cache)).rejects.toMatchObject({ code: "not_a_repository", message: `${missing} is not a git repository (no such directory)` });
  });
});

describe("listLocalCandidates", () => {
  let candidates: TLocalCandidate[];
  const progress: Array<[number, number]> = [];

  beforeAll(async () => {
    const mirror = await prepareMirror(source.dir, cache);
    candidates = await listLocalCandidates(mirror.path, { onProgress: (done, total) => progress.push([done, total]) });
  });

  it("lists first-parent commits newest first, without the root and without branch commits", () => {
    expect(candidates.map((c) => c.sha)).toEqual([shas.bot, shas.merge, shas.direct]);
    expect(progress.at(-1)).toEqual([4, 4]);
  });

  it("describes a merge by its first and second parent and its files against the base", () => {
    const merge = candidates.find((c) => c.sha === shas.merge)!;
    expect(merge).toMatchObject({
      base: shas.direct,
      head: shas.branchTip,
      isMerge: true,
      merged: true,
      authorIsBot: false,
      title: "Merge pull request #7 from acme/fix-parser",
      message: "Merge pull request #7 from acme/fix-parser\n\nStrip parser input",
      authorName: "Test Curator",
      authorEmail: "curator@example.com",
    });
    expect(new Date(merge.date).getTime()).not.toBeNaN();
    expect(merge.files).toEqual(expect.arrayContaining([
      { path: "src/parser.py", additions: 1, deletions: 1, binary: false },
      { path: "tests/test_parser.py", additions: 2, deletions: 0, binary: false },
      { path: "src/new name ü.py", previousPath: "src/old_name.py", additions: 0, deletions: 0, binary: false },
      { path: "assets/logo.png", additions: 0, deletions: 0, binary: true },
    ]));
    expect(merge.files).toHaveLength(4);
  });

  it("describes a direct commit by its parent and flags bot authors", () => {
    const direct = candidates.find((c) => c.sha === shas.direct)!;
    expect(direct).toMatchObject({ base: shas.root, head: shas.direct, isMerge: false, title: "Add readme", authorIsBot: false });
    expect(candidates.find((c) => c.sha === shas.bot)).toMatchObject({ authorIsBot: true, files: [{ path: "package-lock.json" }] });
  });

  it("walks another ref and stops at maxCount", async () => {
    const branch = await listLocalCandidates(source.dir, { ref: "fix-parser", maxCount: 1 });
    expect(branch.map((c) => c.sha)).toEqual([shas.branchTip]);
  });

  it("refuses a directory that is not a repository", async () => {
    await mkdir(path.join(tmp, "empty"), { recursive: true });
    await expect(listLocalCandidates(path.join(tmp, "empty"))).rejects.toMatchObject({ code: "not_a_repository" });
    await expect(listLocalCandidates(path.join(tmp, "empty"), { ref: "main" })).rejects.toMatchObject({ code: "not_a_repository" });
    await expect(listLocalCandidates(source.dir, { ref: "no-such-branch" })).rejects.toMatchObject({
      code: "git_failed",
      message: expect.stringMatching(/^cannot list commits of no-such-branch: bad revision 'no-such-branch'$/),
    });
  });
});

describe("readDiff and commitExists", () => {
  it("returns the unified diff between base and head", async () => {
    const mirror = await prepareMirror(source.dir, cache);
    const diff = parseDiff(await readDiff(mirror.path, shas.direct!, shas.merge!));
    expect(diff.files.map((f) => [f.status, f.newPath])).toEqual([
      ["added", "assets/logo.png"],
      ["renamed", "src/new name ü.py"],
      ["modified", "src/parser.py"],
      ["added", "tests/test_parser.py"],
    ]);
    expect(diff.files[0]!.binary).toBe(true);
  });

  it("says which commit is missing", async () => {
    const missing = "0123456789abcdef0123456789abcdef01234567";
    expect(await commitExists(source.dir, missing)).toBe(false);
    expect(await commitExists(source.dir, "--output=/tmp/x")).toBe(false);
    await expect(readDiff(source.dir, shas.root!, missing)).rejects.toMatchObject({ code: "commit_not_found", message: `commit not found: ${missing}` });
  });
});
