-- The cache is derived data: emptied, it refills on the next audit.
DELETE FROM "OracleDefinitionCache";

-- AlterTable
ALTER TABLE "OracleDefinitionCache" DROP COLUMN "content",
ADD COLUMN     "content" BYTEA NOT NULL;

-- AlterTable
ALTER TABLE "OracleAudit" ADD COLUMN     "probesHash" TEXT NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "OracleWaiver" (
    "id" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "dependencyKey" TEXT NOT NULL,
    "historyId" TEXT NOT NULL DEFAULT '',
    "name" TEXT NOT NULL,
    "rationale" TEXT NOT NULL,
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OracleWaiver_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "OracleWaiver_familyId_dependencyKey_historyId_key" ON "OracleWaiver"("familyId", "dependencyKey", "historyId");

-- AddForeignKey
ALTER TABLE "OracleWaiver" ADD CONSTRAINT "OracleWaiver_familyId_fkey" FOREIGN KEY ("familyId") REFERENCES "TaskFamily"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A frozen family's waivers are part of what was frozen (today's pattern of 20261201160000_family_freeze).
CREATE TRIGGER "OracleWaiver_frozen_family"
  BEFORE INSERT OR UPDATE OR DELETE ON "OracleWaiver"
  FOR EACH ROW EXECUTE FUNCTION studio_reject_frozen_family_change();
