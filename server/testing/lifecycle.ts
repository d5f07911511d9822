// A test file's own database (server/testing/db.ts), made before its first test and dropped after its last.
import { afterAll, beforeAll } from "vitest";
import { testDatabase, type TestDatabase } from "./db";

/** Registers the file's hooks; `take` receives the database once it is made. */
export function databaseForFile(take: (db: TestDatabase) => void): void {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await testDatabase();
    take(db);
  });
  afterAll(async () => db?.drop());
}
