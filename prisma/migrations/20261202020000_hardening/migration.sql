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

-- 2. Every table that holds a family's data carries the freeze guard (migration
-- 20261201160000_family_freeze): once the family has a frozen package, its rows can
-- be neither inserted, changed nor deleted, by any role. Turn one missed OracleAudit,
-- OracleFinding, OracleCounterfactual, GateResult, LeakWaiver and Package (a second
-- package, or deleting a draft, of a frozen family).
--
-- A NEW TABLE THAT HOLDS A FAMILY'S DATA gets the guard with one line in its migration:
--
--     SELECT studio_guard_frozen_family('MyTable');
--
-- The guard finds the row's family in its "familyId" column; a table whose rows reach
-- their family another way (a revisionId, a runId, …) also adds a WHEN to
-- studio_family_of_row below (CREATE OR REPLACE, copying the current cases).
-- lib/db/triggers-frozen-family.integration.test.ts lists the schema's tables and fails on
-- any family table without the guard; the exemptions (append-only AuditEvent and
-- PackageAnnotation) are named there with their reason.
CREATE FUNCTION studio_guard_frozen_family(tbl text) RETURNS void AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %I BEFORE INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION studio_reject_frozen_family_change()',
    tbl || '_frozen_family', tbl);
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION studio_family_of_row(tbl text, r jsonb) RETURNS text AS $$
DECLARE fid text;
BEGIN
  CASE tbl
    WHEN 'TaskFamily' THEN fid := r->>'id';
    WHEN 'HistoryRevision' THEN SELECT "familyId" INTO fid FROM "History" WHERE id = r->>'historyId';
    WHEN 'Turn', 'ReviewAssignment', 'Adjudication', 'LeakWaiver' THEN
      SELECT h."familyId" INTO fid FROM "HistoryRevision" hr JOIN "History" h ON h.id = hr."historyId" WHERE hr.id = r->>'revisionId';
    WHEN 'Review' THEN
      SELECT h."familyId" INTO fid FROM "ReviewAssignment" ra JOIN "HistoryRevision" hr ON hr.id = ra."revisionId"
        JOIN "History" h ON h.id = hr."historyId" WHERE ra.id = r->>'assignmentId';
    WHEN 'ProbeAtom' THEN SELECT "familyId" INTO fid FROM "Probe" WHERE id = r->>'probeId';
    -- Grade runs belong to an evaluation, not to the package they grade under.
    WHEN 'RunResult' THEN SELECT "familyId" INTO fid FROM "Run" WHERE id = r->>'runId' AND kind::text <> 'grade';
    WHEN 'Run' THEN fid := CASE WHEN r->>'kind' = 'grade' THEN NULL ELSE r->>'familyId' END;
    ELSE fid := r->>'familyId';
  END CASE;
  RETURN fid;
END;
$$ LANGUAGE plpgsql STABLE;

SELECT studio_guard_frozen_family('OracleAudit');
SELECT studio_guard_frozen_family('OracleFinding');
SELECT studio_guard_frozen_family('OracleCounterfactual');
SELECT studio_guard_frozen_family('GateResult');
SELECT studio_guard_frozen_family('LeakWaiver');
SELECT studio_guard_frozen_family('Package');
