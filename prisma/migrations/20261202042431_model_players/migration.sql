-- AlterTable
ALTER TABLE "GameTable" ADD COLUMN     "modelBudgetTokens" INTEGER,
ADD COLUMN     "modelBudgetUsd" DOUBLE PRECISION;

-- AlterTable
ALTER TABLE "Seat" ADD COLUMN     "modelBaseUrl" TEXT,
ADD COLUMN     "modelName" TEXT,
ADD COLUMN     "modelProvider" TEXT,
ADD COLUMN     "modelScript" JSONB;

-- CreateTable
CREATE TABLE "GameModelCall" (
    "id" SERIAL NOT NULL,
    "tableId" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "turn" INTEGER NOT NULL,
    "attempt" INTEGER NOT NULL,
    "try" INTEGER NOT NULL,
    "provider" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),
    "ok" BOOLEAN,
    "tokensIn" INTEGER,
    "tokensOut" INTEGER,
    "costUsd" DOUBLE PRECISION,
    "latencyMs" INTEGER,
    "error" TEXT,
    "retryAt" TIMESTAMP(3),
    "outcome" TEXT,

    CONSTRAINT "GameModelCall_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "GameModelCall_tableId_turn_attempt_try_key" ON "GameModelCall"("tableId", "turn", "attempt", "try");

-- AddForeignKey
ALTER TABLE "GameModelCall" ADD CONSTRAINT "GameModelCall_tableId_fkey" FOREIGN KEY ("tableId") REFERENCES "GameTable"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
