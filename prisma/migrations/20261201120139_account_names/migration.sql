-- Account names are one under Unicode NFKC and case (server/names.ts): "nameKey" holds that form, unique.
-- Existing rows are keyed here in SQL. Every name written so far is ASCII once NFKC'd (local names are held to
-- letters, digits and " _.-", OAuth names are stripped to them, the demo's are plain), and on ASCII PostgreSQL's
-- lower() and the app's fold agree whatever the database's locale.
ALTER TABLE "User" ADD COLUMN     "nameKey" TEXT;

UPDATE "User" SET "nameKey" = lower(normalize("name", NFKC));

-- Two accounts that were apart before and are one name now ("BOSS" and "boss"): the older keeps the name, each
-- younger one is renamed "<name>-<id>" (keyed the same way), so no account is lost and none is merged.
UPDATE "User" AS u
SET "name" = u."name" || '-' || u."id", "nameKey" = u."nameKey" || '-' || u."id"
WHERE EXISTS (SELECT 1 FROM "User" AS o WHERE o."nameKey" = u."nameKey" AND o."id" < u."id");

ALTER TABLE "User" ALTER COLUMN "nameKey" SET NOT NULL;

-- DropIndex
DROP INDEX "User_name_key";

-- CreateIndex
CREATE UNIQUE INDEX "User_nameKey_key" ON "User"("nameKey");
