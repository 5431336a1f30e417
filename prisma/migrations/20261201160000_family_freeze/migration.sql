-- DropIndex
DROP INDEX "TaskFamily_suiteId_repo_mergeCommit_key";

-- AlterTable
ALTER TABLE "TaskFamily" ADD COLUMN     "familyVersion" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "previousFamilyId" TEXT;

-- AlterTable
ALTER TABLE "PackageAnnotation" ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'known_asymmetry',
ADD COLUMN     "rationale" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE UNIQUE INDEX "TaskFamily_suiteId_repo_mergeCommit_familyVersion_key" ON "TaskFamily"("suiteId", "repo", "mergeCommit", "familyVersion");

-- Freeze: once a family has a frozen package, its rows (and the rows of its
-- revisions, turns, reviews, probes and runs) can no longer be inserted, changed
-- or deleted. Only annotations on the package are appended (own trigger above).
CREATE FUNCTION studio_family_of_row(tbl text, r jsonb) RETURNS text AS $$
DECLARE fid text;
BEGIN
  CASE tbl
    WHEN 'TaskFamily' THEN fid := r->>'id';
    WHEN 'HistoryRevision' THEN SELECT "familyId" INTO fid FROM "History" WHERE id = r->>'historyId';
    WHEN 'Turn', 'ReviewAssignment', 'Adjudication' THEN
      SELECT h."familyId" INTO fid FROM "HistoryRevision" hr JOIN "History" h ON h.id = hr."historyId" WHERE hr.id = r->>'revisionId';
    WHEN 'Review' THEN
      SELECT h."familyId" INTO fid FROM "ReviewAssignment" ra JOIN "HistoryRevision" hr ON hr.id = ra."revisionId"
        JOIN "History" h ON h.id = hr."historyId" WHERE ra.id = r->>'assignmentId';
    WHEN 'ProbeAtom' THEN SELECT "familyId" INTO fid FROM "Probe" WHERE id = r->>'probeId';
    WHEN 'RunResult' THEN SELECT "familyId" INTO fid FROM "Run" WHERE id = r->>'runId';
    ELSE fid := r->>'familyId';
  END CASE;
  RETURN fid;
END;
$$ LANGUAGE plpgsql STABLE;

CREATE FUNCTION studio_reject_frozen_family_change() RETURNS trigger AS $$
DECLARE
  fid text;
  pkg text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    fid := studio_family_of_row(TG_TABLE_NAME, to_jsonb(NEW));
  ELSE
    fid := studio_family_of_row(TG_TABLE_NAME, to_jsonb(OLD));
  END IF;
  IF fid IS NOT NULL THEN
    SELECT hash INTO pkg FROM "Package" WHERE "familyId" = fid AND "frozenAt" IS NOT NULL ORDER BY "frozenAt" LIMIT 1;
    -- The freeze transaction itself moves the family to stage 'frozen' after writing the package.
    IF pkg IS NOT NULL AND TG_TABLE_NAME = 'TaskFamily' AND TG_OP = 'UPDATE' THEN
      IF to_jsonb(OLD)->>'stage' <> 'frozen' THEN
        pkg := NULL;
      END IF;
    END IF;
    IF pkg IS NOT NULL THEN
      RAISE EXCEPTION 'Task family % is frozen in package % (% on % rejected)', fid, pkg, TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'P0001', HINT = 'frozen_package:' || pkg;
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['Evidence', 'DiffFile', 'EvidenceAnchor', 'Atom', 'Probe', 'ProbeAtom', 'Verifier', 'Patch',
    'History', 'HistoryRevision', 'Turn', 'ReviewAssignment', 'Review', 'Adjudication', 'Run', 'RunResult',
    'AuditFinding', 'FamilyCurator']
  LOOP
    EXECUTE format('CREATE TRIGGER %I BEFORE INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION studio_reject_frozen_family_change()',
      t || '_frozen_family', t);
  END LOOP;
END $$;

CREATE TRIGGER "TaskFamily_frozen_family"
  BEFORE UPDATE OR DELETE ON "TaskFamily"
  FOR EACH ROW EXECUTE FUNCTION studio_reject_frozen_family_change();
