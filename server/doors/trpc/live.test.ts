// The tRPC subscription of the live feed: tracked ids, and a resume from lastEventId without repeats.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../db";
import { ANON } from "../../identity";
import { publish } from "../../live/outbox";
import { testDatabase, type TestDatabase } from "../../testing/db";
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
    const first = await caller.live.events({ topics: ["table:77"] });
    const reading = take(first as AsyncIterable<unknown>, 2);
    await new Promise((r) => setTimeout(r, 300));
    for (const type of ["a", "b", "c"])
      await db.prisma.$transaction((tx) => publish(tx, { topic: "table:77", type, payload: {} }));
    const got = await reading;
    const typeOf = (e: any) => (Array.isArray(e) ? e[1] : e.data).type;
    const idOf = (e: any) => (Array.isArray(e) ? e[0] : e.id);
    expect(got.map(typeOf)).toEqual(["a", "b"]);
    const resumed = await caller.live.events({ topics: ["table:77"], lastEventId: idOf(got[0]) });
    expect((await take(resumed as AsyncIterable<unknown>, 2)).map(typeOf)).toEqual(["b", "c"]);
  });
});
