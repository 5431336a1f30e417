// Property-based: fast-check sends generated path parameters, query strings and
// bodies (NUL bytes, lone surrogates, huge and negative numbers, wrong types, deep
// nesting, real and invalid ids) to every API route, as a user holding every role.
// Every answer is below 500 with an error sentence, and a 4xx changes nothing stored
// (every table's rows, and the queue). Prints the number of requests per route.
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "@/lib/testing/db";
import { NextRequest } from "next/server";
import { makeUser, sessionCookie } from "@/lib/testing/factories";
import { makeDemoFamily } from "@/lib/patches/testing/demo-family";
import { db } from "@/lib/db";

process.env.NEXTAUTH_SECRET ??= "test-secret";
const API = path.resolve(import.meta.dirname, "..");
const SKIP = new Set(["auth/[...nextauth]"]);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const RUNS_PER_METHOD = Number(process.env.FUZZ_RUNS ?? 25);

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "__tests__" ? [] : routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

// Text that breaks things: NUL, lone surrogates, traversal, SQL-ish, very long, unicode.
const nastyText = fc.oneof(
  fc.constantFrom("", " ", "\u0000", "a\u0000b", "\ud800", "x\udfffy", "%00", "../../etc/passwd", "'; DROP TABLE \"Suite\"; --", "😀", "\u202e", "null", "0", "-1", "1e309", "a".repeat(5000)),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 20 }),
);
const nastyNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 2_147_483_647, 2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER, 1e308, 0.5, -0.0),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const leaf = fc.oneof(nastyText, nastyNumber, fc.boolean(), fc.constant(null));
const value = fc.letrec((tie) => ({
  v: fc.oneof({ depthSize: "small", withCrossShrink: true }, leaf, fc.array(tie("v"), { maxLength: 4 }), fc.dictionary(nastyText, tie("v"), { maxKeys: 4 })),
})).v;
const KEYS = ["name", "version", "title", "diff", "kind", "text", "body", "turns", "email", "roles", "password", "condition", "atomIds", "testIds", "order", "mode", "key", "statement", "targetAtomId", "reason", "url", "path", "number", "limit", "active", "settings", "content", "lineStart", "lineEnd", "index", "repo", "query"];

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/** Like callRoute, but a body that is not JSON (an asset, a file) is kept as text. */
async function call(handler: Handler, o: { method: string; path: string; params: Record<string, string | string[]>; body?: unknown; rawBody?: string }) {
  const headers = new Headers({ cookie: await sessionCookie(userId) });
  const body = o.rawBody ?? (o.body === undefined ? undefined : JSON.stringify(o.body));
  if (body !== undefined) headers.set("content-type", "application/json");
  const req = new NextRequest(new URL(o.path, "http://localhost:3000"), { method: o.method, headers, body });
  const res = await handler(req, { params: Promise.resolve(o.params) });
  const text = await res.text();
  let json: { error?: unknown } = {};
  try {
    json = JSON.parse(text) as { error?: unknown };
  } catch {
    // not JSON: fine for a 2xx (asset, file); a 4xx must still be JSON with an error
  }
  return { status: res.status, json };
}

// Bodies shaped like real ones (so they get past the schema to the database) with one
// nasty string or number in them.
const plausibleBody = fc.oneof(
  fc.record({ name: nastyText }),
  fc.record({ name: nastyText, version: nastyNumber }),
  fc.record({ email: nastyText.map((t) => `${t}@example.org`), name: nastyText, roles: fc.constant(["curator"]) }),
  fc.record({ title: nastyText, version: fc.constantFrom(1, 2_147_483_648) }),
  fc.record({ text: nastyText, version: fc.constantFrom(1, 2_147_483_648) }),
  fc.record({ statement: nastyText, polarity: fc.constantFrom("require", "forbid") }),
  fc.record({ kind: fc.constantFrom("alternative", "negative"), name: nastyText, diff: nastyText }),
  fc.record({ body: nastyText }),
  fc.record({ reason: nastyText }),
  fc.record({ url: nastyText, path: nastyText }),
);

let userId: string;
let demo: Awaited<ReturnType<typeof makeDemoFamily>>;
const idsByParam: Record<string, string[]> = {};
const counts = new Map<string, number>();

