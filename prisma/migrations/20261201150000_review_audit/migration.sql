-- AlterTable
ALTER TABLE "TaskFamily" ADD COLUMN     "defaultReviewerIds" TEXT[];

-- AlterTable
ALTER TABLE "ReviewAssignment" ADD COLUMN     "overrideReason" TEXT;

-- AlterTable
ALTER TABLE "Adjudication" ADD COLUMN     "reviewIds" TEXT[],
ADD COLUMN     "supersededById" TEXT;
