import { readdirSync, readFileSync, statSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CacheIndex } from "./cache-index";
import { ensureMirror, requireCommit, type Mirror } from "../../lib/git/mirror";
import { createNodeFixture, type NodeFixture } from "./testing/node-fixture";
import { acquireWorkspace, copyWorkspace, type WorkspaceSpec } from "./workspace";

let fixture: NodeFixture;
let cacheDir: string;
let mirror: Mirror;
let commit: string;

beforeAll(async () => {
  fixture = await createNodeFixture();
  cacheDir = await mkdtemp(path.join(os.tmpdir(), "specpath-ws-cache-"));
  mirror = await ensureMirror(fixture.repoDir, { cacheDir });
  commit = await requireCommit(mirror, fixture.baseCommit, { cacheDir });
});
afterAll(async () => {
  await rm(fixture.repoDir, { recursive: true, force: true });
  await rm(cacheDir, { recursive: true, force: true });
});

const wsSpec = (setupCommand: string | null, hiddenTestPatch = fixture.hiddenTestPatch): WorkspaceSpec => ({
  mirror,
  commit,
  setupCommand,
  hiddenTestPatch,
  image: null,
});

describe("acquireWorkspace", () => {
  it("checks out the base with the hidden tests applied and a real .git, and runs setup once", async () => {
    const first = await acquireWorkspace(wsSpec("echo once >> setup-ran"), { cacheDir });
    await first.release();
    const second = await acquireWorkspace(wsSpec("echo once >> setup-ran"), { cacheDir });
    await second.release();
    expect([first.created, second.created]).toEqual([true, false]);
    expect(second.repoDir).toBe(first.repoDir);
    expect(readFileSync(path.join(first.repoDir, "setup-ran"), "utf8")).toBe("once\n");
    expect(readFileSync(path.join(first.repoDir, "test/clamp.test.js"), "utf8")).toMatch(/describe\("clamp"/);
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

  it("reports hidden tests that do not apply to the base", async () => {
    await expect(acquireWorkspace(wsSpec(null, fixture.staleContextPatch), { cacheDir })).rejects.toMatchObject({
      code: "setup_failed",
      message: expect.stringMatching(/hidden test patch does not apply: .*patch failed/s),
    });
  });

  it("evicts the least recently used workspace past the size bound, keeps borrowed mirrors and leased entries, and survives a restart", async () => {
    const lruCache = await mkdtemp(path.join(os.tmpdir(), "specpath-lru-cache-"));
    const lruMirror = await ensureMirror(fixture.repoDir, { cacheDir: lruCache });
    const lruSpec = (setupCommand: string): WorkspaceSpec => ({ mirror: lruMirror, commit, setupCommand, hiddenTestPatch: "", image: null });
    const a = await acquireWorkspace(lruSpec("echo a > which"), { cacheDir: lruCache });
    await a.release();
    const sizes = await new CacheIndex(lruCache).entries();
    const total = Object.values(sizes).reduce((sum, e) => sum + e.bytes, 0);
    const aBytes = sizes[a.key]?.bytes ?? 0;
    const tight = { cacheDir: lruCache, maxCacheBytes: total + Math.floor(aBytes / 2) };

    const b = await acquireWorkspace(lruSpec("echo b > which"), tight);
    await b.release();
    const afterB = await new CacheIndex(lruCache).entries(); // a fresh reader: the index is on disk
    expect(Object.keys(afterB)).toContain(b.key);
    expect(Object.keys(afterB)).toContain(lruMirror.key);
    expect(Object.keys(afterB)).not.toContain(a.key);
    expect(readdirSync(path.join(lruCache, "workspaces"))).not.toContain(a.key);

    const held = await acquireWorkspace(lruSpec("echo b > which"), tight); // leased: in use
    const c = await acquireWorkspace(lruSpec("echo c > which"), tight);
    await c.release();
    expect(Object.keys(await new CacheIndex(lruCache).entries())).toEqual(expect.arrayContaining([b.key, c.key]));
    await held.release();

    const again = await acquireWorkspace(lruSpec("echo a > which"), { cacheDir: lruCache });
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
