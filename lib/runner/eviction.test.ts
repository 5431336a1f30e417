import { describe, expect, it } from "vitest";
import { planEviction, type CacheEntry } from "./eviction";

const entry = (kind: CacheEntry["kind"], bytes: number, lastUsedAt: number, mirror?: string): CacheEntry => ({
  kind,
  path: "x",
  bytes,
  createdAt: 0,
  lastUsedAt,
  mirror,
});

describe("planEviction", () => {
  it("drops least recently used entries until the total fits", () => {
    const entries = { old: entry("workspace", 50, 1), mid: entry("workspace", 50, 2), new: entry("workspace", 50, 3) };
    expect(planEviction(entries, 100, () => false)).toEqual(["old"]);
    expect(planEviction(entries, 60, () => false)).toEqual(["old", "mid"]);
    expect(planEviction(entries, 150, () => false)).toEqual([]);
  });

  it("keeps entries in use", () => {
    const entries = { old: entry("workspace", 50, 1), mid: entry("workspace", 50, 2) };
    expect(planEviction(entries, 50, (key) => key === "old")).toEqual(["mid"]);
  });

  it("keeps a mirror while a workspace borrows its objects, unless that workspace goes first", () => {
    const entries = { m: entry("mirror", 100, 1), w: entry("workspace", 10, 5, "m") };
    expect(planEviction(entries, 50, (key) => key === "w")).toEqual([]);
    const older = { w: entry("workspace", 10, 0, "m"), m: entry("mirror", 100, 1) };
    expect(planEviction(older, 5, () => false)).toEqual(["w", "m"]);
  });
});
