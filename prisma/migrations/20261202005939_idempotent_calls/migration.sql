-- CreateTable
CREATE TABLE "IdempotentCall" (
    "caller" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "input" TEXT NOT NULL,
    "answer" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "IdempotentCall_pkey" PRIMARY KEY ("caller","operation","key")
);
