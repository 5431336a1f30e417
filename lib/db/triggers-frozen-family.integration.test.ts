// Issue #20 item 4: every table that holds a family's data carries the freeze guard, and
// with the application role's own credentials no row of a frozen family can be inserted,
// changed or deleted. The tables are found in the catalog (a "familyId" column, or a
// foreign key chain to such a table), so a new table without the guard fails here; the
// guard is one line in its migration: SELECT studio_guard_frozen_family('MyTable');
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "../testing/db";
import { makeUser } from "../testing/factories";
import { makeReviewFamily } from "../testing/review-family";
import { db } from "./client";
import { withClient } from "./embedded";

/** Family tables left without the guard, each with its reason. */
const EXEMPT: Record<string, string> = {
  AuditEvent: "append-only log: events about a frozen family (annotations, exports) keep being written",
  PackageAnnotation: "append-only: annotations are the one thing a frozen package still takes",
  FamilyChangeCount: "the fingerprint's change counts, written by triggers for every write the guard lets through (a frozen family's grade runs); no family data",
};

let app: string;
let family: Awaited<ReturnType<typeof makeReviewFamily>>;
let hash: string;

async function familyTables(): Promise<string[]> {
  const { rows } = await withClient(app, (c) =>
    c.query<{ child: string; parent: string | null; has_family: boolean }>(`
      SELECT t.relname AS child, p.relname AS parent,
        EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = t.oid AND a.attname = 'familyId' AND NOT a.attisdropped) AS has_family
      FROM pg_class t JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
      LEFT JOIN pg_constraint fk ON fk.conrelid = t.oid AND fk.contype = 'f'
      LEFT JOIN pg_class p ON p.oid = fk.confrelid
      WHERE t.relkind = 'r' AND t.relname <> '_studio_migrations'`),
  );
  const found = new Set(["TaskFamily", ...rows.filter((r) => r.has_family).map((r) => r.child)]);
  // Children of family tables hold family data too (Turn → HistoryRevision → History).
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) {
      // A foreign key to User or Package alone does not make a table a family's.
      if (r.parent && found.has(r.parent) && !found.has(r.child) && r.parent !== "Package") {
        found.add(r.child);
        grew = true;
      }
    }
  }
  // Evaluations point at package hashes, not at families: they stay writable after a freeze.
  return [...found].sort();
}

beforeAll(async () => {
  app = await useFreshDatabase();
  const [curator, lead, reviewer] = [await makeUser(["curator"]), await makeUser(["lead"]), await makeUser(["reviewer"])];
  family = await makeReviewFamily(curator.id, { send: ["direct"], leadId: lead.id });
  const familyId = family.family.id;
  // One row in every family table (the review family has most of them already).
  const revisionId = family.revisionOf.direct;
  const sql = (text: string, values: unknown[]) => withClient(app, (c) => c.query(text, values));
  await sql(`INSERT INTO "ReviewAssignment" (id, "revisionId", "reviewerId", "assignedById") VALUES ('ra-t', $1, $2, $3)`, [revisionId, reviewer.id, lead.id]);
  await sql(`INSERT INTO "Review" (id, "assignmentId", "finalSet", "updatedAt") VALUES ('rv-t', 'ra-t', '{}', now())`, []);
  await sql(`INSERT INTO "Adjudication" (id, "revisionId", "leadId", decision, note) VALUES ('ad-t', $1, $2, (enum_range(NULL::"AdjudicationDecision"))[1], 'fine')`, [revisionId, lead.id]);
  await sql(`INSERT INTO "LeakWaiver" (id, "revisionId", turn, kind, match, reason) VALUES ('lw-t', $1, 1, 'token', 'A4', 'a paper size')`, [revisionId]);
  await sql(`INSERT INTO "Run" (id, "familyId", kind, "requestKey") VALUES ('run-t', $1, 'oracle_audit', 'run-t')`, [familyId]);
  await sql(`INSERT INTO "RunResult" (id, "runId", attempt, "workerId", status) VALUES ('rr-t', 'run-t', 1, 'w', 'passed')`, []);
  await sql(`INSERT INTO "OracleAudit" (id, "familyId", "runId", "revisionKeys", "goldHash") VALUES ('oa-t', $1, 'run-t', '{}', 'g')`, [familyId]);
  await sql(`INSERT INTO "OracleFinding" (id, "familyId", "auditId", category, kind, "dependencyKey", name, reason) VALUES ('of-t', $1, 'oa-t', 'hidden', 'name', 'k', 'n', 'r')`, [familyId]);
  await sql(`INSERT INTO "OracleCounterfactual" (id, "familyId", "auditId", "dependencyKey", mutation, patch) VALUES ('oc-t', $1, 'oa-t', 'k', 'm', 'p')`, [familyId]);
  await sql(`INSERT INTO "DiffFile" (id, "familyId", path, kind, "updatedAt") VALUES ('df-t', $1, 'zz-t.js', (enum_range(NULL::"FileKind"))[1], now()) ON CONFLICT DO NOTHING`, [familyId]);
  await sql(`INSERT INTO "EvidenceAnchor" (id, "familyId", source) VALUES ('ea-t', $1, 'diff')`, [familyId]);
  await sql(`INSERT INTO "OracleWaiver" (id, "familyId", "dependencyKey", name, rationale, "createdById") VALUES ('ow-t', $1, 'k', 'n', 'stated elsewhere', $2)`, [familyId, lead.id]);
  await sql(`INSERT INTO "NegativeCandidate" (id, "familyId", "batchId", operator, description, diff, size) VALUES ('nc-t', $1, 'b', 'revert_hunk', 'd', 'p', 1)`, [familyId]);
  // Frozen the way freezeFamily leaves it: the package row, then the flag.
  hash = crypto.randomBytes(32).toString("hex");
  await db().package.create({ data: { familyId, hash, content: {}, frozenById: lead.id, frozenAt: new Date() } });
  await db().taskFamily.update({ where: { id: familyId }, data: { frozen: true } });
}, 120_000);
afterAll(() => family?.cleanup());

