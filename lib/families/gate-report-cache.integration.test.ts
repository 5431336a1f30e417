import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db";
import { createLoggingStudioClient } from "@/lib/db/client";
import { useFreshDatabase } from "@/lib/testing/db";
import { makeUser } from "@/lib/testing/factories";
import { makeReviewFamily } from "@/lib/testing/review-family";
import { STAGES } from "@/lib/gates/stages";
import { loadSuiteAgreement } from "@/lib/review/load-suite-agreement";
import { getSuiteDashboard } from "@/lib/suites/suite-dashboard";
import { FINGERPRINT_TABLES, familyFingerprint, familyFingerprints } from "./family-fingerprint";
import { computeGateReport, getGateReport } from "./get-gate-report";
import { DETAILS, getStageReport } from "./get-stage-report";

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
    expect([...read].filter((table) => !(table in FINGERPRINT_TABLES))).toEqual([]);
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
    expect([...details].filter((table) => !(table in FINGERPRINT_TABLES))).toEqual([]);
    queries.length = 0;
    await loadSuiteAgreement(suite.id);
    const agreement = tablesIn(queries);
    for (const table of ["Atom", "Turn", "ReviewAssignment", "Review", "Adjudication"]) expect(agreement).toContain(table);
    // The suite row gives only its id and name; the dashboard reads those itself.
    expect([...agreement].filter((table) => !(table in FINGERPRINT_TABLES) && table !== "Suite")).toEqual([]);
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

  it("answers the dashboard in 3 statements and the paths panel in 1 while nothing changed, the same as computed", async () => {
    await getSuiteDashboard(suite.id);
    await getStageReport(family.id, "paths");
    queries.length = 0;
    const dashboard = await getSuiteDashboard(suite.id);
    expect(queries).toHaveLength(3); // the suite, its families, their fingerprints
    queries.length = 0;
    const paths = await getStageReport(family.id, "paths");
    expect(queries).toHaveLength(1);
    expect(dashboard).toEqual(await uncached(() => getSuiteDashboard(suite.id)));
    expect(paths).toEqual(await uncached(() => getStageReport(family.id, "paths")));
    expect(paths.matrix.rows.length).toBeGreaterThan(0);
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
