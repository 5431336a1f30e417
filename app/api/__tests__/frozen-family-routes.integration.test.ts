// Issue #20 item 4: on a frozen family every mutating route answers 409 naming the
// package — never a 201 that quietly does nothing (calibrate, oracle audit, assign-all and
// re-run-failed once did). Only annotations and "open a new version" are taken.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "@/lib/testing/db";
import { callRoute, makeUser } from "@/lib/testing/factories";
import { makeReviewFamily } from "@/lib/testing/review-family";
import { testDatabaseUrls } from "@/lib/testing/db";
import { withClient } from "@/lib/db/embedded";
import { db } from "@/lib/db";
import { stopBoss } from "@/lib/jobs/boss";
import { requestCalibration } from "@/lib/runs/request-runs";
import { requestOracleAudit } from "@/lib/oracle-audit/request-oracle-audit";

process.env.NEXTAUTH_SECRET ??= "test-secret";
const FAMILY_API = path.resolve(import.meta.dirname, "../families/[familyId]");
const TAKEN_AFTER_FREEZE = new Set(["POST package/annotations", "POST versions"]);
/** Routes whose refusal is checked with a body that passes their schema. */
const MUST_409: Record<string, unknown[]> = {
  "POST runs": [{ action: "calibrate" }, { action: "rerun_failed" }, { action: "checkout" }, { action: "collect" }],
  "POST oracle-audit": [undefined],
  "POST reviews/assign-all": [undefined],
  "POST probes/collect": [undefined],
  "POST evidence/checkout": [undefined],
  "POST histories/replay": [undefined],
  "POST package": [undefined],
  "POST atoms": [{ key: "A9", statement: "Something new", role: "final" }],
  // A reviewer's assignment in the frozen family: saving and submitting are refused too.
  "PUT reviews/[assignmentId]": [{ version: 1, operations: [], finalSet: [], freeText: [], ambiguous: false, ambiguityNote: null }],
  "POST reviews/[assignmentId]/submit": [{ version: 1 }],
};
const REVIEW_API = path.resolve(import.meta.dirname, "../reviews/[assignmentId]");
const fileOf = (rel: string) => (rel.startsWith("reviews/[assignmentId]") ? path.join(REVIEW_API, rel.slice("reviews/[assignmentId]".length), "route.ts") : path.join(FAMILY_API, rel, "route.ts"));

let userId: string;
let demo: Awaited<ReturnType<typeof makeReviewFamily>>;
let hash: string;
let params: Record<string, string>;

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? routeFiles(path.join(dir, e.name)) : e.name === "route.ts" ? [path.join(dir, e.name)] : []));
}

beforeAll(async () => {
  await useFreshDatabase();
  userId = (await makeUser(["admin", "lead", "curator", "reviewer"])).id;
  demo = await makeReviewFamily(userId, { send: ["direct"] });
  const familyId = demo.family.id;
  const [patch, probe] = [await db().patch.findFirstOrThrow({ where: { familyId } }), await db().probe.findFirstOrThrow({ where: { familyId } })];
  await withClient(testDatabaseUrls().app, (c) =>
    c.query(`INSERT INTO "ReviewAssignment" (id, "revisionId", "reviewerId") VALUES ('ra-frozen', $1, $2);
      INSERT INTO "Review" (id, "assignmentId", "finalSet", "updatedAt") VALUES ('rv-frozen', 'ra-frozen', '{}', now())`.replace("$1", `'${demo.revisionOf.direct}'`).replace("$2", `'${userId}'`)),
  );
  params = { assignmentId: "ra-frozen", familyId, atomId: (demo.atoms as Record<string, string>).A1!, patchId: patch.id, probeId: probe.id, anchorId: "nope", fileId: "nope", findingId: "nope", condition: "direct", number: "1" };
  // Asked for before the freeze, so asking again after it would reuse them (a 201 no-op).
  await requestCalibration(userId, familyId);
  await requestOracleAudit(userId, familyId);
  hash = crypto.randomBytes(32).toString("hex");
  await db().package.create({ data: { familyId, hash, content: {}, frozenById: userId, frozenAt: new Date() } });
  await db().taskFamily.update({ where: { id: familyId }, data: { frozen: true } });
}, 120_000);
afterAll(async () => {
  demo?.cleanup();
  await stopBoss({ graceful: false, timeout: 1000 });
});

describe("a frozen family's mutating routes", () => {
  it("answer 409 naming the package for the requests that once were 201 no-ops", async () => {
    const outcomes: string[] = [];
    for (const [name, bodies] of Object.entries(MUST_409)) {
      const [method, rel] = name.split(" ") as [string, string];
      const mod = (await import(fileOf(rel))) as Record<string, never>;
      for (const body of bodies) {
        const res = await callRoute(mod[method]!, { method, userId, params, body });
        const named = typeof res.json.error === "string" && res.json.error.includes(hash);
        outcomes.push(`${name} ${JSON.stringify(body) ?? ""}: ${res.status}${res.status === 409 && !named ? " without the package" : ""}`);
      }
    }
    expect(outcomes).toEqual(outcomes.map((o) => o.replace(/: .*$/, ": 409")));
  });

  it("never take a request (no 2xx), and every 409 names the package", async () => {
    const outcomes: string[] = [];
    const files = [...routeFiles(FAMILY_API).map((f) => [f, path.relative(FAMILY_API, path.dirname(f))]), ...routeFiles(REVIEW_API).map((f) => [f, path.join("reviews/[assignmentId]", path.relative(REVIEW_API, path.dirname(f))).replace(/\/$/, "")])];
    for (const [file, rel] of files as [string, string][]) {
      const mod = (await import(file)) as Record<string, never>;
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        if (!mod[method] || TAKEN_AFTER_FREEZE.has(`${method} ${rel}`)) continue;
        for (const body of [undefined, {}, { version: 1 }, ...(MUST_409[`${method} ${rel}`] ?? [])]) {
          const res = await callRoute(mod[method], { method, userId, params, body });
          if (res.status < 300 || (res.status === 409 && !String(res.json.error).includes(hash))) {
            outcomes.push(`${method} ${rel} ${JSON.stringify(body) ?? ""}: ${res.status} ${JSON.stringify(res.json).slice(0, 160)}`);
          }
        }
      }
    }
    expect(outcomes).toEqual([]);
  });
});
