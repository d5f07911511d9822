// The tRPC subscription of the live feed: tracked ids, a resume from lastEventId without repeats, a fresh feed for
// a lastEventId out of range, a `reset` for one the feed cannot resume from, UNAUTHORIZED once a token is revoked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent, revokeAgent, whoForToken } from "../../actions/agents";
import { setDatabase } from "../../db";
import { ANON } from "../../identity";
import { publish } from "../../live/outbox";
import { sleep, until, writeTx } from "../../live/testkit";
import { makeUser, testDatabase, type TestDatabase } from "../../testing/db";
import { createCaller } from "./index";
import { fixedClock } from "../../clock";
/** The moment every door in this file reads: a fixed clock, so the suite passes on any day. */
const NOW = Date.parse("2026-12-01T12:00:00Z");
const clock = fixedClock(NOW);

let db: TestDatabase;
beforeAll(async () => {
  db = await testDatabase();
  setDatabase(db); // the process's live feed tails this database
});
afterAll(async () => {
  setDatabase(undefined);
  await db?.drop();
});

async function take(iterable: AsyncIterable<unknown>, n: number): Promise<any[]> {
  const out: any[] = [];
  for await (const e of iterable) {
    out.push(e);
    if (out.length === n) break;
  }
  return out;
}

describe("live.events", () => {
  it("yields tracked events, and resumes after lastEventId", async () => {
    const caller = createCaller({ db: db.prisma, who: ANON, clock });
    const first = await caller.live.events({ topics: ["test:77"] });
    const reading = take(first as AsyncIterable<unknown>, 2);
    await new Promise((r) => setTimeout(r, 300));
    for (const type of ["a", "b", "c"])
      await db.prisma.$transaction((tx) => publish(tx, { topic: "test:77", type, payload: {} }));
    const got = await reading;
    const typeOf = (e: any) => (Array.isArray(e) ? e[1] : e.data).type;
    const idOf = (e: any) => (Array.isArray(e) ? e[0] : e.id);
    expect(got.map(typeOf)).toEqual(["a", "b"]);
    const resumed = await caller.live.events({ topics: ["test:77"], lastEventId: idOf(got[0]) });
    expect((await take(resumed as AsyncIterable<unknown>, 2)).map(typeOf)).toEqual(["b", "c"]);
  });

  it("a lastEventId beyond the bigint range is a fresh subscription, not an error", async () => {
    const caller = createCaller({ db: db.prisma, who: ANON, clock });
    const sub = await caller.live.events({ topics: ["test:78"], lastEventId: "9999999999999999999" });
    const reading = take(sub as AsyncIterable<unknown>, 1);
    await sleep(300);
    const [id] = await writeTx(db, "test:78");
    const [got] = await reading;
    expect(got).toEqual([id, expect.objectContaining({ topic: "test:78" }), expect.anything()]);
  });

  it("a lastEventId that names no event yields a tracked `reset` carrying the id to resume after", async () => {
    const [last] = await writeTx(db, "test:79");
    const caller = createCaller({ db: db.prisma, who: ANON, clock });
    const resetNow = async () => {
      const sub = await caller.live.events({ topics: ["test:79"], lastEventId: "4242424242" });
      return (await take(sub as AsyncIterable<unknown>, 1))[0];
    };
    // The reset names the newest event the tailer has read: once it has read `last`, that is `last`.
    let reset = await resetNow();
    for (const end = Date.now() + 15_000; reset[0] !== last && Date.now() < end; reset = await resetNow())
      await sleep(50);
    expect(reset).toEqual([
      last,
      expect.objectContaining({ type: "reset", payload: { reason: "unknown" } }),
      expect.anything(),
    ]);
  });

  it("an agent's subscription ends with UNAUTHORIZED when its token is revoked", async () => {
    const owner = await makeUser(db, "owner");
    const made = await createAgent(db.prisma, owner, { name: "subscriber" });
    if (!made.ok) throw new Error(made.message);
    const who = (await whoForToken(db.prisma, made.value.token))!;
    const caller = createCaller({ db: db.prisma, who, clock });
    const sub = (await caller.live.events({ topics: ["lobby"] })) as AsyncIterable<unknown>;
    let outcome: unknown = "still open";
    const got: unknown[] = [];
    const reading = (async () => {
      for await (const e of sub) got.push(e);
    })().then(
      () => (outcome = "ended without an error"),
      (e) => (outcome = e),
    );
    await sleep(300);
    await writeTx(db, "lobby");
    await until(() => got.length === 1); // the subscription works
    await revokeAgent(db.prisma, owner, { id: made.value.id });
    await Promise.race([reading, sleep(2000)]);
    expect(outcome).toMatchObject({ code: "UNAUTHORIZED" });
  });
});
