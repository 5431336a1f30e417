import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMIT_LOG_FORMAT, CommitLogParser } from "./commit-log";
import { initRepo, makeTempDir, removeDir } from "./testing/temp-repo";

let tmp: string;
let output: string;

beforeAll(async () => {
  tmp = await makeTempDir("commit-log");
  const repo = await initRepo(tmp);
  await repo.write({ "a.txt": "1\n", "b.bin": new Uint8Array([0, 1]) });
  await repo.commit("first\n\nwith a body\n");
  await repo.commit("empty");
  await repo.write({ "dir/tab\there.txt": "1\n" });
  await repo.git("rm", "-q", "a.txt");
  await repo.write({ "b.bin": new Uint8Array([0, 2]), "c.txt": "x\ny\n" });
  await repo.commit("rename and more");
  output = await repo.git("log", "-z", "--numstat", "-M", COMMIT_LOG_FORMAT);
});

afterAll(() => removeDir(tmp));

describe("CommitLogParser", () => {
  const parseAll = (chunks: string[]) => {
    const parser = new CommitLogParser();
    return [...chunks.flatMap((c) => parser.push(c)), ...parser.end()];
  };

  it("reads commits, empty commits, binary files and renames with odd paths", () => {
    const commits = parseAll([output]);
    expect(commits.map((c) => c.message)).toEqual(["rename and more", "empty", "first\n\nwith a body"]);
    expect(commits[0]!.files).toEqual([
      { path: "b.bin", additions: 0, deletions: 0, binary: true },
      { path: "c.txt", additions: 2, deletions: 0, binary: false },
      { path: "dir/tab\there.txt", previousPath: "a.txt", additions: 0, deletions: 0, binary: false },
    ]);
    expect(commits[1]!.files).toEqual([]);
    expect(commits[2]!.parents).toEqual([]);
    expect(commits[1]!.parents).toEqual([commits[2]!.sha]);
  });

  it("gives the same result however git's output is split into chunks", () => {
    expect(parseAll(output.split(""))).toEqual(parseAll([output]));
  });

  it("refuses output cut off inside a commit", () => {
    const parser = new CommitLogParser();
    parser.push(output.slice(0, output.indexOf("\0") + 8));
    expect(() => parser.end()).toThrow(/ended in the middle of a commit/);
  });
});
