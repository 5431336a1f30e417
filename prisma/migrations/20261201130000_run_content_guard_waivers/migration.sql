-- CreateEnum
CREATE TYPE "ProbeKind" AS ENUM ('probe', 'guard');

-- AlterTable
ALTER TABLE "Probe" ADD COLUMN     "kind" "ProbeKind" NOT NULL DEFAULT 'probe';

-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "contentHash" TEXT;

-- CreateTable
CREATE TABLE "LeakWaiver" (
    "id" TEXT NOT NULL,
    "revisionId" TEXT NOT NULL,
    "turn" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "match" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LeakWaiver_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "LeakWaiver_revisionId_turn_kind_match_key" ON "LeakWaiver"("revisionId", "turn", "kind", "match");

-- CreateIndex
CREATE INDEX "Run_familyId_contentHash_idx" ON "Run"("familyId", "contentHash");

-- AddForeignKey
ALTER TABLE "LeakWaiver" ADD CONSTRAINT "LeakWaiver_revisionId_fkey" FOREIGN KEY ("revisionId") REFERENCES "HistoryRevision"("id") ON DELETE CASCADE ON UPDATE CASCADE;
