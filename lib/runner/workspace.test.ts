import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CacheIndex } from "./cache-index";
import { ensureMirror, requireCommit, type Mirror } from "./mirror";
import { createNodeFixture, type NodeFixture } from "./testing/node-fixture";
import { acquireWorkspace, copyWorkspace, type WorkspaceSpec } from "./workspace";

let fixture: NodeFixture;
let cacheDir: string;
let mirror: Mirror;
let commit: string;
let future: string;

beforeAll(async () => {
  fixture = await createNodeFixture();
  // A later commit on a branch (the PR's, say): the mirror has it, a workspace must not.
  const id = ["-c", "user.name=t", "-c", "user.email=t@x"];
  const current = gitIn(fixture.repoDir, ["rev-parse", "--abbrev-ref", "HEAD"]).trim();
  gitIn(fixture.repoDir, ["checkout", "-q", "-b", "future"]);
  writeFileSync(path.join(fixture.repoDir, "gold.js"), "export const gold = 42;\n");
  gitIn(fixture.repoDir, ["add", "gold.js"]);
  gitIn(fixture.repoDir, [...id, "commit", "-q", "-m", "the future"]);
  future = gitIn(fixture.repoDir, ["rev-parse", "HEAD"]).trim();
  gitIn(fixture.repoDir, ["checkout", "-q", current]);
  cacheDir = await mkdtemp(path.join(os.tmpdir(), "specpath-ws-cache-"));
  mirror = await ensureMirror(fixture.repoDir, { cacheDir });
  commit = await requireCommit(mirror, fixture.baseCommit, { cacheDir });
});
afterAll(async () => {
  await rm(fixture.repoDir, { recursive: true, force: true });
  await rm(cacheDir, { recursive: true, force: true });
});

const wsSpec = (setupCommand: string | null): WorkspaceSpec => ({ mirror, commit, setupCommand, image: null });
const gitIn = (dir: string, args: string[]) => execFileSync("git", args, { cwd: dir, encoding: "utf8" });

