import { describe, expect, it } from "vitest";
import { ACCOUNT_FREE_FAILURES, clientAddress, signInWaitMs, throttledMessage, waitAfter } from "./sign-in-throttle";

const now = new Date("2026-12-01T08:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const none = { count: 0, lastAt: null };

describe("sign-in throttling", () => {
  it("lets a few failures through, then doubles the wait up to 15 minutes", () => {
    expect(waitAfter(ACCOUNT_FREE_FAILURES - 1, ACCOUNT_FREE_FAILURES)).toBe(0);
    expect(waitAfter(5, 5)).toBe(30_000);
    expect(waitAfter(6, 5)).toBe(60_000);
    expect(waitAfter(50, 5)).toBe(15 * 60_000);
  });

  it("counts from the last failure, per account and per client", () => {
    expect(signInWaitMs({ count: 4, lastAt: ago(0) }, none, now)).toBe(0);
    expect(signInWaitMs({ count: 5, lastAt: ago(10_000) }, none, now)).toBe(20_000);
    expect(signInWaitMs({ count: 5, lastAt: ago(40_000) }, none, now)).toBe(0);
    expect(signInWaitMs(none, { count: 20, lastAt: ago(0) }, now)).toBe(30_000);
    expect(signInWaitMs(none, { count: 19, lastAt: ago(0) }, now)).toBe(0);
  });

  it("says how long to wait, and finds the client address", () => {
    expect(throttledMessage(20_000)).toBe("Too many failed sign-ins; try again in 20 seconds.");
    expect(throttledMessage(120_000)).toBe("Too many failed sign-ins; try again in 2 minutes.");
    expect(clientAddress({ "x-forwarded-for": "10.0.0.7, 127.0.0.1" })).toBe("10.0.0.7");
    expect(clientAddress({})).toBe("unknown");
  });
});
