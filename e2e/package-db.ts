// The e2e studio's own database (its embedded PostgreSQL, found through postmaster.pid), for
// the one thing no page can do on this branch: two reviewers' submitted blind reviews.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import pg from "pg";

function url() {
  const pid = fs.readFileSync(path.resolve(".test-data/e2e/pg/postmaster.pid"), "utf8").split("\n");
  return `postgresql://studio:studio@127.0.0.1:${pid[3]}/studio`;
}

/** Two submitted reviews per current revision, by the two demo reviewers, agreeing with gold C*. */
export async function seedAgreeingReviews(familyId: string) {
  const client = new pg.Client({ connectionString: url() });
  await client.connect();
  try {
    const gold = (await client.query<{ key: string }>(`SELECT key FROM "Atom" WHERE "familyId" = $1 AND status = 'accepted' AND role <> 'temporary'`, [familyId])).rows.map((r) => r.key);
    const reviewers = (await client.query<{ id: string }>(`SELECT id FROM "User" WHERE email IN ('reviewer@specpath.test', 'reviewer2@specpath.test')`)).rows;
    const revisions = (await client.query<{ id: string }>(
      `SELECT DISTINCT ON (h.id) hr.id FROM "HistoryRevision" hr JOIN "History" h ON h.id = hr."historyId" WHERE h."familyId" = $1 ORDER BY h.id, hr.number DESC`, [familyId])).rows;
    for (const revision of revisions) {
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
