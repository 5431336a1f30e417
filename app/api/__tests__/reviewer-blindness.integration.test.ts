// Blindness is enforced on the server: every route file under app/api (found on disk,
// so routes added later are covered) is called with every method it exports, as a
// reviewer, with real ids from a family whose reviews are in progress. No response may
// carry trace events, atom roles, catalog keys, gold sets, the other reviewer's work,
// or curator-only fields.
import fs from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { useFreshDatabase } from "@/lib/testing/db";
import { makeUser, sessionCookie } from "@/lib/testing/factories";
import { makeReviewFamily } from "@/lib/testing/review-family";
import { assignReviewer } from "@/lib/review/assign-reviewer";
import { loadReviewerAssignment, toReviewerWorkspace } from "@/lib/review/reviewer-projection";
import { saveReviewDraft } from "@/lib/review/save-review-draft";
import { submitReview } from "@/lib/review/submit-review";

process.env.NEXTAUTH_SECRET ??= "test-secret";

const API = path.resolve(import.meta.dirname, "..");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const OTHER_NOTE = "OTHER-REVIEWER-NOTE-7f3a";

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "__tests__" ? [] : routeFiles(full);
    return e.name === "route.ts" ? [full] : [];
  });
}

let reviewer: { id: string };
let other: { id: string };
let curator: { id: string; email: string; name: string };
let fx: Awaited<ReturnType<typeof makeReviewFamily>>;
let ids: Record<string, string>;

beforeAll(async () => {
  await useFreshDatabase();
  const lead = await makeUser(["lead"]);
  [reviewer, other] = await Promise.all([makeUser(["reviewer"]), makeUser(["reviewer"])]);
  curator = await makeUser(["curator"]);
  fx = await makeReviewFamily(curator.id, { send: "all", leadId: lead.id });
  const assign = (revisionId: string, reviewerId: string) => db().$transaction((tx) => assignReviewer(tx, lead.id, { familyId: fx.family.id, revisionId, reviewerId }));
  const mine = await assign(fx.revisionOf.duplicate, reviewer.id);
  const theirs = await assign(fx.revisionOf.duplicate, other.id);
  const mineSubmitted = await assign(fx.revisionOf.direct, reviewer.id);
  await assign(fx.revisionOf.direct, other.id);
  // The other reviewer has a distinctive draft on the same revision; ours is half done, and one is submitted.
  const draftOf = async (userId: string, assignmentId: string, note: string | null) => {
    const ws = toReviewerWorkspace(await loadReviewerAssignment(db(), userId, assignmentId));
    const labels = ws.catalog.map((c) => c.label);
    return saveReviewDraft(userId, assignmentId, {
      version: ws.draft.version, operations: [{ turn: 1, activate: labels.slice(0, 2), deactivate: [], restate: [] }], finalSet: labels.slice(0, 2),
      freeText: note ? [note] : [], ambiguous: Boolean(note), ambiguityNote: note,
    });
  };
  await draftOf(other.id, theirs.id, OTHER_NOTE);
  await draftOf(reviewer.id, mine.id, null);
  const done = await draftOf(reviewer.id, mineSubmitted.id, null);
  await submitReview(reviewer.id, mineSubmitted.id, { version: done.version });
  const anyId = async <T extends { id: string }>(p: Promise<T | null>) => (await p)?.id ?? "missing";
  ids = {
    familyId: fx.family.id,
    suiteId: fx.suite.id,
    atomId: fx.atoms.A1!,
    anchorId: await anyId(db().evidenceAnchor.findFirst({ where: { familyId: fx.family.id } })),
    fileId: await anyId(db().diffFile.findFirst({ where: { familyId: fx.family.id } })),
    patchId: await anyId(db().patch.findFirst({ where: { familyId: fx.family.id, kind: "gold" } })),
    probeId: await anyId(db().probe.findFirst({ where: { familyId: fx.family.id } })),
    runId: await anyId(db().run.findFirst({ where: { familyId: fx.family.id } })),
    candidateId: "missing",
    importId: "missing",
    userId: curator.id,
    condition: "duplicate",
    number: "1",
  };
  (ids as Record<string, unknown>).mine = mine.id;
  (ids as Record<string, unknown>).mineSubmitted = mineSubmitted.id;
  (ids as Record<string, unknown>).theirs = theirs.id;
});
afterAll(() => fx?.cleanup());

