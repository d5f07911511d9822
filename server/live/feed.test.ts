// What a client of the live feed gets: after a reconnect, every event after its Last-Event-ID once and in order
// (across an id digit boundary), an explicit reset when it is further behind than the backlog keeps, nothing it
// already has (even from a process whose tailer is behind it), and a fresh feed for a Last-Event-ID that is not a
// plain integer in range. Two tailers on two connections on PostgreSQL; two tailers on one PGlite.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db";
import { ANON } from "../identity";
import type { TestDatabase } from "../testing/db";
import { follow, visibleTo, type LiveEvent } from "./index";
import { BACKLOG_MAX, Tailer } from "./tail";
import { closeBoth, collect, ids, reader, sleep, twoProcesses, until, writeTx } from "./testkit";

let db: TestDatabase;
let other: Database; // a second "process": its own pool on the same database (PGlite: the same one, one process)
beforeAll(async () => void ([db, other] = await twoProcesses()));
afterAll(() => closeBoth(db, other));

const HOUR = 3_600_000;
const started = async (on: Database, opts: { pollMs?: number } = {}) => {
  const t = new Tailer(on, opts);
  await t.start();
  return t;
};
const followOn = (tailer: Tailer, topics: string[] | null, lastEventId?: string | null) => {
  const abort = new AbortController();
  return reader(
    follow({ who: ANON, topics, lastEventId, signal: abort.signal, tailer, subjects: async (e) => e }),
    abort,
  );
};

describe("the live feed, as a client sees it", () => {
  it("a reconnect resumes after Last-Event-ID: the backlog, then live events, no repeats", async () => {
    const tailer = await started(db);
    const probe = collect(tailer);
    for (let i = 0; i < 3; i++) await writeTx(db, "table:9");
    await until(() => probe.length === 3);
    const r = followOn(tailer, ["table:9"], probe[0]!.id);
    await until(() => r.events().length === 2);
    const [next] = await writeTx(db, "table:9");
    tailer.kick();
    await until(() => r.events().length === 3);
    await sleep(300);
    await r.stop();
    expect(ids(r.events())).toEqual([probe[1]!.id, probe[2]!.id, next]);
    await tailer.stop();
  });

  it(`a client further behind than ${BACKLOG_MAX} events gets a reset; one just inside gets every event in order`, async () => {
    const tailer = await started(db);
    const probe = collect(tailer);
    // 11,100 events in 12 transactions, their ids crossing 9999 → 10000 (the case that lost 1,070 of them).
    await db.sql.exec(`SELECT setval(pg_get_serial_sequence('"Event"', 'id'), 1000)`);
    const written: string[] = [];
    for (let i = 0; i < 12; i++) written.push(...(await writeTx(db, "table:5", 925)));
    expect(Number(written[0])).toBeLessThan(10_000);
    expect(Number(written.at(-1))).toBeGreaterThanOrEqual(10_000);
    await until(() => probe.length === written.length);

    const far = followOn(tailer, ["table:5"], written[0]); // 11,099 behind
    await until(() => far.got.length >= 1);
    expect(far.got).toEqual([{ kind: "reset", reason: "behind", id: written.at(-1) }]);
    // After the reset the feed carries on live, from where the reset said.
    const [live] = await writeTx(db, "table:5");
    tailer.kick();
    await until(() => far.got.length >= 2);
    await far.stop();
    expect(far.got.slice(1)).toEqual([{ kind: "event", event: expect.objectContaining({ id: live }) }]);

    const near = followOn(tailer, ["table:5"], written[1_199]); // 9,900 behind, across the id boundary
    await until(() => near.events().length >= 9_901);
    await sleep(300);
    await near.stop();
    expect(near.got.some((d) => d.kind === "reset")).toBe(false);
    expect(ids(near.events())).toEqual([...written.slice(1_200), live]);
    await tailer.stop();
  });

  it("a client never gets an event at or below its Last-Event-ID from a process whose tailer is behind it", async () => {
    const ahead = await started(db);
    const behind = await started(other, { pollMs: HOUR }); // another process that has not polled yet
    const seen = collect(ahead);
    const written = [...(await writeTx(db, "table:6", 2)), ...(await writeTx(db, "table:6", 3))];
    await until(() => seen.length === 5);
    // The client had all five from `ahead`, then reconnects to `behind`, whose position is before them.
    const r = followOn(behind, ["table:6"], written.at(-1));
    await sleep(100);
    behind.kick(); // it now reads the five the client already has
    await sleep(300);
    const [next] = await writeTx(db, "table:6");
    behind.kick();
    await until(() => r.got.length >= 1);
    await sleep(300);
    await r.stop();
    expect(r.got).toEqual([{ kind: "event", event: expect.objectContaining({ id: next }) }]);
    await Promise.all([ahead.stop(), behind.stop()]);
  });

  it.each([
    ["junk", "abc"],
    ["a negative number", "-1"],
    ["a fraction", "1.5"],
    ["19 digits above the bigint range", "9999999999999999999"],
    ["2^63", "9223372036854775808"],
    ["20 digits", "99999999999999999999"],
    ["empty", ""],
  ])("a Last-Event-ID that is %s is a fresh connection, not an error", async (_, lastEventId) => {
    const tailer = await started(db);
    await writeTx(db, "table:7"); // history a fresh connection must not get
    await sleep(400);
    const r = followOn(tailer, ["table:7"], lastEventId);
    await sleep(100);
    const [next] = await writeTx(db, "table:7");
    tailer.kick();
    await until(() => r.got.length >= 1);
    await sleep(200);
    await r.stop();
    await expect(r.done).resolves.toBeUndefined();
    expect(r.got).toEqual([{ kind: "event", event: expect.objectContaining({ id: next }) }]);
    await tailer.stop();
  });

  it("a Last-Event-ID in range that names no event gets a reset: the feed cannot say what it missed", async () => {
    const tailer = await started(db);
    const [last] = await writeTx(db, "table:8");
    await until(() => tailer.position()?.id === BigInt(last!));
    const r = followOn(tailer, ["table:8"], "9223372036854775807");
    await until(() => r.got.length >= 1);
    await r.stop();
    expect(r.got).toEqual([{ kind: "reset", reason: "unknown", id: last }]);
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
