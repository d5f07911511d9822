-- A table's stamp: changed by the triggers below with every write to what a read of the table holds besides its acts,
-- so a process that kept those parts reads them again only when the stamp it kept is no longer the table's. Acts are
-- appended at a unique turn and never changed, and a read finds the new ones by turn, so an act changes no stamp (the
-- act path writes nothing more). Triggers, not the actions: no writer, present or future, can forget one. A random
-- uuid, not a count: a database restored from a backup cannot bring a stamp back with other parts. Prisma's schema
-- has no word for triggers, so its diff does not see them.

-- AlterTable
ALTER TABLE "GameTable" ADD COLUMN     "stamp" UUID NOT NULL DEFAULT gen_random_uuid();

-- The table's own row: any update that does not set a stamp itself gets a new one.
CREATE FUNCTION "parley_table_restamped"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."stamp" = OLD."stamp" THEN
    NEW."stamp" := gen_random_uuid();
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "GameTable_stamp" BEFORE UPDATE ON "GameTable"
  FOR EACH ROW EXECUTE FUNCTION "parley_table_restamped"();

-- A row of one of the table's parts (seats, members, whispers, model calls, moderation): the table it was and is at.
CREATE FUNCTION "parley_part_restamps"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."tableId" IS NOT NULL THEN
    UPDATE "GameTable" SET "stamp" = gen_random_uuid() WHERE "id" = OLD."tableId";
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."tableId" IS DISTINCT FROM OLD."tableId") THEN
    UPDATE "GameTable" SET "stamp" = gen_random_uuid() WHERE "id" = NEW."tableId";
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "Seat_stamp" AFTER INSERT OR UPDATE OR DELETE ON "Seat"
  FOR EACH ROW EXECUTE FUNCTION "parley_part_restamps"();
CREATE TRIGGER "Member_stamp" AFTER INSERT OR UPDATE OR DELETE ON "Member"
  FOR EACH ROW EXECUTE FUNCTION "parley_part_restamps"();
CREATE TRIGGER "Whisper_stamp" AFTER INSERT OR UPDATE OR DELETE ON "Whisper"
  FOR EACH ROW EXECUTE FUNCTION "parley_part_restamps"();
CREATE TRIGGER "GameModelCall_stamp" AFTER INSERT OR UPDATE OR DELETE ON "GameModelCall"
  FOR EACH ROW EXECUTE FUNCTION "parley_part_restamps"();
CREATE TRIGGER "ModerationAct_stamp" AFTER INSERT OR UPDATE OR DELETE ON "ModerationAct"
  FOR EACH ROW EXECUTE FUNCTION "parley_part_restamps"();

-- A name the read shows: the host's, a seat holder's (a person's or an agent's, and the agent's owner), an admin's in
-- the moderation log.
CREATE FUNCTION "parley_name_restamps"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'User' THEN
    UPDATE "GameTable" SET "stamp" = gen_random_uuid()
    WHERE "hostId" = NEW."id"
      OR "id" IN (SELECT "tableId" FROM "Seat" WHERE "userId" = NEW."id")
      OR "id" IN (SELECT "tableId" FROM "ModerationAct" WHERE "adminId" = NEW."id");
  ELSE
    UPDATE "GameTable" SET "stamp" = gen_random_uuid()
    WHERE "id" IN (SELECT "tableId" FROM "Seat" WHERE "agentId" = NEW."id");
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "User_stamp" AFTER UPDATE OF "name" ON "User"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "parley_name_restamps"();
CREATE TRIGGER "Agent_stamp" AFTER UPDATE OF "name", "ownerId" ON "Agent"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."ownerId" IS DISTINCT FROM NEW."ownerId")
  EXECUTE FUNCTION "parley_name_restamps"();

-- An act judged on the table as a process kept it, unread (server/actions/game/append.ts), is written only if the
-- table is still as kept: its stamp, and the act before it. The write's first row asks this; it raises, so the whole
-- statement is refused, written nothing, and the act is judged again on the table as read. SQLSTATE PA001.
CREATE FUNCTION "parley_as_kept"(asked int, kept uuid, at_turn int, before int) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF kept IS NULL
    OR (EXISTS (SELECT 1 FROM "GameTable" t WHERE t."id" = asked AND t."stamp" = kept)
      AND (at_turn = 0 OR EXISTS (SELECT 1 FROM "Act" a WHERE a."tableId" = asked AND a."turn" = at_turn - 1
        AND a."id" = before))) THEN
    RETURN true;
  END IF;
  RAISE EXCEPTION 'table % is no longer as this process kept it', asked USING ERRCODE = 'PA001';
END $$;
