-- DropIndex
DROP INDEX "Approval_planId_revision_waveKey_approverId_key";

-- DropIndex
DROP INDEX "AssignmentCheck_planId_revision_waveKey_kind_key";

-- AlterTable
ALTER TABLE "Plan" ADD COLUMN     "approvalTtlMs" BIGINT,
ADD COLUMN     "visibility" TEXT NOT NULL DEFAULT 'invited';

-- Plans made before visibility existed were readable by anyone: they stay public. New plans are invited by default.
UPDATE "Plan" SET "visibility" = 'public';

-- CreateTable
CREATE TABLE "PlanRoleChange" (
    "id" SERIAL NOT NULL,
    "planId" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "userId" INTEGER,
    "agentId" INTEGER,
    "byId" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PlanRoleChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PlanSettingChange" (
    "id" SERIAL NOT NULL,
    "planId" INTEGER NOT NULL,
    "field" TEXT NOT NULL,
    "before" TEXT,
    "after" TEXT,
    "byId" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PlanSettingChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PlanRoleChange_planId_id_idx" ON "PlanRoleChange"("planId", "id");

-- CreateIndex
CREATE INDEX "PlanRoleChange_userId_idx" ON "PlanRoleChange"("userId");

-- CreateIndex
CREATE INDEX "PlanRoleChange_agentId_idx" ON "PlanRoleChange"("agentId");

-- CreateIndex
CREATE INDEX "PlanSettingChange_planId_id_idx" ON "PlanSettingChange"("planId", "id");

-- CreateIndex
CREATE INDEX "Approval_planId_revision_waveKey_idx" ON "Approval"("planId", "revision", "waveKey");

-- CreateIndex
CREATE INDEX "AssignmentCheck_planId_revision_waveKey_kind_idx" ON "AssignmentCheck"("planId", "revision", "waveKey", "kind");

-- AddForeignKey
ALTER TABLE "PlanRoleChange" ADD CONSTRAINT "PlanRoleChange_planId_fkey" FOREIGN KEY ("planId") REFERENCES "Plan"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PlanRoleChange" ADD CONSTRAINT "PlanRoleChange_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PlanRoleChange" ADD CONSTRAINT "PlanRoleChange_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PlanRoleChange" ADD CONSTRAINT "PlanRoleChange_byId_fkey" FOREIGN KEY ("byId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PlanSettingChange" ADD CONSTRAINT "PlanSettingChange_planId_fkey" FOREIGN KEY ("planId") REFERENCES "Plan"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PlanSettingChange" ADD CONSTRAINT "PlanSettingChange_byId_fkey" FOREIGN KEY ("byId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Before roles existed anyone signed in approved and confirmed: whoever did so on a plan is recorded as given that
-- role by its owner now, so a gate that stood before this migration still stands.
INSERT INTO "PlanRoleChange" ("planId", "action", "role", "userId", "byId", "at")
SELECT DISTINCT a."planId", 'assign', 'approver', a."approverId", p."ownerId", CURRENT_TIMESTAMP
FROM "Approval" a JOIN "Plan" p ON p.id = a."planId";
INSERT INTO "PlanRoleChange" ("planId", "action", "role", "userId", "byId", "at")
SELECT DISTINCT c."planId", 'assign', c.kind, c."confirmedById", p."ownerId", CURRENT_TIMESTAMP
FROM "AssignmentCheck" c JOIN "Plan" p ON p.id = c."planId";
