-- CreateIndex
CREATE INDEX "GameModelCall_startedAt_idx" ON "GameModelCall"("startedAt");

-- CreateIndex
CREATE INDEX "ModelCall_startedAt_idx" ON "ModelCall"("startedAt");
