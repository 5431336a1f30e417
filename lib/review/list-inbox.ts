import "server-only";
import { db } from "@/lib/db";

/**
 * A reviewer's assignments. Blind by construction: the select names only the
 * assignment, an opaque history label and the revision number — never the
 * condition, the turns' events, the atoms or anyone else's review.
 */
export async function listInbox(reviewerId: string) {
  const rows = await db().reviewAssignment.findMany({
    where: { reviewerId, status: { not: "withdrawn" } },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      status: true,
      createdAt: true,
      revision: { select: { number: true, history: { select: { family: { select: { title: true } } } } } },
    },
  });
  return rows.map((row, i) => ({
    id: row.id,
    status: row.status,
    createdAt: row.createdAt,
    revisionNumber: row.revision.number,
    label: `${row.revision.history.family.title} — history ${rows.length - i}`,
  }));
}
