import "server-only";
import { db } from "@/lib/db";
import type { TAuditQuery } from "@/lib/schemas/audit-log";

export async function listEvents(query: TAuditQuery) {
  const events = await db().auditEvent.findMany({
    where: {
      familyId: query.familyId || undefined,
      actorId: query.actorId || undefined,
      action: query.action ? { startsWith: query.action } : undefined,
      id: query.before ? { lt: query.before } : undefined,
    },
    orderBy: { id: "desc" },
    take: query.limit,
    include: { actor: { select: { id: true, name: true, email: true } } },
  });
  const last = events.at(-1);
  return { events, nextCursor: events.length === query.limit && last ? last.id.toString() : null };
}

export async function listAuditActions(): Promise<string[]> {
  const rows = await db().auditEvent.findMany({ distinct: ["action"], select: { action: true }, orderBy: { action: "asc" } });
  return rows.map((r) => r.action);
}
