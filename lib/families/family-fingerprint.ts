import "server-only";
// A cheap fingerprint of everything a family's gate report is computed from
// (load-family-facts.ts and what it calls), so the report is computed again
// only when one of those rows changed (get-gate-report.ts).
//
// Per table, over the family's rows: their count and the sum of their xmin (the
// id of the transaction that wrote each row version). An insert or delete
// changes the count; an update writes a new row version whose xmin is newer
// than every xmin seen before, so when the count stays the same the sum can
// only grow. One statement, no row data read.
import { db } from "@/lib/db";

const FAMILY = `"familyId" = $1`;
const REVISIONS = `SELECT r.id FROM "HistoryRevision" r JOIN "History" h ON h.id = r."historyId" WHERE h."familyId" = $1`;

/**
 * Every table the gate facts read, with the rows of this family. The guard test
 * (gate-report-cache.integration.test.ts) fails when the loaders read a table missing here.
 */
export const FINGERPRINT_TABLES: Readonly<Record<string, string>> = {
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
  // The collected outcomes come from the latest collect run's result.
  RunResult: `"runId" IN (SELECT id FROM "Run" WHERE "familyId" = $1 AND kind = 'collect')`,
  Package: FAMILY,
  FamilyCurator: FAMILY,
  OracleAudit: FAMILY,
  OracleFinding: FAMILY,
  // Reviewer and freezer names: the whole (small) table.
  User: `true`,
};

const columns = (familyId: string) =>
  Object.entries(FINGERPRINT_TABLES)
    .map(([table, where]) => `(SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) FROM "${table}" WHERE ${where.replaceAll("$1", familyId)})`)
    .join(",\n  ");

const SQL = `SELECT concat_ws(',', ${columns("$1")}) AS fingerprint`;
// The same fingerprint for many families in one statement (the dashboard's and the console's rows).
const MANY_SQL = `SELECT f.id, concat_ws(',', ${columns("f.id")}) AS fingerprint FROM "TaskFamily" f WHERE f.id = ANY($1::text[])`;

/** The fingerprint of the family's gate inputs as they stand (read before the facts: a change in between only makes the next request recompute). */
export async function familyFingerprint(familyId: string): Promise<string> {
  const rows = await db().$queryRawUnsafe<{ fingerprint: string }[]>(SQL, familyId);
  return rows[0]?.fingerprint ?? "";
}

/** familyFingerprint of each family, in one statement; a family that does not exist is missing from the map. */
export async function familyFingerprints(familyIds: readonly string[]): Promise<Map<string, string>> {
  if (familyIds.length === 0) return new Map();
  const rows = await db().$queryRawUnsafe<{ id: string; fingerprint: string }[]>(MANY_SQL, [...familyIds]);
  return new Map(rows.map((r) => [r.id, r.fingerprint]));
}
