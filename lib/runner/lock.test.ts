import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os, { hostname } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withLock } from "./lock";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "specpath-lock-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("withLock", () => {
  it("runs holders one at a time", async () => {
    const lock = path.join(dir, "serial.lock");
    const events: string[] = [];
    const holder = (name: string) =>
      withLock(lock, async () => {
        events.push(`${name}+`);
        await new Promise((resolve) => setTimeout(resolve, 30));
        events.push(`${name}-`);
      });
    await Promise.all([holder("a"), holder("b"), holder("c")]);
    for (let i = 0; i < events.length; i += 2) expect(events[i + 1]).toBe(events[i]?.replace("+", "-"));
  });

  it("hands the lock from one holder in this process to the next without waiting out the poll interval", async () => {
    const lock = path.join(dir, "queued.lock");
    const events: string[] = [];
    // A poll interval longer than the test's own timeout: a holder that polled for its turn would fail the test.
    const options = { pollMs: 60_000 };
    const holder = (name: string) =>
      withLock(lock, async () => {
        events.push(`${name}+`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        events.push(`${name}-`);
      }, options);
    await Promise.all([holder("a"), holder("b"), holder("c")]);
    expect(events).toEqual(["a+", "a-", "b+", "b-", "c+", "c-"]);
  }, 10_000);

  it("gives up on a holder in this process after its timeout too, and the queue goes on", async () => {
    const lock = path.join(dir, "held.lock");
    let free = () => undefined as void;
    const held = withLock(lock, () => new Promise<void>((resolve) => (free = resolve)));
    await expect(withLock(lock, async () => "got it", { timeoutMs: 100 })).rejects.toMatchObject({ code: "lock_timeout" });
    free();
    await held;
    expect(await withLock(lock, async () => "after")).toBe("after");
  });

  it("breaks a lock left by a dead process", async () => {
    const lock = path.join(dir, "stale.lock");
    await writeFile(lock, `999999999:${hostname()}:left-by-a-crash`);
    expect(await withLock(lock, async () => readFile(lock, "utf8"))).toMatch(new RegExp(`^${process.pid}:`));
  });

  it("waits for a live holder and gives up after its timeout", async () => {
    const lock = path.join(dir, "live.lock");
    await writeFile(lock, `${process.pid}:${hostname()}:someone-else`);
    await expect(withLock(lock, async () => "got it", { timeoutMs: 100 })).rejects.toMatchObject({ code: "lock_timeout" });
  });
});
