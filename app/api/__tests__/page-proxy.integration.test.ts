// The studio's pages are prerendered shells (no session read while rendering), so the server's
// refusal of a page to a wrong role is proxy.ts's: this asks it as the browser would.
import { beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { useFreshDatabase } from "@/lib/testing/db";
import { makeFamily, makeUser, sessionCookie } from "@/lib/testing/factories";
import { createLoggingStudioClient } from "@/lib/db/client";
import { proxy } from "@/proxy";

process.env.NEXTAUTH_SECRET ??= "test-secret";

let reviewer: { id: string };
let curator: { id: string };
let family: { id: string; suiteId: string };

beforeAll(async () => {
  await useFreshDatabase();
  [reviewer, curator] = await Promise.all([makeUser(["reviewer"]), makeUser(["curator"])]);
  family = await makeFamily({ curatorIds: [curator.id] });
});

async function ask(path: string, userId?: string, rsc = false) {
  const headers = new Headers();
  if (userId) headers.set("cookie", await sessionCookie(userId));
  if (rsc) headers.set("rsc", "1"); // a client-side navigation asks for the page's RSC payload
  return proxy(new NextRequest(new URL(path, "http://localhost:3000"), { headers }));
}

const passes = (res: Response) => res.headers.get("x-middleware-next") === "1";

describe("page proxy", () => {
  it("refuses a reviewer every curator page of a family, also on a client-side navigation", async () => {
    for (const tab of ["", "/atoms", "/runs", "/histories", "/evidence", "/package"]) {
      for (const rsc of [false, true]) {
        const res = await ask(`/families/${family.id}${tab}`, reviewer.id, rsc);
        expect(res.status, tab).toBe(307);
        expect(new URL(res.headers.get("location")!).pathname).toBe("/forbidden");
        expect(passes(res)).toBe(false);
      }
    }
    const suite = await ask(`/suites/${family.suiteId}`, reviewer.id);
    expect(new URL(suite.headers.get("location")!).pathname).toBe("/forbidden");
  });

  it("sends a signed-out person to sign in and a forged cookie likewise", async () => {
    const res = await ask(`/families/${family.id}/atoms`);
    expect(res.status).toBe(307);
    expect(new URL(res.headers.get("location")!).pathname).toBe("/signin");
    const forged = await proxy(new NextRequest(new URL(`/suites`, "http://localhost:3000"), { headers: { cookie: "next-auth.session-token=forged" } }));
    expect(new URL(forged.headers.get("location")!).pathname).toBe("/signin");
  });

  it("opens the pages to the roles that may see them and leaves the API to its own guard", async () => {
    expect(passes(await ask(`/families/${family.id}/atoms`, curator.id))).toBe(true);
    expect(passes(await ask(`/inbox`, reviewer.id))).toBe(true);
    expect(passes(await ask(`/api/families/${family.id}`))).toBe(true);
    expect(passes(await ask(`/signin`))).toBe(true);
  });

  it("marks every page it opens private and unstored, so no shared cache hands it on past the role check", async () => {
    for (const [path, userId] of [[`/families/${family.id}`, curator.id], [`/families/${family.id}/runs`, curator.id], [`/suites/${family.suiteId}`, curator.id], ["/inbox", reviewer.id]] as const) {
      for (const rsc of [false, true]) {
        const res = await ask(path, userId, rsc);
        expect(passes(res), path).toBe(true);
        const cacheControl = res.headers.get("cache-control") ?? "";
        expect(cacheControl, path).toMatch(/\bprivate\b/);
        expect(cacheControl, path).toMatch(/\bno-store\b/);
        expect(cacheControl, path).not.toMatch(/s-maxage|public/);
      }
    }
  });

  it("refuses a page with the database notice (503) when it cannot tell who is signed in, never opens it unchecked", async () => {
    const holder = globalThis as unknown as { studioPrisma?: unknown };
    const real = holder.studioPrisma;
    const stranger = await makeUser(["reviewer"]); // not yet in the session cache
    const cookie = await sessionCookie(stranger.id);
    holder.studioPrisma = createLoggingStudioClient("postgresql://nobody@127.0.0.1:1/none"); // nothing listens there
    try {
      const res = await proxy(new NextRequest(new URL(`/families/${family.id}/atoms`, "http://localhost:3000"), { headers: { cookie } }));
      expect(res.status).toBe(503);
      expect(passes(res)).toBe(false);
      expect(await res.text()).toContain("The database is unavailable");
    } finally {
      holder.studioPrisma = real;
    }
  });
});
