import "server-only";
// The fingerprint of everything a family's gate report, stage panels and agreement are
// computed from (load-family-facts.ts and what it calls), so they are computed again only
// when one of those rows changed (fingerprint-cache.ts).
//
// Kept on write: statement-level triggers on every table below count each statement that
// changed a row of the family, in the writing transaction (migration
// 20261205020000_family_change_counts). The fingerprint is, over the family's slot rows and
// the slots of "*" (the User table, read by every family): the sum of their counts, which
// grows with every committed change, and the sum of their xmin, the transactions that last
// counted — so even a reader inside a transaction that later rolls back reads a fingerprint
// no committed state will have. One statement, a few index rows, no family row read.
import { db } from "@/lib/db";
import { createReadAfterArrival } from "./read-after-arrival";

// Under load the requests of one family share a fingerprint statement, never one sent before they arrived.
const readAfterArrival = createReadAfterArrival();

/**
 * Every table the family's computed views read; each carries the counting triggers (a test
 * compares this list with the catalog). The guard test (gate-report-cache.integration.test.ts)
 * fails when the loaders read a table missing here.
 */
export const FINGERPRINT_TABLES: readonly string[] = [
  "TaskFamily", "Evidence", "DiffFile", "Atom", "Probe", "ProbeAtom", "Verifier", "Patch", "History", "HistoryRevision",
  "Turn", "LeakWaiver", "ReviewAssignment", "Review", "Adjudication", "Run", "RunResult", "Package", "FamilyCurator",
  "OracleAudit", "OracleFinding",
  // Reviewer and freezer names: counted for every family.
  "User",
];

const slots = (familyId: string) =>
  `(SELECT coalesce(sum(changes), 0) || ':' || coalesce(sum(xmin::text::bigint), 0) FROM "FamilyChangeCount" WHERE "familyId" = ${familyId})`;
const FINGERPRINT = `${slots("f.id")} || '/' || ${slots("'*'")}`;

const SQL = `SELECT ${FINGERPRINT} AS fingerprint FROM "TaskFamily" f WHERE f.id = $1`;
// The same fingerprint for many families in one statement (the dashboard's and the console's rows).
const MANY_SQL = `SELECT f.id, ${FINGERPRINT} AS fingerprint FROM "TaskFamily" f WHERE f.id = ANY($1::text[])`;

/** The fingerprint of the family's inputs as they stand (read before the facts: a change in between only makes the next request recompute); "" for no such family. */
export async function familyFingerprint(familyId: string): Promise<string> {
  const rows = await readAfterArrival(`family:${familyId}`, () => db().$queryRawUnsafe<{ fingerprint: string }[]>(SQL, familyId));
  return rows[0]?.fingerprint ?? "";
}

/** familyFingerprint of each family, in one statement; a family that does not exist is missing from the map. */
export async function familyFingerprints(familyIds: readonly string[]): Promise<Map<string, string>> {
  if (familyIds.length === 0) return new Map();
  const rows = await readAfterArrival(`families:${familyIds.join(",")}`, () => db().$queryRawUnsafe<{ id: string; fingerprint: string }[]>(MANY_SQL, [...familyIds]));
  return new Map(rows.map((r) => [r.id, r.fingerprint]));
}

// The family's header (get-family.ts) also shows its suite's name; Suite carries no counting
// trigger (a rename would count for every family of the suite), so the name itself, read in the
// same statement, is part of this fingerprint. Which suite the family is in is a TaskFamily column.
const SUMMARY_SQL = `SELECT ${FINGERPRINT} || '/' || s.name AS fingerprint
  FROM "TaskFamily" f JOIN "Suite" s ON s.id = f."suiteId" WHERE f.id = $1`;

/** familyFingerprint and the name of the family's suite, in one statement: everything GET /api/families/<id> is computed from; "" for no such family. */
export function familySummaryFingerprint(familyId: string): Promise<string> {
  return readAfterArrival(`summary:${familyId}`, () => ownSummaryFingerprint(familyId));
}

/** familySummaryFingerprint in a statement of its own, shared with no other request (the bench's profile compares the two). */
export async function ownSummaryFingerprint(familyId: string): Promise<string> {
  const rows = await db().$queryRawUnsafe<{ fingerprint: string }[]>(SUMMARY_SQL, familyId);
  return rows[0]?.fingerprint ?? "";
}

const SUITE_SQL = `SELECT s.name, f.id, CASE WHEN f.id IS NULL THEN NULL ELSE ${FINGERPRINT} END AS fingerprint
  FROM "Suite" s LEFT JOIN "TaskFamily" f ON f."suiteId" = s.id WHERE s.id = $1 ORDER BY f.id`;

/**
 * The fingerprint of a suite's dashboard, in one statement: its name, which families it holds,
 * and each one's familyFingerprint (so everything the dashboard is computed from); null for no
 * such suite.
 */
export async function suiteFingerprint(suiteId: string): Promise<string | null> {
  const rows = await readAfterArrival(`suite:${suiteId}`, () => db().$queryRawUnsafe<{ name: string; id: string | null; fingerprint: string | null }[]>(SUITE_SQL, suiteId));
  if (rows.length === 0) return null;
  return JSON.stringify([rows[0]!.name, ...rows.filter((r) => r.id !== null).map((r) => `${r.id}=${r.fingerprint}`)]);
}
