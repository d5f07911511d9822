-- Bursts (notifications.md): a person's notes about one table, round table or plan join one burst from its first
-- note for BURST_MS (server/rules/notifications.ts), not a clock's fixed slot. Each note records the burst it joined;
-- the burst's number is unique per recipient and subject, so two writers opening one at once make one. Notes written
-- before this have no burst and stand alone.

-- AlterTable
ALTER TABLE "Notification" ADD COLUMN     "burstId" BIGINT;

-- CreateTable
CREATE TABLE "NotificationBurst" (
    "id" BIGSERIAL NOT NULL,
    "recipient" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "opensAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "NotificationBurst_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "NotificationBurst_recipient_subject_number_key" ON "NotificationBurst"("recipient", "subject", "number");

-- CreateIndex
CREATE INDEX "Notification_burstId_idx" ON "Notification"("burstId");

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_burstId_fkey" FOREIGN KEY ("burstId") REFERENCES "NotificationBurst"("id") ON DELETE SET NULL ON UPDATE CASCADE;
