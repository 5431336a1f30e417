// The session cookie's JWT is decrypted once per cookie (issue 24), without ever answering for a
// token next-auth itself would refuse: expired, tampered, or sealed with another secret.
import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { decodeSessionToken } from "./session-token";

const secret = "session-token-test-secret";

describe("decodeSessionToken", () => {
  it("answers a repeated cookie from the cache: the same payload, not decrypted again", async () => {
    const token = await encode({ token: { sub: "user-1" }, secret });
    const first = await decodeSessionToken({ token, secret });
    expect(first?.sub).toBe("user-1");
    expect(await decodeSessionToken({ token, secret })).toBe(first);
  });

  it("refuses a tampered token, a token of another secret, and an expired one even after it was cached", async () => {
    const token = await encode({ token: { sub: "user-2" }, secret });
    const tampered = token.slice(0, -4) + (token.endsWith("AAAA") ? "BBBB" : "AAAA");
    expect(await decodeSessionToken({ token: tampered, secret })).toBeNull();
    expect(await decodeSessionToken({ token, secret: "another-secret" })).toBeNull();
    expect(await decodeSessionToken({ token: "", secret })).toBeNull();

    const shortLived = await encode({ token: { sub: "user-3" }, secret, maxAge: 1 });
    expect((await decodeSessionToken({ token: shortLived, secret }))?.sub).toBe("user-3");
    const realNow = Date.now;
    Date.now = () => realNow() + 60_000; // past its expiry and next-auth's 15 s tolerance
    try {
      expect(await decodeSessionToken({ token: shortLived, secret })).toBeNull();
    } finally {
      Date.now = realNow;
    }
  });
});
