-- AlterTable
ALTER TABLE "Verifier" ADD COLUMN     "sharedTestIds" TEXT[] DEFAULT ARRAY[]::TEXT[];
