-- AlterTable
ALTER TABLE "Atom" ADD COLUMN     "proposedTestIds" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "Worker" ADD COLUMN     "containerRuntime" TEXT;
