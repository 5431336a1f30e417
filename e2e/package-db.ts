// The e2e studio's own database, for a shortcut the review journey (e2e/review-audit.spec.ts)
// takes through the pages: version 2 of a family sent to review with two agreeing blind reviews.
import crypto from "node:crypto";
import pg from "pg";
import { e2eDatabaseUrl } from "./database-url";

const url = e2eDatabaseUrl;

/** Two submitted reviews per current revision (sent to review), by the two demo reviewers, each ending at the revision's replayed (gold) set. */
export async function seedAgreeingReviews(familyId: string) {
  const client = new pg.Client({ connectionString: url() });
  await client.connect();
  try {
    const reviewers = (await client.query<{ id: string }>(`SELECT id FROM "User" WHERE email IN ('reviewer@specpath.test', 'reviewer2@specpath.test')`)).rows;
    const revisions = (await client.query<{ id: string }>(
      `SELECT DISTINCT ON (h.id) hr.id FROM "HistoryRevision" hr JOIN "History" h ON h.id = hr."historyId" WHERE h."familyId" = $1 ORDER BY h.id, hr.number DESC`, [familyId])).rows;
    for (const revision of revisions) {
      const turns = (await client.query<{ activated: string[]; deactivated: string[] }>(`SELECT activated, deactivated FROM "Turn" WHERE "revisionId" = $1 ORDER BY index`, [revision.id])).rows;
      const active = new Set<string>();
      for (const t of turns) {
        t.deactivated.forEach((k) => active.delete(k));
        t.activated.forEach((k) => active.add(k));
      }
      const gold = [...active].sort();
      await client.query(`UPDATE "HistoryRevision" SET status = 'in_review', "sentToReviewAt" = now() WHERE id = $1`, [revision.id]);
      for (const reviewer of reviewers) {
        const assignment = crypto.randomUUID();
        await client.query(`INSERT INTO "ReviewAssignment" (id, "revisionId", "reviewerId", status) VALUES ($1, $2, $3, 'submitted')`, [assignment, revision.id, reviewer.id]);
        await client.query(`INSERT INTO "Review" (id, "assignmentId", "finalSet", "submittedAt", "updatedAt") VALUES ($1, $2, $3, now(), now())`, [crypto.randomUUID(), assignment, gold]);
      }
    }
  } finally {
    await client.end();
  }
}
