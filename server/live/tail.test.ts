// The outbox tailer: events reach subscribers in commit-safe order (numeric, across digit boundaries), none
// skipped when commits land out of order, none repeated, through failing reads and a cut LISTEN line — read by
// two tailers on two connections (two processes) on PostgreSQL, and by two tailers on one PGlite.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db";
import type { TestDatabase } from "../testing/db";
import { publish } from "./outbox";
import { Tailer } from "./tail";
import {
  clearFeed,
  closeBoth,
  collect,
  digitBoundary,
  ids,
  numericOrder,
  sleep,
  twoProcesses,
  until,
  writeTx,
} from "./testkit";

let db: TestDatabase;
let other: Database; // a second "process": its own pool on the same database (PGlite: the same one, one process)
beforeAll(async () => void ([db, other] = await twoProcesses()));
afterAll(() => closeBoth(db, other));

/** A tailer that moves only when kicked, so a test decides what one poll sees. */
const started = async (on: Database, opts: { pollMs?: number } = {}) => {
  const t = new Tailer(on, opts);
  await t.start();
  return t;
};
const HOUR = 3_600_000;

describe("the outbox tailer", () => {
  it("an event written through one process reaches a subscriber of the other", async () => {
    const reader = await started(other);
    const seen = collect(reader);
    await db.prisma.$transaction((tx) =>
      publish(tx, { topic: "lobby", type: "table.opened", payload: { id: 1 } }),
    );
    await until(() => seen.length === 1);
    expect(seen[0]).toMatchObject({ topic: "lobby", type: "table.opened", payload: { id: 1 } });
    await reader.stop();
  });

  it("never skips an event whose transaction took its id first but committed last", async ({ skip }) => {
    skip(db.kind !== "postgres", "PGlite has one connection: its transactions cannot interleave");
    const reader = await started(other);
    const seen = collect(reader);
    let releaseSlow!: () => void;
    const slowHolds = new Promise<void>((r) => (releaseSlow = r));
    // The slow transaction inserts first (lower id) and commits after the fast one.
    const slow = db.prisma.$transaction(
      async (tx) => {
        await publish(tx, { topic: "lobby", type: "slow", payload: {} });
        await slowHolds;
      },
      { timeout: 20_000 },
    );
    await sleep(100);
    await db.prisma.$transaction((tx) => publish(tx, { topic: "lobby", type: "fast", payload: {} }));
    await sleep(600); // several polls happen while the slow one is open
    expect(seen.map((e) => e.type)).toEqual([]); // the fast one waits behind the open transaction's horizon
    releaseSlow();
    await slow;
    await until(() => seen.length === 2);
    expect(seen.map((e) => e.type).sort()).toEqual(["fast", "slow"]);
    await reader.stop();
  });

  it("delivers each event once, in order, when transaction ids cross a digit boundary (9999 → 10000)", async ({
    annotate,
  }) => {
    const { boundary, stamped } = await digitBoundary(db, 30);
    if (stamped) {
      await annotate(
        `transaction ids stamped around ${boundary}: the next power of ten is far on this server`,
      );
      await clearFeed(db);
    }
    const a = await started(db, { pollMs: HOUR });
    const b = await started(other, { pollMs: HOUR });
    const [seenA, seenB] = [collect(a), collect(b)];
    const written: string[] = [];
    // Two events a transaction, until well past the boundary; one poll then sees rows on both sides of it.
    for (let i = 0n; i < 60n; i++)
      written.push(...(await writeTx(db, "table:1", 2, stamped ? boundary - 30n + i : undefined)));
    const txidOf = async (id: string) =>
      BigInt(
        (
          await db.sql.query<{ t: string }>(`SELECT txid::text AS t FROM "Event" WHERE id = $1::bigint`, [id])
        )[0]!.t,
      );
    const [first, last] = [await txidOf(written[0]!), await txidOf(written.at(-1)!)];
    expect(first).toBeLessThan(boundary); // the events do straddle the boundary
    expect(last).toBeGreaterThanOrEqual(boundary);
    for (let i = 0; i < 3; i++) {
      a.kick();
      b.kick();
      await sleep(300); // several polls: none may repeat or reorder what the first one delivered
    }
    await until(() => seenA.length >= written.length && seenB.length >= written.length);
    await sleep(300);
    for (const seen of [seenA, seenB]) {
      expect(ids(seen)).toEqual(written);
      expect(ids(numericOrder(seen))).toEqual(ids(seen));
    }
    // A tailer started now (a restarted process) starts at the true end, not at the textually largest "9999…".
    const restarted = await started(other, { pollMs: HOUR });
    const afterRestart = collect(restarted);
    expect(String(restarted.position()?.id)).toBe(written.at(-1));
    restarted.kick();
    await sleep(300);
    expect(afterRestart).toEqual([]);
    await Promise.all([a.stop(), b.stop(), restarted.stop()]);
  });

  it("delivers each event once, in order, when event ids cross a digit boundary inside one transaction", async () => {
    await db.sql.exec(`SELECT setval(pg_get_serial_sequence('"Event"', 'id'), 99996)`); // next ids: 99997…
    const a = await started(db, { pollMs: HOUR });
    const b = await started(other, { pollMs: HOUR });
    const [seenA, seenB] = [collect(a), collect(b)];
    const written = await writeTx(db, "table:2", 8);
    expect(written[0]).toBe("99997");
    expect(written.at(-1)).toBe("100004");
    a.kick();
    b.kick();
    await until(() => seenA.length >= 8 && seenB.length >= 8);
    a.kick();
    b.kick();
    await sleep(300);
    expect(ids(seenA)).toEqual(written);
    expect(ids(seenB)).toEqual(written);
    await Promise.all([a.stop(), b.stop()]);
  });

  it("keeps polling through failing reads (the database restarting) and then delivers what it missed", async () => {
    let down = false;
    let failed = 0;
    const flaky: Database = {
      ...other,
      sql: {
        exec: (s) => other.sql.exec(s),
        query: (text, params) => {
          if (!down) return other.sql.query(text, params);
          failed++;
          return Promise.reject(new Error("connection refused"));
        },
      },
    };
    const t = await started(flaky, { pollMs: 50 });
    const seen = collect(t);
    down = true;
    const written = [...(await writeTx(db, "table:3", 2)), ...(await writeTx(db, "table:3", 1))];
    await until(() => failed >= 5);
    expect(seen).toEqual([]);
    down = false;
    await until(() => seen.length >= 3);
    await sleep(200);
    expect(ids(seen)).toEqual(written);
    await t.stop();
  });

  it("hears NOTIFY again after its LISTEN connection is cut (as by a database restart)", async ({ skip }) => {
    skip(db.kind !== "postgres", "PGlite runs inside this process: its LISTEN has no connection to lose");
    let heard = 0;
    const unlisten = await other.listen("parley_test_wake", () => heard++);
    const cut = await db.sql.query<{ n: string }>(
      `SELECT count(pg_terminate_backend(pid))::text AS n FROM pg_stat_activity
       WHERE datname = current_database() AND query = 'LISTEN parley_test_wake'`,
    );
    expect(cut[0]!.n).toBe("1");
    await sleep(100);
    heard = 0;
    // Keep notifying, as committing processes do: the line must come back (with backoff) and hear one.
    await until(() => {
      void db.sql.query(`SELECT pg_notify('parley_test_wake', '')`).catch(() => {});
      return heard > 0;
    }, 10_000);
    await unlisten();
  });

  it("a tailer that only wakes by NOTIFY still gets events after its LISTEN connection is cut", async ({
    skip,
  }) => {
    skip(db.kind !== "postgres", "PGlite runs inside this process: its LISTEN has no connection to lose");
    const t = await started(other, { pollMs: HOUR }); // only a NOTIFY (or the reconnect itself) moves it
    const seen = collect(t);
    await db.sql.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND query = 'LISTEN parley_outbox'`,
    );
    const [id] = await writeTx(db, "table:4");
    await until(() => {
      void db.sql.query(`SELECT pg_notify('parley_outbox', '')`).catch(() => {});
      return seen.length >= 1;
    }, 10_000);
    expect(ids(seen)).toEqual([id]);
    await t.stop();
  });
});