/** The forbidden material, as patterns over a response body. */
function leaks(body: string): string[] {
  const found: string[] = [];
  const check = (name: string, re: RegExp) => { if (re.test(body)) found.push(name); };
  check("trace events", /"(activated|deactivated|restated)"/);
  check("atom roles", /"role"|"(final|fixed|temporary)"/);
  check("catalog atom keys", /\bA\d{1,3}\b/);
  check("gold set", /gold/i);
  check("condition name", /"condition"|\b(duplicate|split|override|cancellation|paraphrase_direct|length_matched)\b/);
  check("other reviewer's work", new RegExp(OTHER_NOTE));
  check("curator-only fields", new RegExp(`hiddenTestPatch|passwordHash|statusReason|curators|${curator.email}|${curator.name}|Required and optional secret lookup`));
  return found;
}

async function call(mod: Record<string, unknown>, method: string, url: string, params: Record<string, string | string[]>, userId: string) {
  const headers = new Headers({ cookie: await sessionCookie(userId) });
  const hasBody = method !== "GET" && method !== "DELETE";
  if (hasBody) headers.set("content-type", "application/json");
  const req = new NextRequest(new URL(url, "http://localhost:3000"), { method, headers, body: hasBody ? "{}" : undefined });
  try {
    const res = (await (mod[method] as (r: NextRequest, c: unknown) => Promise<Response>)(req, { params: Promise.resolve(params) })) as Response;
    return { status: res.status, body: await res.text() };
  } catch (error) {
    return { status: -1, body: String(error) };
  }
}

describe("reviewer blindness across every API route", () => {
  it("finds the route files", () => {
    const files = routeFiles(API);
    expect(files.length).toBeGreaterThan(40);
    expect(files.some((f) => f.includes(`reviews${path.sep}[assignmentId]`))).toBe(true);
  });

  it("never sends a reviewer forbidden material, and the reviewer routes do answer", async () => {
    const problems: string[] = [];
    const answered: string[] = [];
    const extra = ids as Record<string, string>;
    for (const file of routeFiles(API)) {
      const rel = path.relative(API, path.dirname(file)).split(path.sep);
      const mod = (await import(file)) as Record<string, unknown>;
      const variants: Record<string, string | string[]>[] = [{}];
      if (rel.includes("[assignmentId]")) variants.splice(0, 1, { assignmentId: extra.mine! }, { assignmentId: extra.mineSubmitted! }, { assignmentId: extra.theirs! });
      for (const variant of variants) {
        const params: Record<string, string | string[]> = { ...variant };
        for (const seg of rel) {
          const m = /^\[(\.\.\.)?(\w+)\]$/.exec(seg);
          if (!m) continue;
          const name = m[2]!;
          if (params[name]) continue;
          params[name] = m[1] ? (name === "nextauth" ? ["session"] : ["vs", "loader.js"]) : (ids[name] ?? "missing");
        }
        const url = "/api/" + rel.map((seg) => {
          const m = /^\[(\.\.\.)?(\w+)\]$/.exec(seg);
          if (!m) return seg;
          const v = params[m[2]!]!;
          return Array.isArray(v) ? v.join("/") : v;
        }).join("/");
        for (const method of METHODS) {
          if (typeof mod[method] !== "function") continue;
          const res = await call(mod, method, url, params, reviewer.id);
          if (res.status >= 200 && res.status < 300) answered.push(`${method} ${url}`);
          const found = leaks(res.body);
          if (found.length) problems.push(`${method} ${url} (${res.status}): ${found.join(", ")}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(answered).toEqual(expect.arrayContaining(["GET /api/reviews", `GET /api/reviews/${extra.mine}`, `GET /api/reviews/${extra.mineSubmitted}`]));
    expect(answered).not.toContain(`GET /api/reviews/${extra.theirs}`);
  });

  it("still shows the reviewer the visible text and a neutral catalog", async () => {
    const ws = toReviewerWorkspace(await loadReviewerAssignment(db(), reviewer.id, (ids as Record<string, string>).mine!));
    expect(ws.turns).toHaveLength(2);
    expect(ws.catalog.length).toBeGreaterThanOrEqual(4);
    expect(Object.keys(ws.catalog[0]!).sort()).toEqual(["inputCondition", "label", "observation", "polarity", "scope", "statement"]);
    expect(leaks(JSON.stringify(ws))).toEqual([]);
  });
});
