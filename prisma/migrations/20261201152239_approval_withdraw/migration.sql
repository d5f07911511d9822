-- AlterTable
ALTER TABLE "Approval" ADD COLUMN     "action" TEXT NOT NULL DEFAULT 'approve';
