-- Every model call of a round table is recorded and charged to the day's budget (council.md): a draft of round 3's axes
-- too. Its task says what was asked ("answer" or "axes"); a draft by a provider the facilitator named has no seat.

-- DropIndex
DROP INDEX "ModelCall_seatId_round_attempt_try_key";

-- AlterTable
ALTER TABLE "ModelCall" ADD COLUMN     "task" TEXT NOT NULL DEFAULT 'answer',
ALTER COLUMN "seatId" DROP NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "ModelCall_seatId_round_attempt_try_task_key" ON "ModelCall"("seatId", "round", "attempt", "try", "task");
