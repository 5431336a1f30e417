import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db";
import { createLoggingStudioClient } from "@/lib/db/client";
import { withClient } from "@/lib/db/embedded";
import { testDatabaseUrls, useFreshDatabase } from "@/lib/testing/db";
import { makeUser } from "@/lib/testing/factories";
import { makeReviewFamily } from "@/lib/testing/review-family";
import { STAGES } from "@/lib/gates/stages";
import { loadSuiteAgreement } from "@/lib/review/load-suite-agreement";
import { getSuiteDashboard, getSuiteDashboardJson } from "@/lib/suites/suite-dashboard";
import { FINGERPRINT_TABLES, familyFingerprint, familyFingerprints } from "./family-fingerprint";
import { computeGateReport, getGateReport, getGateReportJson } from "./get-gate-report";
import { DETAILS, getStageReport, getStageReportJson } from "./get-stage-report";
import { getFamily, getFamilyJson } from "./get-family";
import { listRuns } from "@/lib/runs/list-runs";
import { listRunsJson } from "@/lib/families/list-runs-json";
import { toJsonText } from "@/lib/http/respond";

// The gate report is cached per family behind a fingerprint of the rows it is
// computed from: a row the loaders read but the fingerprint misses would leave
// a stale report standing. These tests read the loaders' own SQL.

const queries: string[] = [];
const globalForPrisma = globalThis as unknown as { studioPrisma?: unknown };
const cleanups: Array<() => void | Promise<void>> = [];
let family: { id: string };
let suite: { id: string };
let reviewerId: string;

beforeAll(async () => {
  const url = await useFreshDatabase();
  // The studio's client, logging every statement it sends.
  const client = createLoggingStudioClient(url);
  client.$on("query", (event) => queries.push(event.query));
  globalForPrisma.studioPrisma = client;

  const curator = await makeUser(["curator"]);
  const reviewer = await makeUser(["reviewer"]);
  reviewerId = reviewer.id;
  const made = await makeReviewFamily(curator.id, { send: "all" });
  cleanups.push(made.cleanup);
  family = made.family;
  suite = made.suite;
  // Reviews, runs of every kind the facts read (a collect run with its result, a calibration).
  const assignment = await db().reviewAssignment.create({ data: { revisionId: made.revisionOf.direct, reviewerId } });
  await db().review.create({ data: { assignmentId: assignment.id, finalSet: ["A1"] } });
  const collect = await db().run.create({ data: { familyId: family.id, kind: "collect", requestKey: `${family.id}:collect`, status: "passed" } });
  await db().runResult.create({ data: { runId: collect.id, attempt: 1, workerId: "w", status: "passed", probes: [] } });
  await db().run.create({ data: { familyId: family.id, kind: "calibrate", patchRole: "base", requestKey: `${family.id}:base`, contentHash: "other", status: "failed" } });
});

afterAll(async () => {
  await disconnectDb();
  for (const cleanup of cleanups) await cleanup();
});

const tablesIn = (sql: string[]) => new Set(sql.flatMap((q) => [...q.matchAll(/(?:FROM|JOIN|UPDATE|INTO)\s+(?:"public"\.)?"(\w+)"/gi)].map((m) => m[1]!)));

