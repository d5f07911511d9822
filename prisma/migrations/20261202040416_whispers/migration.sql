-- CreateTable
CREATE TABLE "Whisper" (
    "id" SERIAL NOT NULL,
    "tableId" INTEGER NOT NULL,
    "fromSeat" INTEGER NOT NULL,
    "toSeat" INTEGER NOT NULL,
    "n" INTEGER NOT NULL,
    "text" TEXT,
    "claims" JSONB,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Whisper_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Whisper_tableId_at_idx" ON "Whisper"("tableId", "at");

-- CreateIndex
CREATE UNIQUE INDEX "Whisper_tableId_fromSeat_n_key" ON "Whisper"("tableId", "fromSeat", "n");

-- AddForeignKey
ALTER TABLE "Whisper" ADD CONSTRAINT "Whisper_tableId_fkey" FOREIGN KEY ("tableId") REFERENCES "GameTable"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- A seat sends at most WHISPERS_PER_SEAT (24) whispers over a table (game.md §12): n counts them from 0.
ALTER TABLE "Whisper" ADD CONSTRAINT "Whisper_n_check" CHECK ("n" >= 0 AND "n" < 24);
