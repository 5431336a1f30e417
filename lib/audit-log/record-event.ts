import "server-only";
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

/**
 * Writes one audit event; call it with the transaction that made the change.
 * One statement binds the actor (set_config, local to the transaction) and inserts
 * the row: the trigger "AuditEvent_bound_actor" (migration 20261202020000_hardening)
 * refuses any row whose actor was not bound this way and sets its time to now(),
 * so a forged INSERT is refused. Works with a transaction or the plain client.
 */
export async function recordEvent(tx: DbOrTx, event: TAuditEvent): Promise<void> {
  await tx.$executeRaw`
    WITH bound AS (SELECT set_config('studio.audit_actor', ${`actor:${event.actorId ?? ""}`}, true) AS actor)
    INSERT INTO "AuditEvent" ("actorId", action, entity, "entityId", "familyId", before, after)
    SELECT ${event.actorId}, ${event.action}, ${event.entity}, ${event.entityId}, ${event.familyId ?? null},
      ${toJson(event.before)}::jsonb, ${toJson(event.after)}::jsonb
    FROM bound`;
}

// Dates and BigInts survive as strings; undefined fields are stored as NULL.
function toJson(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
}
