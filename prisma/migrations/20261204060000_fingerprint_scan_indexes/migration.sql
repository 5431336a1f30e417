-- CreateIndex
CREATE INDEX "Adjudication_revisionId_idx" ON "Adjudication"("revisionId");

-- CreateIndex
CREATE INDEX "Package_familyId_frozenAt_idx" ON "Package"("familyId", "frozenAt");
