-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('admin', 'lead', 'curator', 'reviewer');

-- CreateEnum
CREATE TYPE "Stage" AS ENUM ('anchoring', 'reconciliation', 'calibration', 'paths', 'audit', 'freeze', 'frozen');

-- CreateEnum
CREATE TYPE "CandidateStatus" AS ENUM ('screened', 'admitted', 'rejected');

-- CreateEnum
CREATE TYPE "FileKind" AS ENUM ('source', 'test', 'generated', 'other');

-- CreateEnum
CREATE TYPE "Polarity" AS ENUM ('require', 'forbid', 'restore');

-- CreateEnum
CREATE TYPE "AtomRole" AS ENUM ('final', 'fixed', 'temporary');

-- CreateEnum
CREATE TYPE "AtomStatus" AS ENUM ('proposed', 'accepted', 'rejected', 'merged');

-- CreateEnum
CREATE TYPE "AtomOrigin" AS ENUM ('curator', 'heuristic', 'model');

-- CreateEnum
CREATE TYPE "ResultFormat" AS ENUM ('junit', 'tap');

-- CreateEnum
CREATE TYPE "PatchKind" AS ENUM ('gold', 'negative', 'alternative', 'hidden_tests');

-- CreateEnum
CREATE TYPE "NegativeMode" AS ENUM ('remove', 'reverse');

-- CreateEnum
CREATE TYPE "Condition" AS ENUM ('direct', 'duplicate', 'split', 'override', 'cancellation', 'paraphrase_direct', 'length_matched');

-- CreateEnum
CREATE TYPE "RevisionStatus" AS ENUM ('draft', 'in_review', 'accepted', 'superseded');

-- CreateEnum
CREATE TYPE "AssignmentStatus" AS ENUM ('assigned', 'submitted', 'withdrawn');

-- CreateEnum
CREATE TYPE "AdjudicationDecision" AS ENUM ('accept', 'revise');

-- CreateEnum
CREATE TYPE "RunKind" AS ENUM ('checkout', 'collect', 'calibrate', 'replay', 'audit');

-- CreateEnum
CREATE TYPE "RunStatus" AS ENUM ('queued', 'running', 'passed', 'failed', 'timeout', 'patch_apply_failed', 'empty_collection', 'infrastructure_error', 'cancelled');

-- CreateEnum
CREATE TYPE "GateStatus" AS ENUM ('pass', 'fail', 'pending');

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "passwordHash" TEXT,
    "githubLogin" TEXT,
    "roles" "Role"[],
    "active" BOOLEAN NOT NULL DEFAULT true,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Suite" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "settings" JSONB NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Suite_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ImportJob" (
    "id" TEXT NOT NULL,
    "suiteId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "repo" TEXT NOT NULL,
    "query" JSONB NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'running',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL DEFAULT 0,
    "message" TEXT NOT NULL DEFAULT '',
    "cursor" JSONB,
    "createdBy" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ImportJob_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Candidate" (
    "id" TEXT NOT NULL,
    "suiteId" TEXT NOT NULL,
    "importJobId" TEXT,
    "source" TEXT NOT NULL,
    "repo" TEXT NOT NULL,
    "prNumber" INTEGER,
    "mergeCommit" TEXT NOT NULL,
    "baseCommit" TEXT NOT NULL,
    "headCommit" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL DEFAULT '',
    "author" TEXT NOT NULL DEFAULT '',
    "authorIsBot" BOOLEAN NOT NULL DEFAULT false,
    "merged" BOOLEAN NOT NULL DEFAULT true,
    "mergedAt" TIMESTAMP(3),
    "files" JSONB NOT NULL DEFAULT '[]',
    "additions" INTEGER NOT NULL DEFAULT 0,
    "deletions" INTEGER NOT NULL DEFAULT 0,
    "kept" BOOLEAN NOT NULL DEFAULT false,
    "reasons" JSONB NOT NULL DEFAULT '[]',
    "stepsPassed" TEXT[],
    "status" "CandidateStatus" NOT NULL DEFAULT 'screened',
    "statusReason" TEXT,
    "raw" JSONB,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Candidate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TaskFamily" (
    "id" TEXT NOT NULL,
    "suiteId" TEXT NOT NULL,
    "candidateId" TEXT,
    "title" TEXT NOT NULL,
    "repo" TEXT NOT NULL,
    "prNumber" INTEGER,
    "baseCommit" TEXT NOT NULL,
    "mergeCommit" TEXT NOT NULL,
    "stage" "Stage" NOT NULL DEFAULT 'anchoring',
    "leadId" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TaskFamily_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FamilyCurator" (
    "familyId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,

    CONSTRAINT "FamilyCurator_pkey" PRIMARY KEY ("familyId","userId")
);

