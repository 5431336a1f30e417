import { execFileSync } from "node:child_process";
import { linkSync, lstatSync, mkdirSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diskUsage, watchDisk } from "./disk-watch";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "specpath-disk-watch-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** What du counts under `dir` (allocated blocks, each inode once, links not followed), without `dir` itself. */
function du(...dirs: string[]): number {
  const out = execFileSync("du", ["-s", "-B1", "-c", ...dirs], { encoding: "utf8" });
  const total = Number(/^(\d+)\s+total$/m.exec(out)?.[1]);
  return total - dirs.reduce((sum, dir) => sum + lstatSync(dir).blocks * 512, 0);
}

describe("diskUsage", () => {
  it("counts what du counts: nested files, a hard link once, a symlink as itself, over more entries than one slice", async () => {
    const dir = path.join(root, "tree");
    const outside = path.join(root, "outside.bin");
    writeFileSync(outside, Buffer.alloc(4 * 1024 * 1024, 1));
    for (let d = 0; d < 6; d++) {
      mkdirSync(path.join(dir, `d${d}`, "deeper"), { recursive: true });
      for (let f = 0; f < 200; f++) writeFileSync(path.join(dir, `d${d}`, f % 2 ? "deeper" : "", `f${f}`), "x".repeat(f * 37));
    }
    writeFileSync(path.join(dir, "big.bin"), Buffer.alloc(3 * 1024 * 1024, 2));
    linkSync(path.join(dir, "big.bin"), path.join(dir, "d0", "big-again.bin"));
    symlinkSync(outside, path.join(dir, "link-to-outside"));
    const other = path.join(root, "other");
    mkdirSync(other);
    writeFileSync(path.join(other, "o"), Buffer.alloc(100_000, 3));

    expect(await diskUsage([dir])).toBe(du(dir));
    expect(await diskUsage([dir, other])).toBe(du(dir, other));
    // The 4 MiB behind the symlink are not counted, and the hard link's 3 MiB once.
    const withLinks = await diskUsage([dir]);
    const link = path.join(dir, "link-to-outside");
    const linkBlocks = lstatSync(link).blocks * 512;
    unlinkSync(link);
    unlinkSync(path.join(dir, "d0", "big-again.bin"));
    expect(await diskUsage([dir])).toBe(withLinks - linkBlocks);
    expect(await diskUsage([path.join(root, "missing")])).toBe(0);
  });

  it("stops a watch once what was added passes the quota, not what was there at the start", async () => {
    const dir = path.join(root, "watched");
    mkdirSync(dir);
    writeFileSync(path.join(dir, "before.bin"), Buffer.alloc(2 * 1024 * 1024, 1));
    const watch = await watchDisk([dir], 1024 * 1024, 20);
    let over = false;
    void watch.exceeded.then(() => (over = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(over).toBe(false);
    writeFileSync(path.join(dir, "after.bin"), Buffer.alloc(1536 * 1024, 1));
    await watch.exceeded;
    expect(watch.peakBytes()).toBeGreaterThan(1024 * 1024);
    watch.stop();
  });
});