describe("the freeze guard", () => {
  it("is on every table that holds a family's data", async () => {
    const tables = await familyTables();
    expect(tables).toEqual(expect.arrayContaining(["OracleAudit", "OracleFinding", "OracleCounterfactual", "Turn", "Review", "RunResult", "LeakWaiver"]));
    const { rows } = await withClient(app, (c) =>
      c.query<{ tbl: string }>(`SELECT c.relname AS tbl FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE p.proname = 'studio_reject_frozen_family_change' AND NOT t.tgisinternal`),
    );
    const guarded = new Set(rows.map((r) => r.tbl));
    const missing = tables.filter((t) => !guarded.has(t) && !(t in EXEMPT));
    expect(missing, `family tables without the freeze guard (add SELECT studio_guard_frozen_family('<table>'); to the migration)`).toEqual([]);
  });

  it("refuses UPDATE, DELETE and INSERT on every family table of a frozen family, with the application role, naming the package", async () => {
    const familyId = family.family.id;
    const tables = (await familyTables()).filter((t) => !(t in EXEMPT));
    const outcomes: string[] = [];
    for (const t of tables) {
      const mine = `studio_family_of_row('${t}', to_jsonb(x)) = '${familyId}'`;
      const attempt = async (sql: string) => {
        try {
          await withClient(app, (c) => c.query(sql));
          return "allowed";
        } catch (error) {
          const message = (error as Error).message;
          return message.includes(hash) ? "refused" : `failed otherwise: ${message}`;
        }
      };
      const { rows } = await withClient(app, (c) => c.query<{ n: number; col: string }>(`SELECT (SELECT count(*)::int FROM "${t}" x WHERE ${mine}) AS n,
        (SELECT attname FROM pg_attribute WHERE attrelid = '"${t}"'::regclass AND attnum = 1) AS col`));
      const { n, col } = rows[0]!;
      if (t === "TaskFamily") {
        outcomes.push(`${t} update ${await attempt(`UPDATE "TaskFamily" x SET title = title WHERE id = '${familyId}'`)}`);
        outcomes.push(`${t} delete ${await attempt(`DELETE FROM "TaskFamily" x WHERE id = '${familyId}'`)}`);
        continue;
      }
      outcomes.push(`${t} rows ${n > 0 ? "present" : "MISSING from the fixture"}`);
      outcomes.push(`${t} update ${await attempt(`UPDATE "${t}" x SET "${col}" = x."${col}" WHERE ${mine}`)}`);
      outcomes.push(`${t} delete ${await attempt(`DELETE FROM "${t}" x WHERE ${mine}`)}`);
      outcomes.push(`${t} insert ${await attempt(`INSERT INTO "${t}" SELECT x.* FROM "${t}" x WHERE ${mine} LIMIT 1`)}`);
    }
    const expected = outcomes.map((o) => o.replace(/ (allowed|failed otherwise.*|refused)$/, " refused").replace(/MISSING from the fixture$/, "present"));
    expect(outcomes).toEqual(expected);
  });
});
