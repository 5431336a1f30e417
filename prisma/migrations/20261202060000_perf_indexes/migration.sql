-- CreateIndex
CREATE INDEX "EvidenceAnchor_familyId_createdAt_idx" ON "EvidenceAnchor"("familyId", "createdAt");

-- CreateIndex
CREATE INDEX "Run_familyId_createdAt_idx" ON "Run"("familyId", "createdAt");

-- CreateIndex
CREATE INDEX "Run_batchId_idx" ON "Run"("batchId");
