-- AlterTable
ALTER TABLE "Atom" ADD COLUMN     "proposalEdited" BOOLEAN NOT NULL DEFAULT false;
