-- Evaluations of agents on frozen packages (issue 16): the grade run kind, grade runs' package and patch,
-- and the evaluation rows, kept apart from the packages.
ALTER TYPE "RunKind" ADD VALUE 'grade';

ALTER TABLE "Run" ADD COLUMN "packageHash" TEXT, ADD COLUMN "agentPatch" TEXT;

CREATE TABLE "Evaluation" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "packageHashes" TEXT[],
    "primaryBudgetSec" INTEGER NOT NULL DEFAULT 1200,
    "createdById" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Evaluation_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "Evaluation_name_key" ON "Evaluation"("name");

CREATE TABLE "EvaluationAttempt" (
    "id" TEXT NOT NULL,
    "evaluationId" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "instanceId" TEXT NOT NULL,
    "packageHash" TEXT NOT NULL,
    "family" TEXT NOT NULL,
    "condition" "Condition" NOT NULL,
    "model" TEXT NOT NULL,
    "scaffold" TEXT NOT NULL,
    "repeat" INTEGER NOT NULL,
    "attempt" INTEGER NOT NULL,
    "budgetSec" INTEGER NOT NULL,
    "parentId" TEXT,
    "status" TEXT NOT NULL,
    "patch" TEXT,
    "harborGrade" TEXT,
    "harborReward" DOUBLE PRECISION,
    "gradeRunId" TEXT,
    "source" TEXT NOT NULL DEFAULT 'predictions',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EvaluationAttempt_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "EvaluationAttempt_evaluationId_externalId_key" ON "EvaluationAttempt"("evaluationId", "externalId");
CREATE INDEX "EvaluationAttempt_evaluationId_idx" ON "EvaluationAttempt"("evaluationId");
CREATE INDEX "EvaluationAttempt_gradeRunId_idx" ON "EvaluationAttempt"("gradeRunId");
ALTER TABLE "EvaluationAttempt" ADD CONSTRAINT "EvaluationAttempt_evaluationId_fkey" FOREIGN KEY ("evaluationId") REFERENCES "Evaluation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Grade runs belong to an evaluation, not to the package they grade under: the freeze triggers
-- let them (and their results) be written for a frozen family; every other run stays refused.
CREATE OR REPLACE FUNCTION studio_family_of_row(tbl text, r jsonb) RETURNS text AS $$
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
    WHEN 'RunResult' THEN SELECT "familyId" INTO fid FROM "Run" WHERE id = r->>'runId' AND kind::text <> 'grade';
    WHEN 'Run' THEN fid := CASE WHEN r->>'kind' = 'grade' THEN NULL ELSE r->>'familyId' END;
    ELSE fid := r->>'familyId';
  END CASE;
  RETURN fid;
END;
$$ LANGUAGE plpgsql STABLE;
