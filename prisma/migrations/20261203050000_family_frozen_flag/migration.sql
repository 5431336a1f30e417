-- TaskFamily.stage was only ever set to 'frozen' (the stage a family is in is always read
-- from its gate report), so it becomes a flag; the unused GateResult table and the two enums
-- only they used go.

ALTER TABLE "TaskFamily" ADD COLUMN "frozen" BOOLEAN NOT NULL DEFAULT false;

-- The freeze guard refuses any change to a frozen family's row; this one copies what it guards.
ALTER TABLE "TaskFamily" DISABLE TRIGGER "TaskFamily_frozen_family";
UPDATE "TaskFamily" SET "frozen" = true WHERE "stage" = 'frozen';
ALTER TABLE "TaskFamily" ENABLE TRIGGER "TaskFamily_frozen_family";

-- The guard's one exception, the freeze's own update of the family row, now reads the flag.
CREATE OR REPLACE FUNCTION studio_reject_frozen_family_change() RETURNS trigger AS $$
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
    -- The freeze transaction itself sets the family's frozen flag after writing the package.
    IF pkg IS NOT NULL AND TG_TABLE_NAME = 'TaskFamily' AND TG_OP = 'UPDATE' THEN
      IF (to_jsonb(OLD)->>'frozen')::boolean IS NOT TRUE THEN
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

ALTER TABLE "TaskFamily" DROP COLUMN "stage";

DROP TABLE "GateResult";

DROP TYPE "Stage";

DROP TYPE "GateStatus";