describe("the gate report's cache", () => {
  it("is keyed by every table the gate facts read", async () => {
    queries.length = 0;
    await computeGateReport(family.id);
    const read = tablesIn(queries);
    // Not vacuous: the nested inputs are among what was read.
    for (const table of ["TaskFamily", "Turn", "ReviewAssignment", "Review", "Run", "RunResult", "ProbeAtom"]) expect(read).toContain(table);
    expect([...read].filter((table) => !FINGERPRINT_TABLES.includes(table))).toEqual([]);
  });

  it("answers from the cache while nothing changed: one statement, the same report", async () => {
    const first = await getGateReport(family.id);
    queries.length = 0;
    const again = await getGateReport(family.id);
    expect(queries).toHaveLength(1);
    expect(again).toEqual(first);
    again.stages.length = 0; // a caller's copy: changing it changes nothing for the next one
    expect((await getGateReport(family.id)).stages).toEqual(first.stages);
  });

  it("sees a change in any input, however deep, and nothing else", async () => {
    const before = await familyFingerprint(family.id);
    expect(await familyFingerprint(family.id)).toBe(before);
    const atom = await db().atom.findFirstOrThrow({ where: { familyId: family.id }, select: { id: true } });
    const revision = await db().historyRevision.findFirstOrThrow({ where: { history: { familyId: family.id } }, select: { id: true } });
    const writes: Array<[string, () => Promise<unknown>]> = [
      ["a turn's text", () => db().turn.updateMany({ where: { revisionId: revision.id, index: 0 }, data: { text: "rewritten" } })],
      ["a review", () => db().review.updateMany({ where: { assignment: { reviewerId } }, data: { ambiguous: true } })],
      ["a run's status", () => db().run.updateMany({ where: { familyId: family.id, kind: "calibrate" }, data: { status: "passed" } })],
      ["a probe's atoms", () => db().probeAtom.deleteMany({ where: { atomId: atom.id } })],
      ["a reviewer's name", () => db().user.update({ where: { id: reviewerId }, data: { name: "Renamed" } })],
      ["a leak waiver", () => db().leakWaiver.create({ data: { revisionId: revision.id, turn: 1, kind: "probe", match: "x", reason: "r" } })],
    ];
    let last = before;
    for (const [what, write] of writes) {
      await write();
      const now = await familyFingerprint(family.id);
      expect(now, what).not.toBe(last);
      last = now;
    }
  });

  it("recomputes after a change: the cached report is the report computed now", async () => {
    const before = await getGateReport(family.id);
    await db().atom.updateMany({ where: { familyId: family.id }, data: { status: "proposed" } });
    const cached = await getGateReport(family.id);
    expect(cached).toEqual(await computeGateReport(family.id));
    expect(cached).not.toEqual(before);
  });
});

// The rows of a family in each table the fingerprint counts (what the counting triggers map
// each written row to, written out the other way).
const FAMILY = `"familyId" = $1`;
const REVISIONS = `SELECT r.id FROM "HistoryRevision" r JOIN "History" h ON h.id = r."historyId" WHERE h."familyId" = $1`;
const ROWS_OF_FAMILY: Record<string, string> = {
  TaskFamily: `id = $1`,
  Evidence: FAMILY,
  DiffFile: FAMILY,
  Atom: FAMILY,
  Probe: FAMILY,
  ProbeAtom: `"probeId" IN (SELECT id FROM "Probe" WHERE "familyId" = $1)`,
  Verifier: FAMILY,
  Patch: FAMILY,
  History: FAMILY,
  HistoryRevision: `"historyId" IN (SELECT id FROM "History" WHERE "familyId" = $1)`,
  Turn: `"revisionId" IN (${REVISIONS})`,
  LeakWaiver: `"revisionId" IN (${REVISIONS})`,
  ReviewAssignment: `"revisionId" IN (${REVISIONS})`,
  Review: `"assignmentId" IN (SELECT a.id FROM "ReviewAssignment" a WHERE a."revisionId" IN (${REVISIONS}))`,
  Adjudication: `"revisionId" IN (${REVISIONS})`,
  Run: FAMILY,
  RunResult: `"runId" IN (SELECT id FROM "Run" WHERE "familyId" = $1)`,
  Package: FAMILY,
  FamilyCurator: FAMILY,
  OracleAudit: FAMILY,
  OracleFinding: FAMILY,
  User: `id IN (SELECT "userId" FROM "FamilyCurator" WHERE "familyId" = $1)`,
};

/** The tables whose counting triggers (all four events) are in the catalog, as `client` sees it. */
async function countedTables(client: import("pg").Client): Promise<string[]> {
  const { rows } = await client.query<{ table: string }>(`
    SELECT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    JOIN pg_proc p ON p.oid = t.tgfoid AND p.proname = 'studio_count_family_change'
    WHERE NOT t.tgisinternal AND t.tgenabled <> 'D'
    GROUP BY c.relname HAVING count(*) = 4 ORDER BY c.relname`);
  return rows.map((r) => r.table);
}

