-- Hardening, second pass (issue #20). Hand-written SQL only; no schema change.

-- 1. Audit events cannot be forged with the application role's credentials.
-- recordEvent (lib/audit-log/record-event.ts) binds the event's actor in the same
-- statement that inserts it: set_config('studio.audit_actor', 'actor:<id>' or 'actor:'
-- for the system, true). The trigger accepts a row only when its actor is the bound
-- one, uses the binding up (one event per binding), and stamps the database's time,
-- so a raw INSERT naming any actor at any past time is refused.
CREATE FUNCTION studio_audit_event_bound() RETURNS trigger AS $$
DECLARE
  bound text := current_setting('studio.audit_actor', true);
BEGIN
  IF bound IS NULL OR bound IS DISTINCT FROM 'actor:' || coalesce(NEW."actorId", '') THEN
    RAISE EXCEPTION 'AuditEvent rows are written only through recordEvent: actor % is not the actor bound to this statement', coalesce(NEW."actorId", '(system)')
      USING ERRCODE = 'P0001';
  END IF;
  PERFORM set_config('studio.audit_actor', '', true);
  NEW."createdAt" := now();
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "AuditEvent_bound_actor"
  BEFORE INSERT ON "AuditEvent"
  FOR EACH ROW EXECUTE FUNCTION studio_audit_event_bound();
