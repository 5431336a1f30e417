-- DropForeignKey
ALTER TABLE "AuditFinding" DROP CONSTRAINT "AuditFinding_familyId_fkey";

-- DropTable
DROP TABLE "AuditFinding";

-- CreateTable
CREATE TABLE "OracleAudit" (
    "id" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "revisionKeys" TEXT[],
    "goldHash" TEXT NOT NULL,
    "summary" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OracleAudit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OracleFinding" (
    "id" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "auditId" TEXT NOT NULL,
    "historyRevisionId" TEXT,
    "category" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "dependencyKey" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "module" TEXT,
    "reason" TEXT NOT NULL,
    "buildUnit" TEXT NOT NULL DEFAULT '',
    "scope" TEXT NOT NULL DEFAULT 'unit',
    "probeTestIds" TEXT[],
    "evidence" JSONB NOT NULL DEFAULT '{}',
    "addendum" TEXT,
    "resolved" BOOLEAN NOT NULL DEFAULT false,
    "resolution" TEXT,
    "rationale" TEXT,
    "resolvedById" TEXT,
    "resolvedAt" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OracleFinding_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OracleCounterfactual" (
    "id" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "auditId" TEXT NOT NULL,
    "runId" TEXT,
    "dependencyKey" TEXT NOT NULL,
    "mutation" TEXT NOT NULL,
    "patch" TEXT NOT NULL,
    "predictedProbeTestIds" TEXT[],
    "failedProbeTestIds" TEXT[],
    "outcome" TEXT,
    "message" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OracleCounterfactual_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OracleDefinitionCache" (
    "key" TEXT NOT NULL,
    "content" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OracleDefinitionCache_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "OracleAudit_runId_key" ON "OracleAudit"("runId");

-- CreateIndex
CREATE INDEX "OracleAudit_familyId_createdAt_idx" ON "OracleAudit"("familyId", "createdAt");

-- CreateIndex
CREATE INDEX "OracleFinding_familyId_historyRevisionId_idx" ON "OracleFinding"("familyId", "historyRevisionId");

-- CreateIndex
CREATE INDEX "OracleFinding_auditId_idx" ON "OracleFinding"("auditId");

-- CreateIndex
CREATE UNIQUE INDEX "OracleCounterfactual_runId_key" ON "OracleCounterfactual"("runId");

-- CreateIndex
CREATE UNIQUE INDEX "OracleCounterfactual_auditId_dependencyKey_key" ON "OracleCounterfactual"("auditId", "dependencyKey");

-- AddForeignKey
ALTER TABLE "OracleAudit" ADD CONSTRAINT "OracleAudit_familyId_fkey" FOREIGN KEY ("familyId") REFERENCES "TaskFamily"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OracleFinding" ADD CONSTRAINT "OracleFinding_familyId_fkey" FOREIGN KEY ("familyId") REFERENCES "TaskFamily"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OracleFinding" ADD CONSTRAINT "OracleFinding_auditId_fkey" FOREIGN KEY ("auditId") REFERENCES "OracleAudit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OracleCounterfactual" ADD CONSTRAINT "OracleCounterfactual_auditId_fkey" FOREIGN KEY ("auditId") REFERENCES "OracleAudit"("id") ON DELETE CASCADE ON UPDATE CASCADE;
