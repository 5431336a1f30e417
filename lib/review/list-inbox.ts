import "server-only";
import { db } from "@/lib/db";
import { reviewerInboxSelect, toInboxItem } from "./reviewer-projection";

/** A reviewer's open and submitted assignments, open first; blind by the shared projection. */
export async function listInbox(reviewerId: string) {
  const rows = await db().reviewAssignment.findMany({
    where: { reviewerId, status: { not: "withdrawn" } },
    orderBy: [{ status: "asc" }, { createdAt: "asc" }],
    select: reviewerInboxSelect,
  });
  const items = rows.map(toInboxItem);
  return { items, waiting: items.filter((i) => i.status === "assigned").length };
}