-- CreateTable
CREATE TABLE "Evidence" (
    "id" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "issueTitle" TEXT NOT NULL DEFAULT '',
    "issueBody" TEXT NOT NULL DEFAULT '',
    "prTitle" TEXT NOT NULL DEFAULT '',
    "prBody" TEXT NOT NULL DEFAULT '',
    "reviewThreads" JSONB NOT NULL DEFAULT '[]',
    "diff" TEXT NOT NULL DEFAULT '',
    "version" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Evidence_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DiffFile" (
    "id" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "oldPath" TEXT,
    "kind" "FileKind" NOT NULL,
    "inSlice" BOOLEAN NOT NULL DEFAULT true,
    "reason" TEXT,
    "hunks" JSONB NOT NULL DEFAULT '[]',
    "additions" INTEGER NOT NULL DEFAULT 0,
    "deletions" INTEGER NOT NULL DEFAULT 0,
    "binary" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER NOT NULL DEFAULT 0,
    "version" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DiffFile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EvidenceAnchor" (
    "id" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "atomId" TEXT,
    "source" TEXT NOT NULL,
    "filePath" TEXT,
    "lineStart" INTEGER,
    "lineEnd" INTEGER,
    "quote" TEXT NOT NULL DEFAULT '',
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EvidenceAnchor_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Atom" (
    "id" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "statement" TEXT NOT NULL,
    "scope" TEXT NOT NULL DEFAULT '',
    "inputCondition" TEXT NOT NULL DEFAULT '',
    "polarity" "Polarity" NOT NULL DEFAULT 'require',
    "observation" TEXT NOT NULL DEFAULT '',
    "role" "AtomRole" NOT NULL DEFAULT 'final',
    "status" "AtomStatus" NOT NULL DEFAULT 'proposed',
    "reason" TEXT,
    "mergedIntoId" TEXT,
    "replacedBy" TEXT[],
    "origin" "AtomOrigin" NOT NULL DEFAULT 'curator',
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Atom_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Probe" (
    "id" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "testId" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "stale" BOOLEAN NOT NULL DEFAULT false,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Probe_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProbeAtom" (
    "probeId" TEXT NOT NULL,
    "atomId" TEXT NOT NULL,

    CONSTRAINT "ProbeAtom_pkey" PRIMARY KEY ("probeId","atomId")
);