describe("the fingerprint kept on write (issue #24: one indexed read, counted by triggers)", () => {
  it("counts writes on exactly the tables of FINGERPRINT_TABLES; a table losing its trigger shows", async () => {
    expect(Object.keys(ROWS_OF_FAMILY).sort()).toEqual([...FINGERPRINT_TABLES].sort());
    await withClient(testDatabaseUrls().owner, async (c) => {
      expect(await countedTables(c)).toEqual([...FINGERPRINT_TABLES].sort());
      await c.query("BEGIN");
      try {
        await c.query(`DROP TRIGGER "Turn_count_update" ON "Turn"`);
        expect(await countedTables(c)).not.toContain("Turn");
      } finally {
        await c.query("ROLLBACK");
      }
    });
  });

  it("changes a family's fingerprint on a write to any of its rows in any counted table, and no other family's", async () => {
    const other = await makeReviewFamily(reviewerId, { send: [] });
    cleanups.push(other.cleanup);
    const revision = await db().historyRevision.findFirstOrThrow({ where: { history: { familyId: family.id } }, select: { id: true } });
    const leadId = (await makeUser(["lead"])).id;
    const sql = (text: string, ...values: unknown[]) => db().$executeRawUnsafe(text, ...values);
    // A row in every counted table (the review family has most of them already), written as the application.
    await sql(`INSERT INTO "Adjudication" (id, "revisionId", "leadId", decision, note) VALUES ('fp-ad', $1, $2, (enum_range(NULL::"AdjudicationDecision"))[1], 'fine') ON CONFLICT DO NOTHING`, revision.id, leadId);
    await sql(`INSERT INTO "LeakWaiver" (id, "revisionId", turn, kind, match, reason) VALUES ('fp-lw', $1, 1, 'token', 'A4', 'a paper size') ON CONFLICT DO NOTHING`, revision.id);
    await sql(`INSERT INTO "Run" (id, "familyId", kind, "requestKey") VALUES ('fp-run', $1, 'oracle_audit', 'fp-run') ON CONFLICT DO NOTHING`, family.id);
    await sql(`INSERT INTO "OracleAudit" (id, "familyId", "runId", "revisionKeys", "goldHash") VALUES ('fp-oa', $1, 'fp-run', '{}', 'g') ON CONFLICT DO NOTHING`, family.id);
    await sql(`INSERT INTO "OracleFinding" (id, "familyId", "auditId", category, kind, "dependencyKey", name, reason) VALUES ('fp-of', $1, 'fp-oa', 'hidden', 'name', 'k', 'n', 'r') ON CONFLICT DO NOTHING`, family.id);
    await sql(`INSERT INTO "Package" (id, "familyId", hash, content) VALUES ('fp-pk', $1, 'fp-unfrozen', '{}') ON CONFLICT DO NOTHING`, family.id);
    try {
      for (const table of FINGERPRINT_TABLES) {
        const [mine, theirs] = [await familyFingerprint(family.id), await familyFingerprint(other.family.id)];
        // An update that changes nothing but is a write all the same, on one row of this family.
        const column = table === "User" || table === "TaskFamily" ? "id" : ({ ProbeAtom: "probeId", HistoryRevision: "historyId", Review: "assignmentId", RunResult: "runId" } as Record<string, string>)[table] ?? (["Turn", "LeakWaiver", "ReviewAssignment", "Adjudication"].includes(table) ? "revisionId" : "familyId");
        const written = await sql(`UPDATE "${table}" SET "${column}" = "${column}" WHERE ctid IN (SELECT ctid FROM "${table}" WHERE ${ROWS_OF_FAMILY[table]} LIMIT 1)`, family.id);
        expect(written, `a row of the family in ${table}`).toBe(1);
        expect(await familyFingerprint(family.id), table).not.toBe(mine);
        // Names are read by every family: a user's row counts for all.
        if (table === "User") expect(await familyFingerprint(other.family.id)).not.toBe(theirs);
        else expect(await familyFingerprint(other.family.id), table).toBe(theirs);
      }
    } finally {
      await sql(`DELETE FROM "Package" WHERE id = 'fp-pk'`);
    }
  });

  it("leaves no stale cache behind a rolled-back write", async () => {
    const before = await getGateReport(family.id);
    const fingerprint = await familyFingerprint(family.id);
    await expect(
      db().$transaction(async (tx) => {
        await tx.atom.updateMany({ where: { familyId: family.id }, data: { status: "rejected", reason: "rolled back" } });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await familyFingerprint(family.id)).toBe(fingerprint);
    expect(await getGateReport(family.id)).toEqual(before);
    expect(before).toEqual(await uncached(() => computeGateReport(family.id)));
    // The same write committed is seen.
    await db().atom.updateMany({ where: { familyId: family.id }, data: { status: "rejected", reason: "committed" } });
    const after = await getGateReport(family.id);
    expect(after).not.toEqual(before);
    expect(after).toEqual(await computeGateReport(family.id));
  });

  it("never makes two writers wait on each other: one family's rows, then two families in opposite orders", async () => {
    const other = await makeReviewFamily(reviewerId, { send: [] });
    cleanups.push(other.cleanup);
    const atoms = async (familyId: string) => (await db().atom.findMany({ where: { familyId }, select: { id: true }, orderBy: { id: "asc" }, take: 2 })).map((a) => a.id);
    const [[a1, a2], [b1, b2]] = [await atoms(family.id), await atoms(other.family.id)];
    const touch = (c: import("pg").Client, id: string | undefined) => c.query(`UPDATE "Atom" SET statement = statement WHERE id = $1`, [id]);
    const app = testDatabaseUrls().app;
    await withClient(app, (x) => withClient(app, async (y) => {
      // A counter a writer waited on would end in the lock timeout (or a deadlock) here.
      for (const c of [x, y]) await c.query(`SET lock_timeout = '2s'`);
      const before = await familyFingerprints([family.id, other.family.id]);
      await x.query("BEGIN");
      await y.query("BEGIN");
      await touch(x, a1);
      await touch(y, a2); // the same family, while x's change is open
      await touch(y, b1);
      await touch(x, b2); // the other family, in the other order
      await x.query("COMMIT");
      await y.query("COMMIT");
      const after = await familyFingerprints([family.id, other.family.id]);
      expect(after.get(family.id)).not.toBe(before.get(family.id));
      expect(after.get(other.family.id)).not.toBe(before.get(other.family.id));
      // Each family counted both writers: two slots, two changes more.
      const counts = async (id: string) => (await x.query<{ n: string }>(`SELECT sum(changes)::text AS n FROM "FamilyChangeCount" WHERE "familyId" = $1`, [id])).rows[0]!.n;
      expect(Number(await counts(family.id)) - Number(before.get(family.id)!.split(":")[0])).toBe(2);
    }));
  });
});

/** `read` computed with every fingerprint cache off (STUDIO_GATE_REPORT_CACHE=off), as bench/platform.ts compares. */
async function uncached<T>(read: () => Promise<T>): Promise<T> {
  process.env.STUDIO_GATE_REPORT_CACHE = "off";
  try {
    return await read();
  } finally {
    delete process.env.STUDIO_GATE_REPORT_CACHE;
  }
}

describe("what else answers from the family's fingerprint (the dashboard, the stage panels)", () => {
  it("reads only tables the fingerprint covers: each stage's details and the suite's agreement", async () => {
    queries.length = 0;
    for (const { key } of STAGES) await DETAILS[key](family.id);
    const details = tablesIn(queries);
    for (const table of ["Run", "Probe", "Patch", "HistoryRevision", "Turn", "Verifier"]) expect(details).toContain(table);
    expect([...details].filter((table) => !FINGERPRINT_TABLES.includes(table))).toEqual([]);
    queries.length = 0;
    await loadSuiteAgreement(suite.id);
    const agreement = tablesIn(queries);
    for (const table of ["Atom", "Turn", "ReviewAssignment", "Review", "Adjudication"]) expect(agreement).toContain(table);
    // The suite row gives only its id and name; the dashboard reads those itself.
    expect([...agreement].filter((table) => !FINGERPRINT_TABLES.includes(table) && table !== "Suite")).toEqual([]);
  });

  it("reads many families' fingerprints in one statement, each the same as read alone", async () => {
    const other = await makeReviewFamily(reviewerId, { send: [] });
    cleanups.push(other.cleanup);
    queries.length = 0;
    const many = await familyFingerprints([family.id, other.family.id, "no-such-family"]);
    expect(queries).toHaveLength(1);
    expect(many).toEqual(new Map([[family.id, await familyFingerprint(family.id)], [other.family.id, await familyFingerprint(other.family.id)]]));
    expect(many.get(family.id)).not.toBe(many.get(other.family.id));
  });

  it("answers the dashboard and the paths panel in 1 statement each while nothing changed, the same as computed", async () => {
    await getSuiteDashboard(suite.id);
    await getStageReport(family.id, "paths");
    queries.length = 0;
    const dashboard = await getSuiteDashboard(suite.id);
    expect(queries).toHaveLength(1); // the suite's name, its families and their fingerprints
    queries.length = 0;
    const paths = await getStageReport(family.id, "paths");
    expect(queries).toHaveLength(1);
    expect(dashboard).toEqual(await uncached(() => getSuiteDashboard(suite.id)));
    expect(paths).toEqual(await uncached(() => getStageReport(family.id, "paths")));
    expect(paths.matrix.rows.length).toBeGreaterThan(0);
  });

  it("answers the routes' JSON text in 1 statement while nothing changed, and after a change the text of what is computed now", async () => {
    const texts = () => Promise.all([getSuiteDashboardJson(suite.id), getStageReportJson(family.id, "paths"), getGateReportJson(family.id)]);
    await texts();
    queries.length = 0;
    const [dashboard, paths, gates] = await texts();
    expect(queries).toHaveLength(3);
    const computed = async () => uncached(async () => [await getSuiteDashboard(suite.id), await getStageReport(family.id, "paths"), await getGateReport(family.id)]);
    expect([JSON.parse(dashboard), JSON.parse(paths), JSON.parse(gates)]).toEqual(JSON.parse(JSON.stringify(await computed())));
    await db().patch.updateMany({ where: { familyId: family.id, kind: "gold" }, data: { name: "gold, renamed for the text" } });
    const after = await texts();
    expect(after[1]).not.toBe(paths);
    expect(after.map((t) => JSON.parse(t))).toEqual(JSON.parse(JSON.stringify(await computed())));
    await expect(getStageReportJson("no-such-family", "paths")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getGateReportJson("no-such-family")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getSuiteDashboardJson("no-such-suite")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("keys the cached dashboard by the suite's name and its families too, and tells a missing family or suite", async () => {
    const before = await getSuiteDashboard(suite.id);
    await db().suite.update({ where: { id: suite.id }, data: { name: `${before.suite.name} renamed` } });
    expect((await getSuiteDashboard(suite.id)).suite.name).toBe(`${before.suite.name} renamed`);
    const added = await db().taskFamily.create({ data: { suiteId: suite.id, title: "Added later", repo: "o/added", baseCommit: "a".repeat(40), mergeCommit: "b".repeat(40) } });
    expect((await getSuiteDashboard(suite.id)).rows.map((r) => r.id)).toContain(added.id);
    expect(await getSuiteDashboard(suite.id)).toEqual(await uncached(() => getSuiteDashboard(suite.id)));
    await db().taskFamily.delete({ where: { id: added.id } });
    expect((await getSuiteDashboard(suite.id)).rows.map((r) => r.id)).not.toContain(added.id);
    await expect(getSuiteDashboard("no-such-suite")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getStageReport("no-such-family", "paths")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("recomputes the dashboard and the paths panel after a change: cached is what is computed now", async () => {
    const before = await getStageReport(family.id, "paths");
    await getSuiteDashboard(suite.id);
    await db().patch.updateMany({ where: { familyId: family.id, kind: "gold" }, data: { name: "gold, renamed" } });
    await db().reviewAssignment.updateMany({ where: { reviewerId }, data: { status: "submitted" } });
    const paths = await getStageReport(family.id, "paths");
    expect(paths).not.toEqual(before);
    expect(paths).toEqual(await uncached(() => getStageReport(family.id, "paths")));
    expect(await getSuiteDashboard(suite.id)).toEqual(await uncached(() => getSuiteDashboard(suite.id)));
  });
});

describe("GET /api/families/<id> and /runs answer the family's cached JSON text (issue 24 item 4)", () => {
  const texts = () => Promise.all([getFamilyJson(family.id), listRunsJson(family.id)]);
  const computed = () => uncached(async () => [toJsonText(await getFamily(family.id)), toJsonText(await listRuns(family.id))]);

  it("reads only tables the fingerprint covers, and the suite's name, which the family's summary fingerprint reads itself", async () => {
    queries.length = 0;
    await uncached(() => getFamilyJson(family.id));
    const summary = tablesIn(queries);
    for (const table of ["TaskFamily", "Suite", "User", "FamilyCurator"]) expect(summary).toContain(table);
    expect([...summary].filter((table) => !FINGERPRINT_TABLES.includes(table) && table !== "Suite")).toEqual([]);
    queries.length = 0;
    await uncached(() => listRunsJson(family.id));
    const runs = tablesIn(queries);
    for (const table of ["Run", "Probe", "ProbeAtom", "Atom", "Patch", "Turn"]) expect(runs).toContain(table);
    expect([...runs].filter((table) => !FINGERPRINT_TABLES.includes(table))).toEqual([]);
  });

  it("answers in 1 statement each while nothing changed, the text of what is computed now", async () => {
    await texts();
    queries.length = 0;
    const [summary, runs] = await texts();
    expect(queries).toHaveLength(2);
    expect([summary, runs]).toEqual(await computed());
    expect(JSON.parse(runs).runs.length).toBeGreaterThan(0);
    await expect(getFamilyJson("no-such-family")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(listRunsJson("no-such-family")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("after a change to each table they read, answers the text of what is computed now", async () => {
    queries.length = 0;
    await computed();
    const read = [...tablesIn(queries)].filter((table) => table !== "Suite").sort();
    expect(read).toEqual(expect.arrayContaining(["Atom", "FamilyCurator", "Run", "ProbeAtom", "Turn", "User"]));
    // A write to one of the family's rows in every table read (an update that changes nothing, but a write all the same).
    for (const table of read) {
      const before = await familyFingerprint(family.id);
      const column = ({ ProbeAtom: "probeId", FamilyCurator: "familyId" } as Record<string, string>)[table] ?? "id";
      const written = await db().$executeRawUnsafe(`UPDATE "${table}" SET "${column}" = "${column}" WHERE ctid IN (SELECT ctid FROM "${table}" WHERE ${ROWS_OF_FAMILY[table]} LIMIT 1)`, family.id);
      expect(written, table).toBe(1);
      expect(await familyFingerprint(family.id), table).not.toBe(before);
      expect(await texts(), table).toEqual(await computed());
    }
    const probe = await db().probe.findFirstOrThrow({ where: { familyId: family.id, atoms: { some: {} } }, select: { id: true, testId: true, atoms: { select: { atomId: true }, take: 1 } } });
    const curator = await db().familyCurator.findFirstOrThrow({ where: { familyId: family.id }, select: { userId: true } });
    // Changes each text shows: [what, the write, 0 the summary or 1 the runs].
    const writes: Array<[string, () => Promise<unknown>, 0 | 1]> = [
      ["the family's title", () => db().taskFamily.update({ where: { id: family.id }, data: { title: "Retitled" } }), 0],
      ["the suite's name", () => db().suite.update({ where: { id: suite.id }, data: { name: "Suite, renamed for the summary" } }), 0],
      ["a curator's name", () => db().user.update({ where: { id: curator.userId }, data: { name: "Curator renamed" } }), 0],
      ["a curator leaving", () => db().familyCurator.deleteMany({ where: { familyId: family.id, userId: curator.userId } }), 0],
      ["an atom added", () => db().atom.create({ data: { familyId: family.id, key: "AZ9", statement: "added", position: 99 } }), 0],
      ["a run's status", () => db().run.updateMany({ where: { familyId: family.id, kind: "calibrate" }, data: { status: "queued" } }), 1],
      ["a probe's test", () => db().probe.update({ where: { id: probe.id }, data: { testId: `${probe.testId}-renamed` } }), 1],
      ["a probe's atom's key", () => db().atom.update({ where: { id: probe.atoms[0]!.atomId }, data: { key: "AZ8" } }), 1],
      ["a probe's atoms", () => db().probeAtom.deleteMany({ where: { probeId: probe.id } }), 1],
    ];
    let last = await texts();
    for (const [what, write, shows] of writes) {
      await write();
      const now = await texts();
      expect(now[shows], what).not.toBe(last[shows]);
      expect(now, what).toEqual(await computed());
      last = now;
    }
  });
});
