// Statements are prepared once per connection under a name (server/db.ts): one name per text, a bounded number of
// them, and on PostgreSQL the server really holds them (pg_prepared_statements) unless PARLEY_DB_PREPARED is off.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { dbIfOpen, openDatabase, setDatabase, statementName, type Database } from "./db";
import { onPostgres, testDatabase, type TestDatabase } from "./testing/db";

describe("statement names", () => {
  it("gives a text one name, and two texts two names", () => {
    const names = new Map<string, string>();
    const a = statementName({ sql: "SELECT 1" }, names);
    expect(a).toMatch(/^parley_\d+$/);
    expect(statementName({ sql: "SELECT 1" }, names)).toBe(a);
    const b = statementName({ sql: "SELECT 2" }, names);
    expect(b).toMatch(/^parley_\d+$/);
    expect(b).not.toBe(a);
  });

  it("names no more texts than its cap: the rest are planned each time, as without names", () => {
    const names = new Map<string, string>();
    expect(statementName({ sql: "SELECT 1" }, names, 2)).toBeDefined();
    expect(statementName({ sql: "SELECT 2" }, names, 2)).toBeDefined();
    expect(statementName({ sql: "SELECT 3" }, names, 2)).toBeUndefined();
    expect(statementName({ sql: "SELECT 1" }, names, 2)).toBe("parley_0"); // a named one keeps its name
  });
});

describe("the process database, as the doors' floor reaches it", () => {
  it("is at hand once it is open, and not after it is replaced by none", () => {
    const g = globalThis as unknown as { parleyDb?: unknown; parleyOpened?: unknown };
    const saved = { db: g.parleyDb, opened: g.parleyOpened };
    try {
      const one = { prisma: { name: "one" } } as unknown as Database;
      setDatabase(one);
      expect(dbIfOpen()).toBe(one.prisma);
      setDatabase(undefined);
      expect(dbIfOpen()).toBeNull();
      // one still opening is not at hand: the floor waits for it (getDb)
      g.parleyDb = new Promise(() => {});
      expect(dbIfOpen()).toBeNull();
    } finally {
      g.parleyDb = saved.db;
      g.parleyOpened = saved.opened;
    }
  });
});

describe.skipIf(!onPostgres())("on PostgreSQL (the embedded database has no named statements)", () => {
  let db: TestDatabase;
  let one: Database | undefined;
  beforeAll(async () => {
    db = await testDatabase();
  });
  afterEach(async () => {
    await one?.close();
    one = undefined;
    delete process.env.PARLEY_DB_POOL;
    delete process.env.PARLEY_DB_PREPARED;
  });
  afterAll(async () => db?.drop());

  /** Opens the database on one connection, runs a read twice, and lists what that connection has prepared. */
  async function preparedAfterTwoReads(): Promise<{ name: string; statement: string }[]> {
    process.env.PARLEY_DB_POOL = "1"; // one connection: the listing runs where the reads ran
    one = await openDatabase(db.url, { migrate: false });
    for (let i = 0; i < 2; i++) await one.prisma.user.findMany({ where: { id: 1 }, select: { id: true } });
    return one.prisma.$queryRaw`SELECT name, statement FROM pg_prepared_statements`;
  }

  it("prepares Prisma's statements under their names, so the server plans them once per connection", async () => {
    const prepared = await preparedAfterTwoReads();
    const read = prepared.find((p) => /FROM "public"\."User"/.test(p.statement));
    expect(read?.name).toMatch(/^parley_\d+$/);
    expect(prepared.filter((p) => p.statement === read!.statement)).toHaveLength(1); // prepared once, not twice
  });

  it("prepares nothing of its own with PARLEY_DB_PREPARED=off", async () => {
    process.env.PARLEY_DB_PREPARED = "off";
    const prepared = await preparedAfterTwoReads();
    expect(prepared.filter((p) => p.name.startsWith("parley_"))).toEqual([]);
  });
});

describe("the embedded database", () => {
  // PGlite keeps PostgreSQL's 128 MB of shared buffers and touches them all at start: 32 MB is enough
  // (docs/decisions/0016-memory-at-start.md).
  it("opens with 32 MB of shared buffers, on a fresh data directory and again on the same one", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-pglite-"));
    try {
      for (const time of ["fresh", "again"]) {
        const db = await openDatabase(`pglite:${dir}`, { migrate: false });
        try {
          const [row] = await db.sql.query<{ shared_buffers: string }>("SHOW shared_buffers");
          expect(row?.shared_buffers, time).toBe("32MB");
        } finally {
          await db.close();
        }
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
