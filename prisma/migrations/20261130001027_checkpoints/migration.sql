-- CreateTable
CREATE TABLE "Plan" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "ownerId" INTEGER NOT NULL,
    "requiredApprovers" INTEGER NOT NULL DEFAULT 1,
    "demo" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Plan_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GraphRevision" (
    "id" SERIAL NOT NULL,
    "planId" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "parentNumber" INTEGER,
    "nodes" JSONB NOT NULL,
    "waves" JSONB,
    "changes" JSONB NOT NULL,
    "evidenceRefs" JSONB NOT NULL,
    "rationale" TEXT NOT NULL,
    "validatorResult" JSONB NOT NULL,
    "holds" JSONB NOT NULL,
    "createdById" INTEGER,
    "createdByAgentId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GraphRevision_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OutcomeRecord" (
    "id" SERIAL NOT NULL,
    "planId" INTEGER NOT NULL,
    "revision" INTEGER NOT NULL,
    "nodeId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "evidenceHash" TEXT NOT NULL,
    "provenance" TEXT NOT NULL,
    "userId" INTEGER,
    "agentId" INTEGER,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OutcomeRecord_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Risk" (
    "id" SERIAL NOT NULL,
    "planId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Risk_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RiskAssessment" (
    "id" SERIAL NOT NULL,
    "riskId" INTEGER NOT NULL,
    "revision" INTEGER NOT NULL,
    "severity" TEXT NOT NULL,
    "affectedNodes" JSONB NOT NULL,
    "evidenceHash" TEXT NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "userId" INTEGER,
    "agentId" INTEGER,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RiskAssessment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Approval" (
    "id" SERIAL NOT NULL,
    "planId" INTEGER NOT NULL,
    "revision" INTEGER NOT NULL,
    "nextWave" JSONB NOT NULL,
    "waveKey" TEXT NOT NULL,
    "approverId" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Approval_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AssignmentCheck" (
    "id" SERIAL NOT NULL,
    "planId" INTEGER NOT NULL,
    "revision" INTEGER NOT NULL,
    "nextWave" JSONB NOT NULL,
    "waveKey" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "confirmedById" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AssignmentCheck_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Checkpoint" (
    "id" SERIAL NOT NULL,
    "planId" INTEGER NOT NULL,
    "revision" INTEGER NOT NULL,
    "justFinished" JSONB NOT NULL,
    "nextWave" JSONB NOT NULL,
    "declaration" JSONB NOT NULL,
    "audit" JSONB NOT NULL,
    "decision" TEXT NOT NULL,
    "rationale" TEXT NOT NULL,
    "decidedById" INTEGER,
    "decidedByAgentId" INTEGER,
    "councilId" INTEGER,
    "advice" JSONB,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Checkpoint_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Plan_demo_key" ON "Plan"("demo");

-- CreateIndex
CREATE INDEX "Plan_createdAt_idx" ON "Plan"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "GraphRevision_planId_number_key" ON "GraphRevision"("planId", "number");

-- CreateIndex
CREATE INDEX "OutcomeRecord_planId_revision_idx" ON "OutcomeRecord"("planId", "revision");

-- CreateIndex
CREATE UNIQUE INDEX "Risk_planId_key_key" ON "Risk"("planId", "key");

-- CreateIndex
CREATE INDEX "RiskAssessment_riskId_at_idx" ON "RiskAssessment"("riskId", "at");

-- CreateIndex
CREATE UNIQUE INDEX "Approval_planId_revision_waveKey_approverId_key" ON "Approval"("planId", "revision", "waveKey", "approverId");

-- CreateIndex
CREATE UNIQUE INDEX "AssignmentCheck_planId_revision_waveKey_kind_key" ON "AssignmentCheck"("planId", "revision", "waveKey", "kind");

-- CreateIndex
CREATE INDEX "Checkpoint_planId_at_idx" ON "Checkpoint"("planId", "at");

-- AddForeignKey
ALTER TABLE "Plan" ADD CONSTRAINT "Plan_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GraphRevision" ADD CONSTRAINT "GraphRevision_planId_fkey" FOREIGN KEY ("planId") REFERENCES "Plan"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GraphRevision" ADD CONSTRAINT "GraphRevision_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GraphRevision" ADD CONSTRAINT "GraphRevision_createdByAgentId_fkey" FOREIGN KEY ("createdByAgentId") REFERENCES "Agent"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OutcomeRecord" ADD CONSTRAINT "OutcomeRecord_planId_fkey" FOREIGN KEY ("planId") REFERENCES "Plan"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OutcomeRecord" ADD CONSTRAINT "OutcomeRecord_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OutcomeRecord" ADD CONSTRAINT "OutcomeRecord_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Risk" ADD CONSTRAINT "Risk_planId_fkey" FOREIGN KEY ("planId") REFERENCES "Plan"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RiskAssessment" ADD CONSTRAINT "RiskAssessment_riskId_fkey" FOREIGN KEY ("riskId") REFERENCES "Risk"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RiskAssessment" ADD CONSTRAINT "RiskAssessment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RiskAssessment" ADD CONSTRAINT "RiskAssessment_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Approval" ADD CONSTRAINT "Approval_planId_fkey" FOREIGN KEY ("planId") REFERENCES "Plan"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Approval" ADD CONSTRAINT "Approval_approverId_fkey" FOREIGN KEY ("approverId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AssignmentCheck" ADD CONSTRAINT "AssignmentCheck_planId_fkey" FOREIGN KEY ("planId") REFERENCES "Plan"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AssignmentCheck" ADD CONSTRAINT "AssignmentCheck_confirmedById_fkey" FOREIGN KEY ("confirmedById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Checkpoint" ADD CONSTRAINT "Checkpoint_planId_fkey" FOREIGN KEY ("planId") REFERENCES "Plan"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Checkpoint" ADD CONSTRAINT "Checkpoint_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Checkpoint" ADD CONSTRAINT "Checkpoint_decidedByAgentId_fkey" FOREIGN KEY ("decidedByAgentId") REFERENCES "Agent"("id") ON DELETE SET NULL ON UPDATE CASCADE;
