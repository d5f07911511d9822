// The moderation tests' shared setup: a throwaway database with room in the rate limit for every door's calls, an
// admin and a stranger.
import { afterAll, beforeAll } from "vitest";
import type { Who } from "../identity";
import { makeUser, testDatabase, type TestDatabase } from "./db";

export type Moderated = {
  db: TestDatabase;
  admin: Who & { kind: "user" };
  stranger: Who & { kind: "user" };
};

/** Registers the file's hooks; `take` receives the database and the two people once they are made. */
export function moderationForFile(take: (made: Moderated) => void): void {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    process.env.PARLEY_RATE_LIMIT = "1000000";
    db = await testDatabase();
    take({
      db,
      admin: { ...(await makeUser(db, "mod-admin")), admin: true },
      stranger: await makeUser(db, "mod-stranger"),
    });
  });
  afterAll(async () => db?.drop());
}
