-- Notifications that read well (notifications.md): the text says times in words; the moment it speaks of travels
-- beside it, machine-readable (null when it speaks of none).

-- AlterTable
ALTER TABLE "Notification" ADD COLUMN     "moment" TIMESTAMP(3);
