-- CreateTable
CREATE TABLE "ModerationAct" (
    "id" SERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "adminId" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "accountId" INTEGER,
    "tableId" INTEGER,
    "councilId" INTEGER,
    "part" TEXT,
    "reason" TEXT NOT NULL,
    "once" TEXT,

    CONSTRAINT "ModerationAct_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ModerationAct_once_key" ON "ModerationAct"("once");

-- CreateIndex
CREATE INDEX "ModerationAct_accountId_id_idx" ON "ModerationAct"("accountId", "id");

-- CreateIndex
CREATE INDEX "ModerationAct_tableId_id_idx" ON "ModerationAct"("tableId", "id");

-- CreateIndex
CREATE INDEX "ModerationAct_councilId_id_idx" ON "ModerationAct"("councilId", "id");

-- AddForeignKey
ALTER TABLE "ModerationAct" ADD CONSTRAINT "ModerationAct_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ModerationAct" ADD CONSTRAINT "ModerationAct_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
