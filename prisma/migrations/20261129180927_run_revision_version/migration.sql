-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "historyRevisionVersion" INTEGER;
