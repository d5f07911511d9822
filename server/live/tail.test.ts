// The outbox tailer: events reach subscribers in commit-safe order, none skipped when commits land out of order,
// and a reconnect resumes after Last-Event-ID without loss or repeats — across two connections (two processes).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db";
import { ANON } from "../identity";
import { testDatabase, type TestDatabase } from "../testing/db";
import { follow, visibleTo, type LiveEvent } from "./index";
import { publish } from "./outbox";
import { Tailer } from "./tail";

let db: TestDatabase;
let other: Database; // a second "process": its own pool on the same database (real PostgreSQL only)
beforeAll(async () => {
  db = await testDatabase();
  other = db.kind === "postgres" ? await openDatabase(db.url, { migrate: false }) : db;
});
afterAll(async () => {
  if (other !== db) await other.close();
  await db?.drop();
});

const collect = (t: Tailer) => {
  const seen: LiveEvent[] = [];
  t.subscribe((e) => seen.push(e));
  return seen;
};
const until = async (cond: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("the outbox tailer", () => {
  it("an event written through one process reaches a subscriber of the other", async () => {
    const reader = new Tailer(other);
    await reader.start();
    const seen = collect(reader);
    await db.prisma.$transaction((tx) =>
      publish(tx, { topic: "lobby", type: "table.opened", payload: { id: 1 } }),
    );
    await until(() => seen.length === 1);
    expect(seen[0]).toMatchObject({ topic: "lobby", type: "table.opened", payload: { id: 1 } });
    await reader.stop();
  });

  it("never skips an event whose transaction took its id first but committed last", async () => {
    if (db.kind !== "postgres") return; // PGlite has one connection: transactions cannot interleave there
    const reader = new Tailer(other);
    await reader.start();
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
    await new Promise((r) => setTimeout(r, 100));
    await db.prisma.$transaction((tx) => publish(tx, { topic: "lobby", type: "fast", payload: {} }));
    await new Promise((r) => setTimeout(r, 600)); // several polls happen while the slow one is open
    expect(seen.map((e) => e.type)).toEqual([]); // the fast one waits behind the open transaction's horizon
    releaseSlow();
    await slow;
    await until(() => seen.length === 2);
    expect(seen.map((e) => e.type).sort()).toEqual(["fast", "slow"]);
    await reader.stop();
  });

  it("a reconnect resumes after Last-Event-ID: the backlog, then live events, no repeats", async () => {
    const tailer = new Tailer(db);
    await tailer.start();
    const written: string[] = [];
    for (let i = 0; i < 3; i++)
      await db.prisma.$transaction((tx) =>
        publish(tx, { topic: "table:9", type: `act.${i}`, payload: { i } }),
      );
    const probe = collect(tailer);
    await until(() => probe.length === 3);
    written.push(...probe.map((e) => e.id));
    const abort = new AbortController();
    const got: string[] = [];
    const reading = (async () => {
      for await (const e of follow({
        who: ANON,
        topics: ["table:9"],
        lastEventId: written[0],
        signal: abort.signal,
        tailer,
      })) {
        got.push(e.type);
        if (got.length === 3) abort.abort();
      }
    })();
    await new Promise((r) => setTimeout(r, 100));
    await db.prisma.$transaction((tx) => publish(tx, { topic: "table:9", type: "act.3", payload: {} }));
    tailer.kick();
    await until(() => got.length === 3);
    abort.abort();
    await reading.catch(() => {});
    expect(got).toEqual(["act.1", "act.2", "act.3"]);
    await tailer.stop();
  });

  it("private topics reach only their owner", () => {
    const e: LiveEvent = { id: "1", txid: "1", topic: "user:7", type: "agent.created", payload: {}, at: "" };
    expect(visibleTo(e, ANON)).toBeNull();
    expect(visibleTo(e, { kind: "user", userId: 8, name: "x", admin: false })).toBeNull();
    expect(visibleTo(e, { kind: "user", userId: 7, name: "x", admin: false })).toEqual(e);
    expect(visibleTo({ ...e, topic: "lobby" }, ANON)).toEqual({ ...e, topic: "lobby" });
  });
});
