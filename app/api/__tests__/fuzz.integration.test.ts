// Property-based: fast-check sends generated path parameters, query strings and
// bodies (NUL bytes, lone surrogates, huge and negative numbers, wrong types, deep
// nesting, real and invalid ids) to every API route, as a user holding every role.
// Every answer is below 500 with an error sentence, and a 4xx changes nothing stored
// (every table's rows, and the queue). Prints the number of requests per route. Issue #20 adds
// bodies nested 3,000 deep, malformed percent-encoding in every path parameter (through
// proxy.ts and into the handlers), agent-result uploads and crafted package imports.
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "@/lib/testing/db";
import { NextRequest } from "next/server";
import { makeUser, sessionCookie } from "@/lib/testing/factories";
import { makeDemoFamily } from "@/lib/testing/patches-demo-family";
import { db } from "@/lib/db";
import os from "node:os";
import { buildDemoFamily } from "@/lib/demo/build-demo-family";
import { createEvaluation } from "@/lib/evaluation/create-evaluation";
import { packageForGrading } from "@/lib/evaluation/testing/package-for-grading";
import { importPackage } from "@/lib/package/import-package";
import { packageToFiles, manifestOf, MANIFEST } from "@/lib/package/files";
import { packageHash } from "@/lib/package/hash";
import { writeTarGz } from "@/lib/package/native-export";
import { samplePackage } from "@/lib/package/test-fixtures";
import { AppError } from "@/lib/errors/app-error";
import { stopBoss } from "@/lib/jobs/boss";

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
let evaluationId: string;
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
  // An evaluation on a frozen package of a second family (the first one stays open to edits).
  const evalSuite = await db().suite.create({ data: { name: "fuzz-evaluations" } });
  const graded = await buildDemoFamily(db(), { suiteId: evalSuite.id, repo: demo.repo });
  const hash = await packageForGrading(graded.family.id, userId);
  evaluationId = (await createEvaluation(userId, { name: "fuzz", packageHashes: [hash], primaryBudgetSec: 1200 })).id;
  idsByParam.evaluationId = [evaluationId];
}, 120_000);
afterAll(async () => {
  demo?.cleanup();
  await stopBoss({ graceful: false, timeout: 1000 });
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

// Issue #20: the inputs the second probe found reaching a 500.
const DEEP = 3000;
const deepArrays = "[".repeat(DEEP) + "]".repeat(DEEP);
const deepObjects = '{"a":'.repeat(DEEP) + "1" + "}".repeat(DEEP);
const BAD_ENCODINGS = ["%E0%A4%A", "%ED%A0%80", "%", "%zz", "a%C3"];

async function callRaw(handler: Handler, o: { method: string; path: string; params: Record<string, string | string[]>; rawBody?: string }) {
  const res = await call(handler, o);
  counts.set(`${o.method} ${o.path.split("?")[0]}`, (counts.get(`${o.method} ${o.path.split("?")[0]}`) ?? 0) + 1);
  return res;
}

describe("bodies nested 3,000 deep, to every route that takes one", () => {
  it("answer 400 naming the nesting, never 5xx, and change nothing", async () => {
    const files = routeFiles(API).filter((file) => !SKIP.has(path.relative(API, path.dirname(file))));
    const outcomes: string[] = [];
    let refused = 0;
    for (const file of files) {
      const rel = path.relative(API, path.dirname(file));
      const mod = (await import(file)) as Record<string, Handler>;
      const params = Object.fromEntries([...rel.matchAll(/\[(\.\.\.)?(\w+)\]/g)].map(([, rest, name]) => [name!, rest ? [idsByParam[name!]?.[0] ?? "nope"] : (idsByParam[name!]?.[0] ?? "nope")]));
      for (const method of ["POST", "PUT", "PATCH"] as const) {
        if (!mod[method]) continue;
        for (const rawBody of [deepArrays, deepObjects]) {
          const before = await fingerprint();
          const res = await callRaw(mod[method], { method, path: `/api/${rel}`, params, rawBody });
          if (res.status >= 500 || (res.status >= 400 && typeof res.json.error !== "string")) outcomes.push(`${method} ${rel}: ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`);
          if (res.status >= 400 && (await fingerprint()) !== before) outcomes.push(`${method} ${rel}: stored data changed on a ${res.status}`);
          if (res.status === 400 && /nested more than \d+ levels/.test(String(res.json.error))) refused++;
        }
      }
    }
    expect(outcomes).toEqual([]);
    // Every route with a body schema (38 of them) refuses both bodies before any schema walks them.
    expect(refused).toBeGreaterThanOrEqual(2 * 38);
  }, 240_000);
});

describe("malformed percent-encoding in every path parameter", () => {
  it("the proxy answers 400 in the JSON error shape before routing, naming the segment", async () => {
    const { proxy } = await import("@/proxy");
    const files = routeFiles(API).filter((file) => !SKIP.has(path.relative(API, path.dirname(file))));
    const outcomes: string[] = [];
    let checked = 0;
    for (const file of files) {
      const rel = path.relative(API, path.dirname(file));
      const names = [...rel.matchAll(/\[(\.\.\.)?(\w+)\]/g)].map(([whole]) => whole);
      for (const target of names) {
        for (const bad of BAD_ENCODINGS) {
          const url = `/api/${rel}`.replace(/\[(\.\.\.)?(\w+)\]/g, (whole, _rest, name: string) => (whole === target ? bad : (idsByParam[name]?.[0] ?? "nope")));
          for (const method of METHODS) {
            const res = await proxy(new NextRequest(new URL(url, "http://localhost:3000"), { method }));
            const body = (await res.json().catch(() => ({}))) as { error?: string; code?: string };
            checked++;
            if (res.status !== 400 || body.code !== "INVALID_INPUT" || !body.error?.includes(`"${bad}"`)) outcomes.push(`${method} ${url}: ${res.status} ${JSON.stringify(body)}`);
          }
        }
      }
    }
    expect(outcomes).toEqual([]);
    expect(checked).toBeGreaterThan(500);
    // Pages get a 400 page; a well-formed path passes through.
    const page = await proxy(new NextRequest(new URL("/families/%ED%A0%80", "http://localhost:3000")));
    expect(page.status).toBe(400);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(await page.text()).toContain("%ED%A0%80");
    expect((await proxy(new NextRequest(new URL("/api/families/%E0%A4%A4x", "http://localhost:3000")))).headers.get("x-middleware-next")).toBe("1");
  });

  it("a handler given the undecoded or lossily decoded segment answers below 500", async () => {
    const files = routeFiles(API).filter((file) => !SKIP.has(path.relative(API, path.dirname(file))));
    const outcomes: string[] = [];
    for (const file of files) {
      const rel = path.relative(API, path.dirname(file));
      const mod = (await import(file)) as Record<string, Handler>;
      const params = [...rel.matchAll(/\[(\.\.\.)?(\w+)\]/g)].map(([, rest, name]) => ({ name: name!, rest: Boolean(rest) }));
      for (const target of params) {
        for (const bad of [...BAD_ENCODINGS, "\ufffd\ufffd", "\ud800", "\udfff"]) {
          const values = Object.fromEntries(params.map(({ name, rest }) => {
            const v = name === target.name ? bad : (idsByParam[name]?.[0] ?? "nope");
            return [name, rest ? [v] : v];
          }));
          for (const method of METHODS) {
            if (!mod[method]) continue;
            const res = await callRaw(mod[method], { method, path: `/api/${rel}`, params: values, ...(method === "GET" || method === "DELETE" ? {} : { rawBody: "{}" }) });
            if (res.status >= 500 || (res.status >= 400 && typeof res.json.error !== "string")) outcomes.push(`${method} ${rel} ${target.name}=${JSON.stringify(bad)}: ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`);
          }
        }
      }
    }
    expect(outcomes).toEqual([]);
  }, 240_000);
});

describe("uploads", () => {
  const instance = (c: string) => `secret-lookup-v1__${c}`;
  const row = (fields: Record<string, unknown>) => JSON.stringify({ instance_id: instance("direct"), model_name_or_path: "m", model_patch: "", ...fields });
  const predictionsText = fc.oneof(
    fc.array(fc.oneof(
      fc.constantFrom(deepArrays, deepObjects, "{", "null", "[]", '{"instance_id":"\\ud800"}', '{"instance_id":"a\\u0000b"}', row({ model_patch: "a\u0000b" }), row({ model_patch: "\ud800" }),
        row({ model_name_or_path: "\udfff" }), row({ instance_id: "x".repeat(5000) }), row({ model_patch: 1 }), row({ scaffold: { deep: JSON.parse(deepArrays) } })),
      value.map((v) => JSON.stringify(v) ?? "null"),
      fc.record({ instance_id: fc.oneof(nastyText, fc.constantFrom(instance("direct"), instance("split"))), model_name_or_path: nastyText, model_patch: nastyText }).map((r) => JSON.stringify(r)),
    ), { minLength: 1, maxLength: 5 }).map((lines) => lines.join("\n")),
    nastyText,
  );
  const harborTrials = fc.array(fc.record({
    path: nastyText,
    json: fc.oneof(value, fc.constant(JSON.parse(deepObjects) as unknown), fc.record({ task_name: nastyText, trial_name: nastyText, verifier_result: value })),
    repeat: fc.oneof(nastyNumber, fc.constant(0)),
  }), { minLength: 1, maxLength: 3 });

  it("agent results (predictions and Harbor result files): no 5xx, nothing stored changes on a 4xx", async () => {
    const mod = (await import(path.join(API, "evaluations/[evaluationId]/results/route.ts"))) as Record<string, Handler>;
    await fc.assert(
      fc.asyncProperty(fc.oneof(
        predictionsText.map((text) => ({ format: "predictions", text, scaffold: "s" })),
        harborTrials.map((trials) => ({ format: "harbor", trials })),
      ), async (body) => {
        const before = await fingerprint();
        const res = await call(mod.POST!, { method: "POST", path: `/api/evaluations/${evaluationId}/results`, params: { evaluationId }, body });
        counts.set("POST evaluations/[evaluationId]/results (uploads)", (counts.get("POST evaluations/[evaluationId]/results (uploads)") ?? 0) + 1);
        const what = `upload ${JSON.stringify(body).slice(0, 300)}: ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`;
        expect(res.status, what).toBeLessThan(500);
        if (res.status >= 400) {
          expect(typeof res.json.error, what).toBe("string");
          expect(await fingerprint(), `stored data changed on ${what}`).toBe(before);
        }
      }),
      { numRuns: Math.max(40, RUNS_PER_METHOD * 2), endOnFailure: true },
    );
  }, 240_000);

  it("package imports (crafted .tar.gz files): refused with a sentence or imported, never a crash", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-fuzz-import-"));
    const base = samplePackage();
    // A crafted package whose MANIFEST and id are recomputed, so the content itself is what is tested.
    const crafted = (mutate: (content: Record<string, unknown>) => void) => {
      const content = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
      mutate(content);
      // Content the canonical form refuses (a lone surrogate) keeps the original id: the import must still refuse it in words.
      let hash: string;
      try {
        hash = packageHash(content);
      } catch {
        hash = packageHash(base);
      }
      const files = packageToFiles(content as never, hash, []).filter((f) => f.path !== MANIFEST);
      return [...files, { path: MANIFEST, content: manifestOf(files, hash) }];
    };
    const cases: [string, { path: string; content: string | Uint8Array }[]][] = [
      ["random bytes", [{ path: "x", content: new Uint8Array([1, 2, 3]) }]],
      ["lone surrogate in a title", crafted((c) => ((c.family as { title: string }).title = "\ud800"))],
      ["NUL in a patch", crafted((c) => ((c.patches as { diff: string }[])[0]!.diff = "a\u0000b"))],
      ["deep nesting in the audit", crafted((c) => ((c.audit as Record<string, unknown>).deep = JSON.parse(deepArrays)))],
      ["a contract key with a lone surrogate", crafted((c) => ((c.contract as Record<string, unknown>)["k\udfff"] = 1))],
    ];
    const outcomes: string[] = [];
    try {
      for (const [name, files] of cases) {
        const file = path.join(dir, `${outcomes.length}-${name.replace(/\W+/g, "-")}.tar.gz`);
        if (files.length === 1 && files[0]!.path === "x") fs.writeFileSync(file, files[0]!.content);
        else await writeTarGz(file, "package", files);
        const before = await fingerprint();
        const outcome = await importPackage(userId, file).then(() => "imported", (error: unknown) => (error instanceof AppError ? `refused ${error.status}` : `crashed: ${String(error).slice(0, 200)}`));
        if (outcome.startsWith("crashed") || (outcome.startsWith("refused 5"))) outcomes.push(`${name}: ${outcome}`);
        if (outcome.startsWith("refused") && (await fingerprint()) !== before) outcomes.push(`${name}: stored data changed on a refusal`);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(outcomes).toEqual([]);
  }, 120_000);
});
