-- AlterTable
ALTER TABLE "ImportJob" ADD COLUMN     "attempt" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "heartbeatAt" TIMESTAMP(3),
ADD COLUMN     "jobId" TEXT,
ADD COLUMN     "workerId" TEXT,
ALTER COLUMN "status" SET DEFAULT 'queued';

-- CreateIndex
CREATE INDEX "ImportJob_status_idx" ON "ImportJob"("status");
