// The live feed over NATS JetStream, as the processes of one database share it: one relay at a time, another taking
// over when its connection or its process dies, NATS itself restarted mid-stream — and through all of it, every
// subscriber of every process gets every event once, in order. Each process takes only the subjects its subscribers
// need, and a subscriber added later misses nothing between. On this test's own nats-server (its store kept across a
// restart); PostgreSQL only: the embedded database is one process and never uses NATS.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db";
import { onPostgres, type TestDatabase } from "../testing/db";
import { freePort, startNats, type Service } from "../testing/services";
import { RELAY_LOCK } from "./relay";
import { eventIsAfter, Tailer, type LiveEvent } from "./tail";
import { closeBoth, collect, ids, sleep, twoProcesses, until, writeTx } from "./testkit";

const postgres = onPostgres();
let db: TestDatabase;
let other: Database;
let nats: Service & { url: string; dir: string };
let port: number;

beforeAll(async () => {
  if (!postgres) return;
  [db, other] = await twoProcesses();
  port = await freePort();
  nats = await startNats(port);
});
afterAll(async () => {
  await nats?.stop();
  if (nats) fs.rmSync(nats.dir, { recursive: true, force: true });
  await closeBoth(db, other);
});

const started = async (on: Database, opts: { pollMs?: number } = {}) => {
  const t = new Tailer(on, { ...opts, nats: nats.url });
  await t.start();
  return t;
};

/** Writes `n` transactions of events on `topic` at a steady pace, returning the ids in commit order. */
async function load(n: number, topic = "table:1", during?: (i: number) => Promise<void>): Promise<string[]> {
  const written: string[] = [];
  for (let i = 0; i < n; i++) {
    written.push(...(await writeTx(db, topic, 1 + (i % 3))));
    await during?.(i);
    await sleep(10);
  }
  return written;
}

const exactly = (seen: LiveEvent[], written: string[]) => expect(ids(seen)).toEqual(written);

// Skipped on the embedded database: it is one process, and the tailer never uses NATS on it.
describe.skipIf(!postgres)(
  "the live feed over NATS JetStream (PostgreSQL: the embedded database never uses NATS)",
  () => {
    it("one relay; when its lock connection is cut another takes over within seconds; no event lost or repeated", async () => {
      const [a, b] = [await started(db), await started(other)];
      await until(() => a.relaying || b.relaying);
      expect(a.relaying && b.relaying).toBe(false);
      const [seenA, seenB] = [collect(a), collect(b)];
      const written = await load(60, "table:1", async (i) => {
        if (i !== 20) return;
        const cut = await db.sql.query<{ n: string }>(
          `SELECT count(pg_terminate_backend(l.pid))::text AS n FROM pg_locks l
         WHERE l.locktype = 'advisory' AND l.objid = ${RELAY_LOCK} AND l.database =
           (SELECT oid FROM pg_database WHERE datname = current_database())`,
        );
        expect(cut[0]!.n).toBe("1");
      });
      await until(() => seenA.length >= written.length && seenB.length >= written.length);
      await sleep(500);
      exactly(seenA, written);
      exactly(seenB, written);
      expect(a.relaying !== b.relaying).toBe(true);
      await Promise.all([a.stop(), b.stop()]);
    });

    it("when the relay's process dies, a survivor becomes the relay and delivers every event once, in order", async () => {
      const a = await started(db);
      await until(() => a.relaying);
      const b = await started(other);
      const seenB = collect(b);
      const written = await load(40, "table:2", async (i) => {
        if (i === 15) await a.stop(); // its connections close, as a killed process's do
      });
      await until(() => b.relaying, 10_000);
      await until(() => seenB.length >= written.length);
      await sleep(500);
      exactly(seenB, written);
      await b.stop();
    });

    it("NATS restarted mid-stream: every event reaches every process once, in order, and a resume is exact", async () => {
      const [a, b] = [await started(db), await started(other)];
      const [seenA, seenB] = [collect(a), collect(b)];
      const written = await load(45, "table:3", async (i) => {
        if (i === 10) await nats.stop();
        if (i === 25) nats = await startNats(port, nats.dir);
      });
      await until(() => seenA.length >= written.length && seenB.length >= written.length, 30_000);
      await sleep(500);
      exactly(seenA, written);
      exactly(seenB, written);
      await Promise.all([a.stop(), b.stop()]);
    });

    it("a process takes only the subjects its subscribers need; one subscribing later misses nothing after it", async () => {
      const relay = await started(db);
      const p = await started(other);
      const one: LiveEvent[] = [];
      const offOne = p.subscribe((e) => one.push(e), ["table:4"]);
      const four = await writeTx(db, "table:4");
      await writeTx(db, "table:5"); // no subscriber of `p` follows table:5: it is not sent to `p`
      await until(() => one.length >= 1);
      await sleep(400);
      expect(ids(one)).toEqual(four);
      // Now a subscriber of table:5, in the middle of a stream on both topics.
      const fives: LiveEvent[] = [];
      let offFive = () => {};
      let from = p.position()!;
      const written: Record<string, string[]> = { "table:4": [...four], "table:5": [] };
      for (let i = 0; i < 30; i++) {
        const topic = i % 2 ? "table:5" : "table:4";
        if (i === 11) {
          offFive = p.subscribe((e) => e.topic === "table:5" && fives.push(e), ["table:5"]);
          from = p.position()!; // as follow() does: it is owed every event after where the feed stood
        }
        written[topic]!.push(...(await writeTx(db, topic)));
        await sleep(10);
      }
      const after = await db.sql.query<{ id: string }>(
        `SELECT id::text AS id FROM "Event" WHERE topic = 'table:5' AND (txid, id) > ($1::bigint, $2::bigint)
       ORDER BY txid, id`,
        [String(from.txid), String(from.id)],
      );
      const want5 = after.map((r) => r.id);
      expect(want5.length).toBeGreaterThanOrEqual(written["table:5"]!.length - 6); // about those written after it
      await until(() => fives.length >= want5.length && one.length >= written["table:4"]!.length);
      await sleep(400);
      expect(ids(fives.filter((e) => eventIsAfter(e, from)))).toEqual(want5);
      expect(ids(one.filter((e) => e.topic === "table:4"))).toEqual(written["table:4"]);
      offOne();
      offFive();
      await Promise.all([relay.stop(), p.stop()]);
    });

    it("a subscriber whose topic comes while the consumer for another is being made still gets its events", async () => {
      const relay = await started(db);
      const p = await started(other);
      const six: LiveEvent[] = [];
      const seven: LiveEvent[] = [];
      const offSix = p.subscribe((e) => e.topic === "table:6" && six.push(e), ["table:6"]);
      await sleep(0); // the consumer for table:6 is being made now
      const offSeven = p.subscribe((e) => e.topic === "table:7" && seven.push(e), ["table:7"]);
      const written = { six: await writeTx(db, "table:6"), seven: await writeTx(db, "table:7") };
      await until(() => six.length >= 1 && seven.length >= 1, 5_000).catch(() => {});
      expect(ids(six)).toEqual(written.six);
      expect(ids(seven)).toEqual(written.seven);
      offSix();
      offSeven();
      await Promise.all([relay.stop(), p.stop()]);
    });
  },
);
