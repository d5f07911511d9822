-- CreateTable
CREATE TABLE "StreamCount" (
    "key" VARCHAR(255) NOT NULL,
    "open" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "StreamCount_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "StreamHold" (
    "id" BIGSERIAL NOT NULL,
    "key" VARCHAR(255) NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "StreamHold_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "StreamHold_expiresAt_idx" ON "StreamHold"("expiresAt");

-- What is open now, written at each stream's open and close: kept out of the write-ahead log like the rate limits'
-- counts (20261203152000_rate_limits_unlogged). A crash empties them; the streams open then are uncounted until they
-- close (a close finds no hold and takes nothing off), never counted twice. Prisma's diff does not see this.
ALTER TABLE "StreamCount" SET UNLOGGED;
ALTER TABLE "StreamHold" SET UNLOGGED;
