import "server-only";
import { db } from "@/lib/db";

/** The lead's decisions on a family's histories, newest first: the notes a curator revises from. */
export async function listAdjudications(familyId: string) {
  const rows = await db().adjudication.findMany({
    where: { revision: { history: { familyId } } },
    orderBy: { createdAt: "desc" },
    select: { id: true, decision: true, note: true, supersededById: true, createdAt: true, lead: { select: { name: true } }, revision: { select: { number: true, history: { select: { condition: true } } } } },
  });
  return rows.map((r) => ({
    id: r.id, decision: r.decision, note: r.note, superseded: r.supersededById !== null, createdAt: r.createdAt.toISOString(), lead: r.lead.name,
    condition: r.revision.history.condition, number: r.revision.number,
  }));
}
