-- CreateTable
CREATE TABLE "FamilyChangeCount" (
    "familyId" TEXT NOT NULL,
    "slot" BIGINT NOT NULL,
    "changes" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "FamilyChangeCount_pkey" PRIMARY KEY ("familyId","slot")
);

-- The family fingerprint kept on write (issue #24): every statement that changes a row of a
-- table the family's gate report, stage panels and agreement are computed from counts one
-- change for that row's family, in the same transaction (a rolled-back write counts nothing).
-- The fingerprint is then one indexed read of the family's few slot rows instead of a scan
-- of its rows in twenty tables (lib/families/family-fingerprint.ts).
--
-- A TABLE THAT A FAMILY'S COMPUTED VIEWS READ gets the counting with one line in its migration:
--
--     SELECT studio_count_family_changes('MyTable');
--
-- and its name in FINGERPRINT_TABLES (lib/families/family-fingerprint.ts); a test compares
-- that list with the triggers in the catalog, and another fails when a loader reads a table
-- missing from it. The row → family mapping is the freeze guard's (studio_family_of_row),
-- fed only the one column it reads, so a wide row (a diff, a log) is never copied to JSON.

CREATE SEQUENCE "FamilyChangeCount_slot_seq" AS bigint;

-- One change for `fid`, in a slot of the family that no other open transaction holds.
CREATE FUNCTION studio_bump_family_change(fid text) RETURNS void AS $$
DECLARE s bigint;
BEGIN
  SELECT slot INTO s FROM "FamilyChangeCount" WHERE "familyId" = fid ORDER BY slot LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF FOUND THEN
    UPDATE "FamilyChangeCount" SET changes = changes + 1 WHERE "familyId" = fid AND slot = s;
  ELSE
    INSERT INTO "FamilyChangeCount" ("familyId", slot, changes) VALUES (fid, nextval('"FamilyChangeCount_slot_seq"'), 1);
  END IF;
END;
$$ LANGUAGE plpgsql;

-- The column studio_family_of_row reads to find a row's family (User: whether a row changed).
CREATE FUNCTION studio_family_key_column(tbl text) RETURNS text AS $$
  SELECT CASE tbl
    WHEN 'TaskFamily' THEN 'id'
    WHEN 'User' THEN 'id'
    WHEN 'HistoryRevision' THEN 'historyId'
    WHEN 'Turn' THEN 'revisionId'
    WHEN 'ReviewAssignment' THEN 'revisionId'
    WHEN 'Adjudication' THEN 'revisionId'
    WHEN 'LeakWaiver' THEN 'revisionId'
    WHEN 'Review' THEN 'assignmentId'
    WHEN 'ProbeAtom' THEN 'probeId'
    WHEN 'RunResult' THEN 'runId'
    ELSE 'familyId'
  END;
$$ LANGUAGE sql IMMUTABLE;

CREATE FUNCTION studio_count_family_change() RETURNS trigger AS $$
DECLARE
  col text := studio_family_key_column(TG_TABLE_NAME);
  keys text[];
  fid text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM studio_bump_family_change('*');
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %I::text) FROM studio_new_rows', col) INTO keys;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %I::text) FROM studio_old_rows', col) INTO keys;
  ELSE
    EXECUTE format('SELECT array_agg(DISTINCT k) FROM (SELECT %1$I::text AS k FROM studio_new_rows UNION SELECT %1$I::text FROM studio_old_rows) x', col) INTO keys;
  END IF;
  IF keys IS NULL THEN
    RETURN NULL; -- no row changed
  END IF;
  IF TG_TABLE_NAME = 'User' THEN
    -- Reviewer and freezer names: read by every family.
    PERFORM studio_bump_family_change('*');
    RETURN NULL;
  END IF;
  FOR fid IN
    SELECT DISTINCT f FROM (SELECT studio_family_of_row(TG_TABLE_NAME, jsonb_build_object(col, k)) AS f FROM unnest(keys) k) x
    WHERE f IS NOT NULL ORDER BY f
  LOOP
    PERFORM studio_bump_family_change(fid);
  END LOOP;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- Transition tables take one event per trigger: three triggers and one for TRUNCATE.
CREATE FUNCTION studio_count_family_changes(tbl text) RETURNS void AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS studio_new_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_count_family_change()', tbl || '_count_insert', tbl);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS studio_old_rows NEW TABLE AS studio_new_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_count_family_change()', tbl || '_count_update', tbl);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS studio_old_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_count_family_change()', tbl || '_count_delete', tbl);
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION studio_count_family_change()', tbl || '_count_truncate', tbl);
END;
$$ LANGUAGE plpgsql;

SELECT studio_count_family_changes(t) FROM unnest(ARRAY['TaskFamily', 'Evidence', 'DiffFile', 'Atom', 'Probe', 'ProbeAtom',
  'Verifier', 'Patch', 'History', 'HistoryRevision', 'Turn', 'LeakWaiver', 'ReviewAssignment', 'Review', 'Adjudication',
  'Run', 'RunResult', 'Package', 'FamilyCurator', 'OracleAudit', 'OracleFinding', 'User']) t;
