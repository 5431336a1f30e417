// Every API route, called with unknown ids and malformed bodies by a user holding
// every role: answers 2xx or 4xx with an error message — never a 500 — and stores nothing.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "@/lib/testing/db";
import { callRoute, makeUser } from "@/lib/testing/factories";
import { db } from "@/lib/db";

process.env.NEXTAUTH_SECRET ??= "test-secret";
const API = path.resolve(import.meta.dirname, "..");
const SKIP = new Set(["auth/[...nextauth]", "health"]);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "__tests__" ? [] : routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

const bodies = [{ rawBody: "{not json" }, { body: {} }, { body: { version: "x", name: 42, turns: "no", testIds: [1] } }, { body: [] }];

let userId: string;
beforeAll(async () => {
  await useFreshDatabase();
  userId = (await makeUser(["admin", "lead", "curator"])).id;
});

describe("bad input to any API", () => {
  const files = routeFiles(API).filter((file) => !SKIP.has(path.relative(API, path.dirname(file))));

  it("finds the routes", () => expect(files.length).toBeGreaterThan(20));

  for (const file of files) {
    const rel = path.relative(API, path.dirname(file));
    it(`${rel} never answers 500`, async () => {
      const mod = (await import(file)) as Record<string, Parameters<typeof callRoute>[0]>;
      const params = Object.fromEntries(
        [...rel.matchAll(/\[(\.\.\.)?(\w+)\]/g)].map(([, rest, name]) => [name!, rest ? (["nope"] as unknown as string) : "nope"]),
      );
      const urlPath = `/api/${rel.replace(/\[(\.\.\.)?(\w+)\]/g, "nope")}?limit=abc&before=zz`;
      const before = await db().auditEvent.count();
      for (const method of METHODS) {
        const handler = mod[method];
        if (!handler) continue;
        for (const input of method === "GET" || method === "DELETE" ? [{}] : bodies) {
          const res = await callRoute(handler, { method, path: urlPath, userId, params, ...input });
          expect(res.status, `${method} ${rel} ${JSON.stringify(input)}: ${JSON.stringify(res.json)}`).toBeLessThan(500);
          if (res.status >= 400) expect(typeof res.json.error).toBe("string");
        }
      }
      expect(await db().auditEvent.count()).toBe(before);
    });
  }
});