-- CreateTable
CREATE TABLE "Verifier" (
    "id" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "setupCommand" TEXT,
    "testCommand" TEXT NOT NULL DEFAULT '',
    "resultFormat" "ResultFormat" NOT NULL DEFAULT 'junit',
    "timeoutSec" INTEGER NOT NULL DEFAULT 120,
    "hiddenTestPatch" TEXT NOT NULL DEFAULT '',
    "image" TEXT,
    "protocol" JSONB NOT NULL DEFAULT '{}',
    "collectedTests" TEXT[],
    "version" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Verifier_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Patch" (
    "id" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "kind" "PatchKind" NOT NULL,
    "name" TEXT NOT NULL,
    "targetAtomId" TEXT,
    "mode" "NegativeMode",
    "diff" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Patch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "History" (
    "id" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "condition" "Condition" NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "History_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "HistoryRevision" (
    "id" TEXT NOT NULL,
    "historyId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "status" "RevisionStatus" NOT NULL DEFAULT 'draft',
    "sentToReviewAt" TIMESTAMP(3),
    "createdById" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "HistoryRevision_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Turn" (
    "id" TEXT NOT NULL,
    "revisionId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "activated" TEXT[],
    "deactivated" TEXT[],
    "restated" TEXT[],

    CONSTRAINT "Turn_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReviewAssignment" (
    "id" TEXT NOT NULL,
    "revisionId" TEXT NOT NULL,
    "reviewerId" TEXT NOT NULL,
    "assignedById" TEXT,
    "status" "AssignmentStatus" NOT NULL DEFAULT 'assigned',
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReviewAssignment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Review" (
    "id" TEXT NOT NULL,
    "assignmentId" TEXT NOT NULL,
    "operations" JSONB NOT NULL DEFAULT '[]',
    "finalSet" TEXT[],
    "ambiguous" BOOLEAN NOT NULL DEFAULT false,
    "ambiguityNote" TEXT,
    "freeText" JSONB NOT NULL DEFAULT '[]',
    "submittedAt" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Review_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Adjudication" (
    "id" TEXT NOT NULL,
    "revisionId" TEXT NOT NULL,
    "leadId" TEXT NOT NULL,
    "decision" "AdjudicationDecision" NOT NULL,
    "note" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Adjudication_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Run" (
    "id" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "kind" "RunKind" NOT NULL,
    "patchRole" TEXT,
    "patchId" TEXT,
    "historyRevisionId" TEXT,
    "repeat" INTEGER NOT NULL DEFAULT 0,
    "requestKey" TEXT NOT NULL,
    "batchId" TEXT,
    "status" "RunStatus" NOT NULL DEFAULT 'queued',
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "probeIds" TEXT[],
    "signature" INTEGER[],
    "message" TEXT,
    "warnings" TEXT[],
    "requestedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Run_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RunResult" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "workerId" TEXT NOT NULL,
    "status" "RunStatus" NOT NULL,
    "signature" INTEGER[],
    "probes" JSONB NOT NULL DEFAULT '[]',
    "stdout" TEXT NOT NULL DEFAULT '',
    "stderr" TEXT NOT NULL DEFAULT '',
    "message" TEXT,
    "sandbox" TEXT NOT NULL DEFAULT 'none',
    "warnings" TEXT[],
    "timings" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RunResult_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GateResult" (
    "id" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "stage" "Stage" NOT NULL,
    "gate" TEXT NOT NULL,
    "status" "GateStatus" NOT NULL,
    "evidence" JSONB NOT NULL DEFAULT '[]',
    "missing" TEXT NOT NULL DEFAULT '',
    "computedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GateResult_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditFinding" (
    "id" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "historyRevisionId" TEXT,
    "probeTestId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "buildUnit" TEXT NOT NULL DEFAULT '',
    "addendum" TEXT,
    "resolved" BOOLEAN NOT NULL DEFAULT false,
    "resolution" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditFinding_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Package" (
    "id" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "content" JSONB NOT NULL,
    "frozenById" TEXT,
    "frozenAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Package_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PackageAnnotation" (
    "id" TEXT NOT NULL,
    "packageId" TEXT NOT NULL,
    "authorId" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PackageAnnotation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditEvent" (
    "id" BIGSERIAL NOT NULL,
    "actorId" TEXT,
    "action" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "entityId" TEXT NOT NULL,
    "familyId" TEXT,
    "before" JSONB,
    "after" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Setting" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Setting_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "User_githubLogin_key" ON "User"("githubLogin");

-- CreateIndex
CREATE UNIQUE INDEX "Suite_name_key" ON "Suite"("name");

-- CreateIndex
CREATE INDEX "Candidate_suiteId_status_idx" ON "Candidate"("suiteId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Candidate_suiteId_repo_mergeCommit_key" ON "Candidate"("suiteId", "repo", "mergeCommit");

-- CreateIndex
CREATE UNIQUE INDEX "TaskFamily_candidateId_key" ON "TaskFamily"("candidateId");

-- CreateIndex
CREATE UNIQUE INDEX "TaskFamily_suiteId_repo_mergeCommit_key" ON "TaskFamily"("suiteId", "repo", "mergeCommit");

-- CreateIndex
CREATE UNIQUE INDEX "Evidence_familyId_key" ON "Evidence"("familyId");

-- CreateIndex
CREATE UNIQUE INDEX "DiffFile_familyId_path_key" ON "DiffFile"("familyId", "path");

-- CreateIndex
CREATE UNIQUE INDEX "Atom_familyId_key_key" ON "Atom"("familyId", "key");

-- CreateIndex
CREATE UNIQUE INDEX "Probe_familyId_testId_key" ON "Probe"("familyId", "testId");

-- CreateIndex
CREATE UNIQUE INDEX "Verifier_familyId_key" ON "Verifier"("familyId");

-- CreateIndex
CREATE UNIQUE INDEX "Patch_familyId_name_key" ON "Patch"("familyId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "History_familyId_condition_key" ON "History"("familyId", "condition");

-- CreateIndex
CREATE UNIQUE INDEX "HistoryRevision_historyId_number_key" ON "HistoryRevision"("historyId", "number");

-- CreateIndex
CREATE UNIQUE INDEX "Turn_revisionId_index_key" ON "Turn"("revisionId", "index");

-- CreateIndex
CREATE UNIQUE INDEX "ReviewAssignment_revisionId_reviewerId_key" ON "ReviewAssignment"("revisionId", "reviewerId");

-- CreateIndex
CREATE UNIQUE INDEX "Review_assignmentId_key" ON "Review"("assignmentId");

-- CreateIndex
CREATE UNIQUE INDEX "Run_requestKey_key" ON "Run"("requestKey");

-- CreateIndex
CREATE INDEX "Run_familyId_kind_idx" ON "Run"("familyId", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "RunResult_runId_attempt_key" ON "RunResult"("runId", "attempt");

-- CreateIndex
CREATE UNIQUE INDEX "GateResult_familyId_stage_gate_key" ON "GateResult"("familyId", "stage", "gate");

-- CreateIndex
CREATE UNIQUE INDEX "Package_hash_key" ON "Package"("hash");

-- CreateIndex
CREATE INDEX "AuditEvent_familyId_createdAt_idx" ON "AuditEvent"("familyId", "createdAt");

-- CreateIndex
CREATE INDEX "AuditEvent_actorId_createdAt_idx" ON "AuditEvent"("actorId", "createdAt");

-- CreateIndex
CREATE INDEX "AuditEvent_action_idx" ON "AuditEvent"("action");

-- AddForeignKey
ALTER TABLE "ImportJob" ADD CONSTRAINT "ImportJob_suiteId_fkey" FOREIGN KEY ("suiteId") REFERENCES "Suite"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Candidate" ADD CONSTRAINT "Candidate_suiteId_fkey" FOREIGN KEY ("suiteId") REFERENCES "Suite"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Candidate" ADD CONSTRAINT "Candidate_importJobId_fkey" FOREIGN KEY ("importJobId") REFERENCES "ImportJob"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskFamily" ADD CONSTRAINT "TaskFamily_suiteId_fkey" FOREIGN KEY ("suiteId") REFERENCES "Suite"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskFamily" ADD CONSTRAINT "TaskFamily_candidateId_fkey" FOREIGN KEY ("candidateId") REFERENCES "Candidate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskFamily" ADD CONSTRAINT "TaskFamily_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FamilyCurator" ADD CONSTRAINT "FamilyCurator_familyId_fkey" FOREIGN KEY ("familyId") REFERENCES "TaskFamily"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FamilyCurator" ADD CONSTRAINT "FamilyCurator_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Evidence" ADD CONSTRAINT "Evidence_familyId_fkey" FOREIGN KEY ("familyId") REFERENCES "TaskFamily"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DiffFile" ADD CONSTRAINT "DiffFile_familyId_fkey" FOREIGN KEY ("familyId") REFERENCES "TaskFamily"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EvidenceAnchor" ADD CONSTRAINT "EvidenceAnchor_familyId_fkey" FOREIGN KEY ("familyId") REFERENCES "TaskFamily"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EvidenceAnchor" ADD CONSTRAINT "EvidenceAnchor_atomId_fkey" FOREIGN KEY ("atomId") REFERENCES "Atom"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EvidenceAnchor" ADD CONSTRAINT "EvidenceAnchor_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Atom" ADD CONSTRAINT "Atom_familyId_fkey" FOREIGN KEY ("familyId") REFERENCES "TaskFamily"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Atom" ADD CONSTRAINT "Atom_mergedIntoId_fkey" FOREIGN KEY ("mergedIntoId") REFERENCES "Atom"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Probe" ADD CONSTRAINT "Probe_familyId_fkey" FOREIGN KEY ("familyId") REFERENCES "TaskFamily"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProbeAtom" ADD CONSTRAINT "ProbeAtom_probeId_fkey" FOREIGN KEY ("probeId") REFERENCES "Probe"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProbeAtom" ADD CONSTRAINT "ProbeAtom_atomId_fkey" FOREIGN KEY ("atomId") REFERENCES "Atom"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Verifier" ADD CONSTRAINT "Verifier_familyId_fkey" FOREIGN KEY ("familyId") REFERENCES "TaskFamily"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Patch" ADD CONSTRAINT "Patch_familyId_fkey" FOREIGN KEY ("familyId") REFERENCES "TaskFamily"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Patch" ADD CONSTRAINT "Patch_targetAtomId_fkey" FOREIGN KEY ("targetAtomId") REFERENCES "Atom"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "History" ADD CONSTRAINT "History_familyId_fkey" FOREIGN KEY ("familyId") REFERENCES "TaskFamily"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HistoryRevision" ADD CONSTRAINT "HistoryRevision_historyId_fkey" FOREIGN KEY ("historyId") REFERENCES "History"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HistoryRevision" ADD CONSTRAINT "HistoryRevision_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Turn" ADD CONSTRAINT "Turn_revisionId_fkey" FOREIGN KEY ("revisionId") REFERENCES "HistoryRevision"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReviewAssignment" ADD CONSTRAINT "ReviewAssignment_revisionId_fkey" FOREIGN KEY ("revisionId") REFERENCES "HistoryRevision"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReviewAssignment" ADD CONSTRAINT "ReviewAssignment_reviewerId_fkey" FOREIGN KEY ("reviewerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReviewAssignment" ADD CONSTRAINT "ReviewAssignment_assignedById_fkey" FOREIGN KEY ("assignedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_assignmentId_fkey" FOREIGN KEY ("assignmentId") REFERENCES "ReviewAssignment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_revisionId_fkey" FOREIGN KEY ("revisionId") REFERENCES "HistoryRevision"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_familyId_fkey" FOREIGN KEY ("familyId") REFERENCES "TaskFamily"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_patchId_fkey" FOREIGN KEY ("patchId") REFERENCES "Patch"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_historyRevisionId_fkey" FOREIGN KEY ("historyRevisionId") REFERENCES "HistoryRevision"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunResult" ADD CONSTRAINT "RunResult_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GateResult" ADD CONSTRAINT "GateResult_familyId_fkey" FOREIGN KEY ("familyId") REFERENCES "TaskFamily"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditFinding" ADD CONSTRAINT "AuditFinding_familyId_fkey" FOREIGN KEY ("familyId") REFERENCES "TaskFamily"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Package" ADD CONSTRAINT "Package_familyId_fkey" FOREIGN KEY ("familyId") REFERENCES "TaskFamily"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Package" ADD CONSTRAINT "Package_frozenById_fkey" FOREIGN KEY ("frozenById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PackageAnnotation" ADD CONSTRAINT "PackageAnnotation_packageId_fkey" FOREIGN KEY ("packageId") REFERENCES "Package"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PackageAnnotation" ADD CONSTRAINT "PackageAnnotation_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditEvent" ADD CONSTRAINT "AuditEvent_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Append-only audit log: no UPDATE, no DELETE, ever.
CREATE FUNCTION studio_reject_audit_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'AuditEvent rows are append-only (% rejected)', TG_OP USING ERRCODE = 'P0001';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "AuditEvent_append_only"
  BEFORE UPDATE OR DELETE ON "AuditEvent"
  FOR EACH ROW EXECUTE FUNCTION studio_reject_audit_change();

CREATE TRIGGER "AuditEvent_no_truncate"
  BEFORE TRUNCATE ON "AuditEvent"
  FOR EACH STATEMENT EXECUTE FUNCTION studio_reject_audit_change();

-- A frozen package can no longer change; only annotations are appended.
CREATE FUNCTION studio_reject_frozen_package_change() RETURNS trigger AS $$
BEGIN
  IF OLD."frozenAt" IS NOT NULL THEN
    RAISE EXCEPTION 'Package % is frozen (% rejected)', OLD."hash", TG_OP USING ERRCODE = 'P0001';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "Package_frozen_immutable"
  BEFORE UPDATE OR DELETE ON "Package"
  FOR EACH ROW EXECUTE FUNCTION studio_reject_frozen_package_change();

-- Annotations on a package are append-only too.
CREATE TRIGGER "PackageAnnotation_append_only"
  BEFORE UPDATE OR DELETE ON "PackageAnnotation"
  FOR EACH ROW EXECUTE FUNCTION studio_reject_audit_change();
