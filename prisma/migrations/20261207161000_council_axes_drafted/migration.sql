-- Drafted axes (council.md, the rounds table): a model of the table, or a provider the facilitator names, drafts
-- round 3's axes from the transcript; the minutes say whether the axes were a model's, edited, the template's, or
-- the facilitator's own.

-- AlterTable
ALTER TABLE "Council" ADD COLUMN     "axesDraft" JSONB,
ADD COLUMN     "axesDraftBy" TEXT,
ADD COLUMN     "axesSource" TEXT;
