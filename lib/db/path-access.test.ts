import { describe, expect, it } from "vitest";
import { ancestors, blockingAncestor, canTraverse } from "./path-access";

const pgUser = { uid: 101, gid: 104, groups: [104, 103] };
const dir = (mode: number, uid = 0, gid = 0) => ({ mode: 0o40000 | mode, uid, gid, isDirectory: () => true });

describe("path access for the postgres user", () => {
  it("lists the folders on the way, outermost first", () => {
    expect(ancestors("/root/clone/node_modules/x/bin/postgres")).toEqual(["/", "/root", "/root/clone", "/root/clone/node_modules", "/root/clone/node_modules/x", "/root/clone/node_modules/x/bin"]);
  });

  it("checks owner, group and other search bits", () => {
    expect(canTraverse(dir(0o700), pgUser)).toBe(false);
    expect(canTraverse(dir(0o711), pgUser)).toBe(true);
    expect(canTraverse(dir(0o710, 0, 103), pgUser)).toBe(true);
    expect(canTraverse(dir(0o700, 101), pgUser)).toBe(true);
    expect(canTraverse(dir(0o077, 101), pgUser)).toBe(false);
  });

  it("names the first folder that blocks, and stops at folders that do not exist yet", () => {
    const tree: Record<string, ReturnType<typeof dir>> = { "/": dir(0o755), "/root": dir(0o700), "/tmp": dir(0o1777), "/tmp/tmp.abc": dir(0o700) };
    const stat = (p: string) => tree[p] ?? null;
    expect(blockingAncestor("/root/clone/x", pgUser, stat)).toBe("/root");
    expect(blockingAncestor("/tmp/tmp.abc/pg", pgUser, stat)).toBe("/tmp/tmp.abc");
    expect(blockingAncestor("/tmp/new/pg", pgUser, stat)).toBeNull();
  });
});
