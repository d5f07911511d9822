-- Step 0 at every door (council.md "Convening"): a convening carries the convener's answer to each of the three
-- questions; an imported record, or a table convened before they were asked, has none (null).

-- AlterTable
ALTER TABLE "Council" ADD COLUMN     "fit" JSONB;
