import { describe, expect, it } from "vitest";
import { ACCOUNT_FREE_FAILURES, PEER_HEADER, clientAddress, parseTrustedProxies, signInWaitMs, throttledMessage, waitAfter } from "./sign-in-throttle";

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
    expect(clientAddress({ [PEER_HEADER]: "10.0.0.9" }, [])).toBe("10.0.0.9");
    expect(clientAddress({}, [])).toBe("unknown");
  });

  it("trusts X-Forwarded-For only from a configured proxy (issue #20)", () => {
    const forged = { [PEER_HEADER]: "203.0.113.5", "x-forwarded-for": "10.0.0.7", "x-real-ip": "10.0.0.8" };
    expect(clientAddress(forged, [])).toBe("203.0.113.5");
    expect(clientAddress(forged, ["127.0.0.1"])).toBe("203.0.113.5");
    const proxied = { [PEER_HEADER]: "::ffff:127.0.0.1", "x-forwarded-for": "198.51.100.1, 10.0.0.7" };
    expect(clientAddress(proxied, ["127.0.0.1"])).toBe("10.0.0.7"); // the right-most hop the proxy saw
    expect(clientAddress(proxied, ["127.0.0.1", "10.0.0.7"])).toBe("198.51.100.1"); // a chain of trusted proxies
    expect(clientAddress({ [PEER_HEADER]: "127.0.0.1" }, ["127.0.0.1"])).toBe("127.0.0.1");
    expect(clientAddress({ [PEER_HEADER]: "127.0.0.1", "x-forwarded-for": "" }, ["127.0.0.1"])).toBe("127.0.0.1");
    // Without the peer (the server did not record it) no header is believed.
    expect(clientAddress({ "x-forwarded-for": "10.0.0.7" }, ["127.0.0.1"])).toBe("unknown");
  });

  it("reads the trusted proxies from a comma- or space-separated list", () => {
    expect(parseTrustedProxies(" 127.0.0.1, ::1  10.0.0.5,,")).toEqual(["127.0.0.1", "::1", "10.0.0.5"]);
    expect(parseTrustedProxies(undefined)).toEqual([]);
  });
});
