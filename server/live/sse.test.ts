// The live feed as a streamed answer (server/live/sse.ts): what it writes, and that it waits for a client that must
// catch up instead of piling writes (and their waits) on it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANON } from "../identity";
import { testDatabase, type TestDatabase } from "../testing/db";
import { sseFeed } from "./sse";
import { Tailer } from "./tail";
import { sleep, until } from "./testkit";

let db: TestDatabase;
let tailer: Tailer;
beforeAll(async () => {
  db = await testDatabase();
  tailer = new Tailer(db);
  await tailer.start();
});
afterAll(async () => {
  await tailer?.stop();
  await db?.drop();
});

describe("the live feed as a streamed answer", () => {
  it("writes `retry`, then pings while no event comes, and ends when the client leaves", async () => {
    const written: string[] = [];
    const gone = new AbortController();
    const feed = sseFeed({ who: ANON, topics: ["lobby"], lastEventId: null, tailer, pingMs: 5 });
    const done = feed((chunk) => void written.push(new TextDecoder().decode(chunk)), gone.signal);
    await until(() => written.length >= 3);
    expect(written[0]).toBe("retry: 2000\n\n");
    expect(written.slice(1, 3)).toEqual([": ping\n\n", ": ping\n\n"]);
    gone.abort();
    await done; // the writer ends: the server then ends the response
    const after = written.length;
    await sleep(30);
    expect(written.length).toBe(after); // and no ping follows it
  });

  // A watcher that stops reading (a sleeping laptop): each ping used to wait on the full socket again, a pair of
  // listeners on the response every ping, until node warned and kept adding them.
  it("writes nothing more, not even a ping, while a write waits for the client to catch up", async () => {
    const written: string[] = [];
    let drain!: () => void;
    const full = new Promise<void>((r) => (drain = r));
    const write = (chunk: Uint8Array) => {
      written.push(new TextDecoder().decode(chunk));
      return written.length === 1 ? undefined : full; // the socket is full from the first ping on
    };
    const gone = new AbortController();
    const done = sseFeed({ who: ANON, topics: ["lobby"], lastEventId: null, tailer, pingMs: 5 })(
      write,
      gone.signal,
    );
    await sleep(100);
    expect(written).toEqual(["retry: 2000\n\n", ": ping\n\n"]);
    drain();
    await until(() => written.length > 2); // caught up: it pings again
    gone.abort();
    await done;
  });
});
