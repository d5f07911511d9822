-- CreateTable
CREATE TABLE "Council" (
    "id" SERIAL NOT NULL,
    "question" TEXT NOT NULL,
    "context" TEXT NOT NULL DEFAULT '',
    "options" JSONB NOT NULL,
    "aggregator" TEXT NOT NULL,
    "valuesKeywords" JSONB NOT NULL,
    "facilitatorId" INTEGER NOT NULL,
    "roundDeadlineMs" INTEGER NOT NULL,
    "axes" JSONB,
    "axesAt" TIMESTAMP(3),
    "stateId" TEXT,
    "demo" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closedAt" TIMESTAMP(3),
    "outcome" TEXT,

    CONSTRAINT "Council_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CouncilSeat" (
    "id" SERIAL NOT NULL,
    "councilId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "soul" TEXT NOT NULL,
    "soulSource" TEXT NOT NULL,
    "sourceLabel" TEXT NOT NULL DEFAULT '',
    "wearer" TEXT NOT NULL,
    "userId" INTEGER,
    "agentId" INTEGER,
    "provider" TEXT,
    "model" TEXT,
    "baseUrl" TEXT,
    "script" JSONB,
    "emptiedAt" TIMESTAMP(3),
    "emptiedRound" INTEGER,
    "emptiedReason" TEXT,

    CONSTRAINT "CouncilSeat_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CouncilRound" (
    "id" SERIAL NOT NULL,
    "councilId" INTEGER NOT NULL,
    "round" INTEGER NOT NULL,
    "openedAt" TIMESTAMP(3) NOT NULL,
    "deadlineAt" TIMESTAMP(3) NOT NULL,
    "closedAt" TIMESTAMP(3),
    "closedBecause" TEXT,

    CONSTRAINT "CouncilRound_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CouncilAnswer" (
    "id" SERIAL NOT NULL,
    "councilId" INTEGER NOT NULL,
    "seatId" INTEGER NOT NULL,
    "round" INTEGER NOT NULL,
    "reply" JSONB NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CouncilAnswer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CouncilFailure" (
    "id" SERIAL NOT NULL,
    "councilId" INTEGER NOT NULL,
    "seatId" INTEGER NOT NULL,
    "round" INTEGER NOT NULL,
    "attempt" INTEGER NOT NULL,
    "raw" TEXT NOT NULL,
    "problem" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CouncilFailure_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ModelCall" (
    "id" SERIAL NOT NULL,
    "councilId" INTEGER NOT NULL,
    "seatId" INTEGER NOT NULL,
    "round" INTEGER NOT NULL,
    "attempt" INTEGER NOT NULL,
    "provider" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),
    "ok" BOOLEAN,
    "tokensIn" INTEGER,
    "tokensOut" INTEGER,
    "latencyMs" INTEGER,
    "costUsd" DOUBLE PRECISION,
    "error" TEXT,

    CONSTRAINT "ModelCall_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CouncilVerdict" (
    "id" SERIAL NOT NULL,
    "councilId" INTEGER NOT NULL,
    "afterRound" INTEGER NOT NULL,
    "verdict" TEXT NOT NULL,
    "line" TEXT NOT NULL,
    "ask" TEXT,
    "confirmed" BOOLEAN,
    "confirmedById" INTEGER,
    "confirmedAt" TIMESTAMP(3),
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CouncilVerdict_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CouncilRuling" (
    "id" SERIAL NOT NULL,
    "councilId" INTEGER NOT NULL,
    "choice" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "byId" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CouncilRuling_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Council_demo_key" ON "Council"("demo");

-- CreateIndex
CREATE INDEX "Council_closedAt_createdAt_idx" ON "Council"("closedAt", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "CouncilSeat_councilId_position_key" ON "CouncilSeat"("councilId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "CouncilSeat_councilId_name_key" ON "CouncilSeat"("councilId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "CouncilSeat_councilId_userId_key" ON "CouncilSeat"("councilId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "CouncilSeat_councilId_agentId_key" ON "CouncilSeat"("councilId", "agentId");

-- CreateIndex
CREATE UNIQUE INDEX "CouncilRound_councilId_round_key" ON "CouncilRound"("councilId", "round");

-- CreateIndex
CREATE INDEX "CouncilAnswer_councilId_round_idx" ON "CouncilAnswer"("councilId", "round");

-- CreateIndex
CREATE UNIQUE INDEX "CouncilAnswer_seatId_round_key" ON "CouncilAnswer"("seatId", "round");

-- CreateIndex
CREATE INDEX "CouncilFailure_councilId_idx" ON "CouncilFailure"("councilId");

-- CreateIndex
CREATE UNIQUE INDEX "CouncilFailure_seatId_round_attempt_key" ON "CouncilFailure"("seatId", "round", "attempt");

-- CreateIndex
CREATE INDEX "ModelCall_councilId_idx" ON "ModelCall"("councilId");

-- CreateIndex
CREATE UNIQUE INDEX "ModelCall_seatId_round_attempt_key" ON "ModelCall"("seatId", "round", "attempt");

-- CreateIndex
CREATE UNIQUE INDEX "CouncilVerdict_councilId_afterRound_key" ON "CouncilVerdict"("councilId", "afterRound");

-- CreateIndex
CREATE UNIQUE INDEX "CouncilRuling_councilId_key" ON "CouncilRuling"("councilId");

-- AddForeignKey
ALTER TABLE "Council" ADD CONSTRAINT "Council_facilitatorId_fkey" FOREIGN KEY ("facilitatorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CouncilSeat" ADD CONSTRAINT "CouncilSeat_councilId_fkey" FOREIGN KEY ("councilId") REFERENCES "Council"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CouncilSeat" ADD CONSTRAINT "CouncilSeat_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CouncilSeat" ADD CONSTRAINT "CouncilSeat_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CouncilRound" ADD CONSTRAINT "CouncilRound_councilId_fkey" FOREIGN KEY ("councilId") REFERENCES "Council"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CouncilAnswer" ADD CONSTRAINT "CouncilAnswer_councilId_fkey" FOREIGN KEY ("councilId") REFERENCES "Council"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CouncilAnswer" ADD CONSTRAINT "CouncilAnswer_seatId_fkey" FOREIGN KEY ("seatId") REFERENCES "CouncilSeat"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CouncilFailure" ADD CONSTRAINT "CouncilFailure_councilId_fkey" FOREIGN KEY ("councilId") REFERENCES "Council"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CouncilFailure" ADD CONSTRAINT "CouncilFailure_seatId_fkey" FOREIGN KEY ("seatId") REFERENCES "CouncilSeat"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ModelCall" ADD CONSTRAINT "ModelCall_councilId_fkey" FOREIGN KEY ("councilId") REFERENCES "Council"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ModelCall" ADD CONSTRAINT "ModelCall_seatId_fkey" FOREIGN KEY ("seatId") REFERENCES "CouncilSeat"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CouncilVerdict" ADD CONSTRAINT "CouncilVerdict_councilId_fkey" FOREIGN KEY ("councilId") REFERENCES "Council"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CouncilVerdict" ADD CONSTRAINT "CouncilVerdict_confirmedById_fkey" FOREIGN KEY ("confirmedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CouncilRuling" ADD CONSTRAINT "CouncilRuling_councilId_fkey" FOREIGN KEY ("councilId") REFERENCES "Council"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CouncilRuling" ADD CONSTRAINT "CouncilRuling_byId_fkey" FOREIGN KEY ("byId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
