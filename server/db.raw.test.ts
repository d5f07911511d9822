// A raw statement read straight through the driver (server/db.ts rawRows: pg on PostgreSQL, PGlite's own query on
// the embedded database) answers what Prisma's $queryRaw answers: a timestamp as the same UTC instant in any time
// zone, a bigint as a BigInt, json parsed; a numeric as its digits, as pg reads it on both; a Date sent is stored as
// Prisma stores it; a unique violation is known as one; inside a transaction it runs on that transaction's
// connection, and outside one it waits for a transaction open on the embedded database's one connection.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "./generated/prisma/client";
import { pgPoolOf, rawRows } from "./db";
import { isUniqueViolation } from "./actions/unique";
import { makeUser, onPostgres, testDatabase, type TestDatabase } from "./testing/db";

let db: TestDatabase;
const tz = process.env.TZ;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(async () => db?.drop());
afterEach(() => {
  if (tz === undefined) delete process.env.TZ;
  else process.env.TZ = tz;
});

const AT = new Date("2026-06-30T23:45:06.789Z");

describe(`raw rows (${onPostgres() ? "PostgreSQL: through pg" : "the embedded database: through PGlite"})`, () => {
  it("goes to pg itself on PostgreSQL, outside a transaction", () => {
    expect(!!pgPoolOf(db.prisma)).toBe(onPostgres());
  });

  for (const zone of ["UTC", "Pacific/Auckland", "America/Los_Angeles"])
    it(`reads and writes a timestamp as the same instant Prisma does, with the process in ${zone}`, async () => {
      process.env.TZ = zone;
      const u = await makeUser(db, `tz-${zone.replace("/", "-")}`);
      await rawRows(
        db.prisma,
        Prisma.sql`UPDATE "User" SET "createdAt" = ${AT} WHERE id = ${u.userId} RETURNING id`,
      );
      const byOrm = await db.prisma.user.findUniqueOrThrow({ where: { id: u.userId } });
      expect(byOrm.createdAt.toISOString()).toBe(AT.toISOString());
      const [raw] = await rawRows<{ createdAt: Date }>(
        db.prisma,
        Prisma.sql`SELECT "createdAt" FROM "User" WHERE id = ${u.userId}`,
      );
      const [prisma] = await db.prisma.$queryRaw<{ createdAt: Date }[]>(
        Prisma.sql`SELECT "createdAt" FROM "User" WHERE id = ${u.userId}`,
      );
      expect(raw!.createdAt).toBeInstanceOf(Date);
      expect(raw!.createdAt.toISOString()).toBe(AT.toISOString());
      expect(raw!.createdAt.toISOString()).toBe(new Date(prisma!.createdAt).toISOString());
    });

  it("answers a bigint as a BigInt, json as values, and null as null, as $queryRaw does", async () => {
    const q = Prisma.sql`SELECT 9007199254740993::int8 AS big, 2::int8 AS small, '{"a":[1,"x"]}'::jsonb AS doc, NULL::text AS none,
      ${"it's data; DROP TABLE x"}::text AS said`;
    const [raw] = await rawRows<Record<string, unknown>>(db.prisma, q);
    const [prisma] = await db.prisma.$queryRaw<Record<string, unknown>[]>(q);
    expect(raw).toEqual({
      big: 9007199254740993n,
      small: 2n,
      doc: { a: [1, "x"] },
      none: null,
      said: "it's data; DROP TABLE x",
    });
    expect(raw).toEqual(prisma);
  });

  it("answers a numeric as its digits, as pg reads it, on either database", async () => {
    const [raw] = await rawRows<{ n: unknown }>(db.prisma, Prisma.sql`SELECT 1.50::numeric AS n`);
    expect(raw).toEqual({ n: "1.50" });
  });

  it("a unique violation is known as one (the lost race's named failure)", async () => {
    const u = await makeUser(db, "unique-raw");
    const { nameKey } = await db.prisma.user.findUniqueOrThrow({ where: { id: u.userId } });
    const e = await rawRows(
      db.prisma,
      Prisma.sql`INSERT INTO "User" (name, "nameKey") VALUES (${"again"}, ${nameKey})`,
    ).catch((x: unknown) => x);
    expect(isUniqueViolation(e)).toBe(true);
  });

  it("inside a transaction it runs on the transaction's connection (it sees what is not yet committed)", async () => {
    const u = await makeUser(db, "in-tx");
    await db.prisma
      .$transaction(async (tx) => {
        await tx.user.update({ where: { id: u.userId }, data: { name: "renamed-in-tx" } });
        const [seen] = await rawRows<{ name: string }>(
          tx,
          Prisma.sql`SELECT name FROM "User" WHERE id = ${u.userId}`,
        );
        expect(seen!.name).toBe("renamed-in-tx");
        throw new Error("roll back");
      })
      .catch((e: Error) => expect(e.message).toBe("roll back"));
    const [after] = await rawRows<{ name: string }>(
      db.prisma,
      Prisma.sql`SELECT name FROM "User" WHERE id = ${u.userId}`,
    );
    expect(after!.name).toBe(u.name);
  });

  it("outside a transaction it never sees that transaction's writes (the embedded database's waits for it)", async () => {
    const u = await makeUser(db, "beside-tx");
    let beside: Promise<{ name: string }[]> | undefined;
    await db.prisma
      .$transaction(async (tx) => {
        await tx.user.update({ where: { id: u.userId }, data: { name: "renamed-beside-tx" } });
        // Not awaited here: on the embedded database it runs once the transaction has ended.
        beside = rawRows<{ name: string }>(
          db.prisma,
          Prisma.sql`SELECT name FROM "User" WHERE id = ${u.userId}`,
        );
        await new Promise((r) => setTimeout(r, 50));
        throw new Error("roll back");
      })
      .catch((e: Error) => expect(e.message).toBe("roll back"));
    const [seen] = await beside!;
    expect(seen!.name).toBe(u.name);
  });
});
