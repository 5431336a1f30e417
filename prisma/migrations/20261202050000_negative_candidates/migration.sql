-- AlterEnum
ALTER TYPE "RunKind" ADD VALUE 'mine';

-- CreateTable
CREATE TABLE "NegativeCandidate" (
    "id" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "batchId" TEXT NOT NULL,
    "operator" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "diff" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "runId" TEXT,
    "decision" TEXT NOT NULL DEFAULT 'proposed',
    "patchId" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NegativeCandidate_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "NegativeCandidate_runId_key" ON "NegativeCandidate"("runId");

-- CreateIndex
CREATE INDEX "NegativeCandidate_familyId_batchId_idx" ON "NegativeCandidate"("familyId", "batchId");

-- AddForeignKey
ALTER TABLE "NegativeCandidate" ADD CONSTRAINT "NegativeCandidate_familyId_fkey" FOREIGN KEY ("familyId") REFERENCES "TaskFamily"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NegativeCandidate" ADD CONSTRAINT "NegativeCandidate_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A frozen family's mined candidates are as frozen as its patches.
CREATE TRIGGER "NegativeCandidate_frozen_family" BEFORE INSERT OR UPDATE OR DELETE ON "NegativeCandidate"
  FOR EACH ROW EXECUTE FUNCTION studio_reject_frozen_family_change();
