// Failed sign-ins are recorded in the audit log and throttled per account and per client.
import { beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "../testing/db";
import { makeUser } from "../testing/factories";
import { db } from "../db/client";
import { authorizeCredentials } from "./options";
import { FAILED_SIGN_IN, THROTTLED_SIGN_IN } from "./record-failed-sign-in";

beforeAll(async () => {
  await useFreshDatabase();
});

const from = (ip: string) => ({ headers: { "x-forwarded-for": ip } });

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
});
