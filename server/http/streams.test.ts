// The count of open streams: capped per identity and per guest address, a place given back frees it, another key is
// untouched; on PostgreSQL every process on the database keeps one count (two pools racing for the last place get
// one), and a process that dies without giving its places back loses them once their leases run out.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db";
import { ANON, type Who } from "../identity";
import { onPostgres, type TestDatabase } from "../testing/db";
import { databaseForFile } from "../testing/lifecycle";
import {
  holdStream,
  releaseEveryStream,
  STREAM_RETRY_AFTER_S,
  STREAMS_PER_GUEST,
  STREAMS_PER_IDENTITY,
  type StreamHold,
  type StreamRefusal,
} from "./streams";

let db: TestDatabase;
databaseForFile((made) => (db = made));
afterEach(() => {
  delete process.env.PARLEY_STREAM_LIMIT;
  delete process.env.PARLEY_GUEST_STREAM_LIMIT;
});

const ana: Who = { kind: "user", userId: 1, name: "ana", admin: false };
const held = (h: StreamHold | StreamRefusal): StreamHold => {
  if (!h.ok) throw new Error(`refused: ${h.message}`);
  return h;
};

describe("the open streams of one caller", () => {
  it("are capped per identity and per guest address, by default 20 and 10", async () => {
    const mine: StreamHold[] = [];
    for (let i = 0; i < STREAMS_PER_IDENTITY; i++)
      mine.push(held(await holdStream(db.prisma, ana, "user:1")));
    expect(await holdStream(db.prisma, ana, "user:1")).toMatchObject({
      ok: false,
      code: "rate_limited",
      retryAfter: STREAM_RETRY_AFTER_S,
      message: expect.stringContaining(`at most ${STREAMS_PER_IDENTITY} at once`),
    });
    const guests: StreamHold[] = [];
    for (let i = 0; i < STREAMS_PER_GUEST; i++)
      guests.push(held(await holdStream(db.prisma, ANON, "anon:192.0.2.1")));
    expect(await holdStream(db.prisma, ANON, "anon:192.0.2.1")).toMatchObject({
      ok: false,
      message: expect.stringContaining("from this address"),
    });
    for (const h of [...mine, ...guests]) h.release();
  });

  it("a place given back is free again, once however often it is given; another key is untouched", async () => {
    process.env.PARLEY_GUEST_STREAM_LIMIT = "2";
    const a = held(await holdStream(db.prisma, ANON, "anon:192.0.2.2"));
    const b = held(await holdStream(db.prisma, ANON, "anon:192.0.2.2"));
    expect((await holdStream(db.prisma, ANON, "anon:192.0.2.2")).ok).toBe(false);
    // another address, and a person at the same address, have places of their own
    const other = held(await holdStream(db.prisma, ANON, "anon:192.0.2.3"));
    const person = held(await holdStream(db.prisma, ana, "user:1"));
    a.release();
    a.release(); // a second release gives back nothing more
    await settle();
    const c = held(await holdStream(db.prisma, ANON, "anon:192.0.2.2"));
    expect((await holdStream(db.prisma, ANON, "anon:192.0.2.2")).ok).toBe(false);
    for (const h of [b, c, other, person]) h.release();
  });
});

/** A release on PostgreSQL is a statement on its way: waited for before the next take. */
const settle = () => new Promise((r) => setTimeout(r, onPostgres() ? 100 : 0));

describe.skipIf(!onPostgres())(
  "on PostgreSQL (skipped on the embedded database: PGlite is one process, its count lives in its memory)",
  () => {
    let second: Database;
    beforeAll(async () => {
      second = await openDatabase(db.url, { migrate: false }); // another pool, another store: another process
    });
    afterAll(async () => second?.close());

    it("two processes keep one count: racing for the last places, exactly the cap is given", async () => {
      process.env.PARLEY_STREAM_LIMIT = "5";
      const tries = await Promise.all(
        Array.from({ length: 16 }, (_, i) => holdStream(i % 2 ? second.prisma : db.prisma, ana, "user:race")),
      );
      expect(tries.filter((t) => t.ok)).toHaveLength(5);
      const [row] = await db.sql.query<{ open: number }>(
        `SELECT open FROM "StreamCount" WHERE key = 'user:race'`,
      );
      expect(row?.open).toBe(5);
      // a place given back in one process is free to the other
      (tries.find((t) => t.ok) as StreamHold).release();
      await settle();
      expect((await holdStream(second.prisma, ana, "user:race")).ok).toBe(true);
      await releaseEveryStream();
      const [after] = await db.sql.query<{ open: number }>(
        `SELECT open FROM "StreamCount" WHERE key = 'user:race'`,
      );
      expect(after?.open).toBe(0);
    });

    it("the places of a process that died come back once their leases ran out", async () => {
      process.env.PARLEY_STREAM_LIMIT = "2";
      const dying = await openDatabase(db.url, { migrate: false });
      held(await holdStream(dying.prisma, ana, "user:dies"));
      held(await holdStream(dying.prisma, ana, "user:dies"));
      await dying.close(); // gone without a word: its holds stay, their leases no longer renewed
      expect((await holdStream(db.prisma, ana, "user:dies")).ok).toBe(false);
      // …until the leases run out (here: moved into the past rather than waited for)
      await db.sql.query(
        `UPDATE "StreamHold" SET "expiresAt" = now() - interval '1 second' WHERE key = 'user:dies'`,
      );
      const back = held(await holdStream(db.prisma, ana, "user:dies"));
      const [row] = await db.sql.query<{ open: number }>(
        `SELECT open FROM "StreamCount" WHERE key = 'user:dies'`,
      );
      expect(row?.open).toBe(1);
      back.release();
    });
  },
);
