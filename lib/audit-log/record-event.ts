import type { DbOrTx } from "@/lib/db";

export type TAuditEvent = {
  actorId: string | null;
  action: string; // verb.noun, e.g. "atom.update"
  entity: string;
  entityId: string;
  familyId?: string | null;
  before?: unknown;
  after?: unknown;
};

/** Writes one audit event; call it with the transaction that made the change. */
export async function recordEvent(tx: DbOrTx, event: TAuditEvent): Promise<void> {
  await tx.auditEvent.create({
    data: {
      actorId: event.actorId,
      action: event.action,
      entity: event.entity,
      entityId: event.entityId,
      familyId: event.familyId ?? null,
      before: toJson(event.before),
      after: toJson(event.after),
    },
  });
}

// Dates and BigInts survive as strings; undefined fields are dropped.
function toJson(value: unknown) {
  if (value === undefined || value === null) return undefined;
  return JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? v.toString() : v)));
}
