-- AlterTable
ALTER TABLE "GameTable" ADD COLUMN     "autoStart" BOOLEAN NOT NULL DEFAULT false;
