import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureMirror, refreshMirror, resolveCommit } from "./mirror";
import { gitOk, initRepo } from "./testing/git-fixture";

let repo: { dir: string; base: string };
let cacheDir: string;

beforeAll(async () => {
  repo = await initRepo("specpath-mirror-src-", { "README.md": "hello\n" });
  cacheDir = await mkdtemp(path.join(os.tmpdir(), "specpath-mirror-cache-"));
});
afterAll(async () => {
  await rm(repo.dir, { recursive: true, force: true });
  await rm(cacheDir, { recursive: true, force: true });
});

describe("ensureMirror", () => {
  it("clones a bare mirror once, keyed by the source, and resolves commits in it", async () => {
    const mirror = await ensureMirror(repo.dir, { cacheDir });
    expect(existsSync(path.join(mirror.dir, "HEAD"))).toBe(true);
    expect((await ensureMirror(`file://${repo.dir}`, { cacheDir })).dir).toBe(mirror.dir);
    expect(await resolveCommit(mirror, repo.base.slice(0, 8))).toBe(repo.base);
    expect(await resolveCommit(mirror, "0".repeat(40))).toBeNull();
    expect(await resolveCommit(mirror, "--upload-pack=evil")).toBeNull();
  });

  it("sees new commits only after a refresh", async () => {
    const mirror = await ensureMirror(repo.dir, { cacheDir });
    await writeFile(path.join(repo.dir, "NEW.md"), "new\n");
    await gitOk(["add", "NEW.md"], repo.dir);
    await gitOk(["commit", "--quiet", "-m", "new"], repo.dir);
    const head = await gitOk(["rev-parse", "HEAD"], repo.dir);
    expect(await resolveCommit(mirror, head)).toBeNull();
    await refreshMirror(mirror, { cacheDir });
    expect(await resolveCommit(mirror, head)).toBe(head);
  });

  it("says when a local path is not a git repository, even inside one", async () => {
    const plain = await mkdtemp(path.join(os.tmpdir(), "specpath-plain-"));
    const nested = path.join(repo.dir, "src");
    await mkdir(nested, { recursive: true });
    try {
      await expect(ensureMirror(plain, { cacheDir })).rejects.toMatchObject({ code: "not_a_repository", message: `${plain} is not a git repository` });
      await expect(ensureMirror(nested, { cacheDir })).rejects.toMatchObject({ code: "not_a_repository" });
      await expect(ensureMirror(path.join(plain, "nope"), { cacheDir })).rejects.toThrow(/is not a git repository \(no such directory\)/);
    } finally {
      await rm(plain, { recursive: true, force: true });
    }
  });

  it("says when a URL cannot be cloned, with git's reason", async () => {
    await expect(ensureMirror("http://127.0.0.1:9/nothing.git", { cacheDir })).rejects.toMatchObject({
      code: "clone_failed",
      message: expect.stringMatching(/^http:\/\/127\.0\.0\.1:9\/nothing\.git could not be cloned: .*(Connection refused|Failed to connect)/),
    });
  });
});
