// Failed sign-ins are recorded in the audit log and throttled per account and per client.
import { beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "../testing/db";
import { makeUser } from "../testing/factories";
import { db } from "../db/client";
import { authorizeCredentials } from "./options";
import { FAILED_SIGN_IN, THROTTLED_SIGN_IN } from "./record-failed-sign-in";
import { PEER_HEADER } from "./sign-in-throttle";

beforeAll(async () => {
  await useFreshDatabase();
});

// As the web server sees a request: the socket's peer (recorded by lib/http/peer-address.cjs).
const from = (ip: string) => ({ headers: { [PEER_HEADER]: ip } });
(globalThis as Record<symbol, unknown>)[Symbol.for("specpath.peerAddressRecorded")] = true;

describe("sign-in throttling", () => {
  it("after five wrong passwords the account waits, even with the right one; all of it is audited", async () => {
    const user = await makeUser(["curator"], "right-password");
    for (let i = 0; i < 5; i++) expect(await authorizeCredentials({ email: user.email, password: "wrong" }, from("10.0.0.1"))).toBeNull();
    await expect(authorizeCredentials({ email: user.email, password: "right-password" }, from("10.0.0.2"))).rejects.toThrow(/Too many failed sign-ins; try again in \d+ seconds/);
    const events = await db().auditEvent.findMany({ where: { entity: "SignIn", entityId: user.email }, orderBy: { id: "asc" } });
    expect(events.map((e) => e.action)).toEqual([...Array(5).fill(FAILED_SIGN_IN), THROTTLED_SIGN_IN]);
    expect(events[0]!.after).toMatchObject({ client: "10.0.0.1", reason: "wrong_password", userId: user.id });
  });

  it("a success resets the account's count", async () => {
    const user = await makeUser(["curator"], "right-password");
    for (let i = 0; i < 4; i++) await authorizeCredentials({ email: user.email, password: "wrong" }, from("10.0.1.1"));
    expect(await authorizeCredentials({ email: user.email, password: "right-password" }, from("10.0.1.1"))).toMatchObject({ id: user.id });
    for (let i = 0; i < 4; i++) await authorizeCredentials({ email: user.email, password: "wrong" }, from("10.0.1.1"));
    expect(await authorizeCredentials({ email: user.email, password: "right-password" }, from("10.0.1.1"))).toMatchObject({ id: user.id });
  });

  it("one client guessing many accounts is throttled too", async () => {
    for (let i = 0; i < 20; i++) await authorizeCredentials({ email: `nobody-${i}@test.local`, password: "guess" }, from("10.9.9.9"));
    const user = await makeUser(["curator"], "right-password");
    await expect(authorizeCredentials({ email: user.email, password: "right-password" }, from("10.9.9.9"))).rejects.toThrow(/Too many failed sign-ins/);
    expect(await authorizeCredentials({ email: user.email, password: "right-password" }, from("10.9.9.10"))).toMatchObject({ id: user.id });
  });

  describe("with a rotating X-Forwarded-For (issue #20)", () => {
    const rotating = (peer: string, i: number) => ({ headers: { [PEER_HEADER]: peer, "x-forwarded-for": `198.51.${Math.floor(i / 250)}.${i % 250}` } });
    const guess = (peer: string, i: number) => authorizeCredentials({ email: `rotating-${peer}-${i}@test.local`, password: "guess" }, rotating(peer, i));

    it("without STUDIO_TRUSTED_PROXIES the header is ignored: the peer is throttled after 20 failures", async () => {
      delete process.env.STUDIO_TRUSTED_PROXIES;
      for (let i = 0; i < 20; i++) expect(await guess("10.20.0.1", i)).toBeNull();
      await expect(guess("10.20.0.1", 20)).rejects.toThrow(/Too many failed sign-ins/);
      const events = await db().auditEvent.findMany({ where: { action: FAILED_SIGN_IN, entityId: { startsWith: "rotating-10.20.0.1-" } } });
      expect(new Set(events.map((e) => (e.after as { client: string }).client))).toEqual(new Set(["10.20.0.1"]));
    });

    it("with the peer listed in STUDIO_TRUSTED_PROXIES each forwarded client counts on its own", async () => {
      process.env.STUDIO_TRUSTED_PROXIES = "10.20.0.2";
      try {
        for (let i = 0; i < 25; i++) expect(await guess("10.20.0.2", i)).toBeNull();
        const events = await db().auditEvent.findMany({ where: { action: FAILED_SIGN_IN, entityId: { startsWith: "rotating-10.20.0.2-" } } });
        expect(new Set(events.map((e) => (e.after as { client: string }).client)).size).toBe(25);
        // A peer that is not the configured proxy still cannot rotate its way past the limit.
        for (let i = 0; i < 20; i++) await guess("10.20.0.3", i);
        await expect(guess("10.20.0.3", 20)).rejects.toThrow(/Too many failed sign-ins/);
      } finally {
        delete process.env.STUDIO_TRUSTED_PROXIES;
      }
    });
  });

  it("without the web server's peer preload a client-sent peer header is ignored", async () => {
    const flag = Symbol.for("specpath.peerAddressRecorded");
    (globalThis as Record<symbol, unknown>)[flag] = false;
    try {
      for (let i = 0; i < 3; i++) await authorizeCredentials({ email: `forged-peer-${i}@test.local`, password: "guess" }, from(`10.30.0.${i}`));
      const events = await db().auditEvent.findMany({ where: { action: FAILED_SIGN_IN, entityId: { startsWith: "forged-peer-" } } });
      expect(new Set(events.map((e) => (e.after as { client: string }).client))).toEqual(new Set(["unknown"]));
    } finally {
      (globalThis as Record<symbol, unknown>)[flag] = true;
    }
  });
});
