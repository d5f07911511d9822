-- DropIndex
DROP INDEX "ModelCall_seatId_round_attempt_key";

-- AlterTable
ALTER TABLE "ModelCall" ADD COLUMN     "retryAt" TIMESTAMP(3),
ADD COLUMN     "try" INTEGER NOT NULL DEFAULT 1;

-- CreateIndex
CREATE UNIQUE INDEX "ModelCall_seatId_round_attempt_try_key" ON "ModelCall"("seatId", "round", "attempt", "try");