describe("acquireWorkspace", () => {
  it("holds the base tree and nothing else of the repository: one commit, no remote, no alternates, only the base's objects", async () => {
    const prepared = await acquireWorkspace(wsSpec(null), { cacheDir });
    try {
      const repo = prepared.repoDir;
      expect(gitIn(repo, ["rev-list", "--all"]).trim().split("\n")).toHaveLength(1);
      expect(gitIn(repo, ["log", "--all", "--format=%s"]).trim()).toBe(`base ${commit}`);
      expect(gitIn(repo, ["remote"]).trim()).toBe("");
      expect(gitIn(repo, ["for-each-ref", "--format=%(refname)"]).trim()).toBe("refs/heads/base");
      expect(existsSync(path.join(repo, ".git/objects/info/alternates"))).toBe(false);
      const objects = gitIn(repo, ["cat-file", "--batch-all-objects", "--batch-check=%(objectname)"]).trim().split("\n").sort();
      const baseObjects = gitIn(mirror.dir, ["rev-list", "--objects", `${commit}^{tree}`]).trim().split("\n").map((l) => l.split(" ")[0]!);
      const head = gitIn(repo, ["rev-parse", "HEAD"]).trim();
      expect(objects).toEqual([...baseObjects, head].sort());
      expect(gitIn(repo, ["rev-parse", "HEAD^{tree}"]).trim()).toBe(gitIn(mirror.dir, ["rev-parse", `${commit}^{tree}`]).trim());
      expect(() => gitIn(repo, ["cat-file", "-e", future])).toThrow();
      expect(gitIn(mirror.dir, ["cat-file", "-t", future]).trim()).toBe("commit");
      expect(gitIn(repo, ["status", "--porcelain"])).toBe("");
      // The hidden tests are not there: setup never sees them (each run writes them after its patch).
      expect(existsSync(path.join(repo, "test/clamp.test.js"))).toBe(false);
    } finally {
      await prepared.release();
    }
  });

  it("makes the same base-only commit for the same tree every time (fixed author, committer and date)", async () => {
    const other = await mkdtemp(path.join(os.tmpdir(), "specpath-ws-cache2-"));
    try {
      const a = await acquireWorkspace(wsSpec(null), { cacheDir });
      const m2 = await ensureMirror(fixture.repoDir, { cacheDir: other });
      const b = await acquireWorkspace({ mirror: m2, commit, setupCommand: null, image: null }, { cacheDir: other });
      expect(gitIn(a.repoDir, ["rev-parse", "HEAD"])).toBe(gitIn(b.repoDir, ["rev-parse", "HEAD"]));
      await a.release();
      await b.release();
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it("checks out the base with a real .git, and runs setup once", async () => {
    const first = await acquireWorkspace(wsSpec("echo once >> setup-ran"), { cacheDir });
    await first.release();
    const second = await acquireWorkspace(wsSpec("echo once >> setup-ran"), { cacheDir });
    await second.release();
    expect([first.created, second.created]).toEqual([true, false]);
    expect(second.repoDir).toBe(first.repoDir);
    expect(readFileSync(path.join(first.repoDir, "setup-ran"), "utf8")).toBe("once\n");
    expect(statSync(path.join(first.repoDir, ".git")).isDirectory()).toBe(true);
  });

  it("gives runs copies that do not write through to the prepared workspace", async () => {
    const prepared = await acquireWorkspace(wsSpec("echo once >> setup-ran"), { cacheDir });
    const copy = path.join(await mkdtemp(path.join(os.tmpdir(), "specpath-copy-")), "repo");
    try {
      await copyWorkspace(prepared, copy);
      await writeFile(path.join(copy, "src/math.js"), "// changed by a run\n");
      expect(readFileSync(path.join(prepared.repoDir, "src/math.js"), "utf8")).toMatch(/export function add/);
      expect(statSync(path.join(copy, "src/math.js")).ino).not.toBe(statSync(path.join(prepared.repoDir, "src/math.js")).ino);
    } finally {
      await prepared.release();
      await rm(path.dirname(copy), { recursive: true, force: true });
    }
  });

  it("reports a failing setup with its log and leaves nothing half-prepared", async () => {
    const attempt = acquireWorkspace(wsSpec("echo installing; echo 'npm ERR! 404' >&2; exit 1"), { cacheDir });
    await expect(attempt).rejects.toMatchObject({ code: "setup_failed", message: "setup command exited with 1" });
    await expect(acquireWorkspace(wsSpec("exit 1"), { cacheDir })).rejects.toMatchObject({ log: expect.stringMatching(/\$ exit 1/) });
    expect(readdirSync(path.join(cacheDir, "workspaces")).filter((name) => name.startsWith(".tmp-"))).toEqual([]);
  });

  it("stops a setup that writes past its disk quota (its /tmp included) and says so", async () => {
    const attempt = acquireWorkspace(wsSpec("head -c 6291456 /dev/zero > /tmp/cache.bin && head -c 6291456 /dev/zero > deps.bin && sleep 10"), {
      cacheDir,
      setupLimits: { diskBytes: 8 * 1024 * 1024 },
    });
    await expect(attempt).rejects.toMatchObject({ code: "setup_failed", message: "setup command stopped: it wrote more than 8388608 bytes to disk (limit reached: disk)" });
    expect(readdirSync(path.join(cacheDir, "workspaces")).filter((name) => name.startsWith(".tmp-"))).toEqual([]);
  });

  it("evicts the least recently used workspace past the size bound, keeps leased entries (a base-only workspace borrows nothing, so its mirror is fetched again when needed), and survives a restart", async () => {
    const lruCache = await mkdtemp(path.join(os.tmpdir(), "specpath-lru-cache-"));
    const lruMirror = await ensureMirror(fixture.repoDir, { cacheDir: lruCache });
    // As a run does: the mirror is looked up (and cloned again if it was evicted) before each preparation.
    const acquire = async (setupCommand: string, options: Parameters<typeof acquireWorkspace>[1]) =>
      acquireWorkspace({ mirror: await ensureMirror(fixture.repoDir, { cacheDir: lruCache }), commit, setupCommand, image: null }, options);
    const a = await acquire("echo a > which", { cacheDir: lruCache });
    await a.release();
    const sizes = await new CacheIndex(lruCache).entries();
    const total = Object.values(sizes).reduce((sum, e) => sum + e.bytes, 0);
    const aBytes = sizes[a.key]?.bytes ?? 0;
    const tight = { cacheDir: lruCache, maxCacheBytes: total + Math.floor(aBytes / 2) };

    const b = await acquire("echo b > which", tight);
    await b.release();
    const afterB = await new CacheIndex(lruCache).entries(); // a fresh reader: the index is on disk
    expect(Object.keys(afterB)).toContain(b.key);
    expect(Object.keys(afterB)).not.toContain(a.key);
    expect(readdirSync(path.join(lruCache, "workspaces"))).not.toContain(a.key);

    const held = await acquire("echo b > which", tight); // leased: in use
    const c = await acquire("echo c > which", tight);
    await c.release();
    expect(Object.keys(await new CacheIndex(lruCache).entries())).toEqual(expect.arrayContaining([b.key, c.key]));
    await held.release();

    const again = await acquire("echo a > which", { cacheDir: lruCache });
    await again.release();
    expect(again.created).toBe(true);
    await rm(lruCache, { recursive: true, force: true });
  });

  it("adopts a prepared workspace the index lost instead of preparing it again", async () => {
    const first = await acquireWorkspace(wsSpec("echo adopt >> setup-ran"), { cacheDir });
    await first.release();
    await rm(path.join(cacheDir, "index.json"));
    const second = await acquireWorkspace(wsSpec("echo adopt >> setup-ran"), { cacheDir });
    await second.release();
    expect(second.created).toBe(false);
    expect(readFileSync(path.join(second.repoDir, "setup-ran"), "utf8")).toBe("adopt\n");
  });
});
