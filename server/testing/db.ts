// A throwaway database for a test file: a fresh PostgreSQL database when DATABASE_URL is set, else in-memory PGlite.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../db";
import { dropLiveStream } from "../live";
import { accountName } from "../names";

export type TestDatabase = Database & { url: string; drop(): Promise<void> };

/** Whether DATABASE_URL names a PostgreSQL server (else the tests run on in-memory PGlite). */
export const onPostgres = (url = process.env.DATABASE_URL): url is string =>
  !!url && !url.startsWith("pglite:") && !url.startsWith("memory://");

export async function testDatabase(): Promise<TestDatabase> {
  const server = process.env.DATABASE_URL;
  if (!onPostgres(server)) {
    const db = await openDatabase("memory://");
    return Object.assign(db, { url: "memory://", drop: () => db.close() });
  }
  const name = `parley_t_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  await admin(server, `CREATE DATABASE "${name}"`);
  const u = new URL(server);
  u.pathname = `/${name}`;
  const db = await openDatabase(u.toString());
  return Object.assign(db, {
    url: u.toString(),
    async drop() {
      await db.close();
      await admin(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropLiveStream(name); // its live feed on NATS, when the tests run with PARLEY_NATS_URL
    },
  });
}

async function admin(url: string, sql: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** A signed-in person for tests, made directly in the database. */
export async function makeUser(db: Database, name: string, email: string | null = null) {
  const u = await db.prisma.user.create({
    data: { ...accountName(name), email },
    select: { id: true, name: true },
  });
  return { kind: "user" as const, userId: u.id, name: u.name, admin: false };
}
