-- AlterTable
ALTER TABLE "TaskFamily" ADD COLUMN     "mergedAt" TIMESTAMP(3),
ADD COLUMN     "upstreamRepo" TEXT;
