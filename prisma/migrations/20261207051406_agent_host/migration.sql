-- An agent may host a table (shared/spec/access.md "Identities"): the agent that opened it, beside the person who
-- answers for it (its owner, in hostId).

-- AlterTable
ALTER TABLE "GameTable" ADD COLUMN     "hostAgentId" INTEGER;

-- AddForeignKey
ALTER TABLE "GameTable" ADD CONSTRAINT "GameTable_hostAgentId_fkey" FOREIGN KEY ("hostAgentId") REFERENCES "Agent"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A name the read shows (migration table_stamp): an agent host's too, so renaming the agent restamps the tables it
-- hosts as it does those where it sits.
CREATE OR REPLACE FUNCTION "parley_name_restamps"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'User' THEN
    UPDATE "GameTable" SET "stamp" = gen_random_uuid()
    WHERE "hostId" = NEW."id"
      OR "id" IN (SELECT "tableId" FROM "Seat" WHERE "userId" = NEW."id")
      OR "id" IN (SELECT "tableId" FROM "ModerationAct" WHERE "adminId" = NEW."id");
  ELSE
    UPDATE "GameTable" SET "stamp" = gen_random_uuid()
    WHERE "hostAgentId" = NEW."id"
      OR "id" IN (SELECT "tableId" FROM "Seat" WHERE "agentId" = NEW."id");
  END IF;
  RETURN NULL;
END $$;