/** Every stored row of every table, hashed, plus the queue: equal before and after a 4xx. */
async function fingerprint(): Promise<string> {
  const tables = await db().$queryRawUnsafe<{ t: string }[]>(
    `SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_studio_migrations' ORDER BY 1`,
  );
  // A suite export an earlier (accepted) request started keeps writing its progress in the
  // background: for ExportJob only which jobs exist counts, not how far they have got.
  const row = (t: string) => (t === "ExportJob" ? `(x.id, x."suiteId", x."createdAt")::text` : "x::text");
  const parts = tables.map(({ t }) => `SELECT '${t}' AS t, count(*)::text || ':' || coalesce(md5(string_agg(${row(t)}, '|' ORDER BY ${row(t)})), '') AS h FROM "${t}" x`);
  parts.push(`SELECT 'pgboss.job' AS t, count(*)::text AS h FROM pgboss.job`);
  const rows = await db().$queryRawUnsafe<{ t: string; h: string }[]>(parts.join(" UNION ALL "));
  return rows.map((r) => `${r.t}=${r.h}`).join(";");
}

beforeAll(async () => {
  await useFreshDatabase();
  userId = (await makeUser(["admin", "lead", "curator", "reviewer"])).id;
  demo = await makeDemoFamily([userId]);
  const pick = async (rows: Promise<{ id: string | bigint }[]>) => (await rows).map((r) => String(r.id)).slice(0, 3);
  Object.assign(idsByParam, {
    familyId: [demo.family.id],
    atomId: Object.values(demo.atoms).slice(0, 2),
    patchId: await pick(db().patch.findMany({ select: { id: true } })),
    anchorId: await pick(db().evidenceAnchor.findMany({ select: { id: true } }).catch(() => [])),
    probeId: await pick(db().probe.findMany({ select: { id: true } })),
    suiteId: [demo.family.suiteId ?? "nope"],
    userId: [userId],
    condition: ["spec_only", "full"],
    number: ["1", "2147483648"],
  });
}, 120_000);
afterAll(() => {
  demo?.cleanup();
  const lines = [...counts].map(([route, n]) => `  ${String(n).padStart(5)}  ${route}`);
  console.log(`[fuzz] generated requests per route (total ${[...counts.values()].reduce((a, b) => a + b, 0)}):\n${lines.join("\n")}`);
});

describe("generated input to every API route", () => {
  const files = routeFiles(API).filter((file) => !SKIP.has(path.relative(API, path.dirname(file))));

  it("finds the routes", () => expect(files.length).toBeGreaterThan(40));

  for (const file of files) {
    const rel = path.relative(API, path.dirname(file));
    const paramNames = [...rel.matchAll(/\[(\.\.\.)?(\w+)\]/g)].map(([, rest, name]) => ({ name: name!, rest: Boolean(rest) }));
    it(`${rel}: no 5xx, nothing stored changes on a 4xx`, async () => {
      const mod = (await import(file)) as Record<string, Handler>;
      const paramArb = fc.record(
        Object.fromEntries(
          paramNames.map(({ name, rest }) => {
            const one = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...(idsByParam[name]?.length ? idsByParam[name]! : ["nope"])) }, { weight: 3, arbitrary: nastyText });
            return [name, rest ? fc.array(one, { minLength: 1, maxLength: 3 }) : one];
          }),
        ),
      );
      const queryArb = fc.dictionary(fc.constantFrom("limit", "before", "version", "path", "take", "cursor", "file", "q", "status", "kind"), nastyText, { maxKeys: 3 });
      const bodyArb = fc.oneof(
        { weight: 3, arbitrary: plausibleBody },
        { weight: 3, arbitrary: fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 6 }) },
        { weight: 1, arbitrary: value },
        { weight: 1, arbitrary: fc.constantFrom("{not json", "", "[]", "null", '{"a":"\\u0000"}', '{"name":"\\ud800"}', '{"version":2147483648}') },
      );
      for (const method of METHODS) {
        const handler = mod[method];
        if (!handler) continue;
        await fc.assert(
          fc.asyncProperty(paramArb, queryArb, bodyArb, async (params, query, body) => {
            const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, v.replace(/\u0000/g, "%00")])).toString();
            const input = method === "GET" || method === "DELETE" ? {} : typeof body === "string" ? { rawBody: body } : { body };
            const before = await fingerprint();
            const res = await call(handler, { method, path: `/api/${rel}?${search}`, params: params as Record<string, string | string[]>, ...input });
            counts.set(`${method} ${rel}`, (counts.get(`${method} ${rel}`) ?? 0) + 1);
            const what = `${method} ${rel} params=${JSON.stringify(params)} query=${search} body=${JSON.stringify(body)?.slice(0, 300)}: ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`;
            expect(res.status, what).toBeLessThan(500);
            if (res.status >= 400) {
              expect(typeof res.json.error, what).toBe("string");
              expect(await fingerprint(), `stored data changed on ${what}`).toBe(before);
            }
          }),
          { numRuns: RUNS_PER_METHOD, endOnFailure: true },
        );
      }
    }, 240_000);
  }
});
