// Waking the other processes: every commit that announces is told by a NOTIFY, but a stream of them shares few, at
// least NOTIFY_GAP_MS apart, and the last commit of a burst is still told.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db";
import type { TestDatabase } from "../testing/db";
import { announce, NOTIFY_GAP_MS } from "./index";
import { WAKE_CHANNEL } from "./outbox";
import { closeBoth, sleep, twoProcesses, until } from "./testkit";

let db: TestDatabase;
let other: Database; // a second "process" listening (PGlite: the same one, one process)
beforeAll(async () => void ([db, other] = await twoProcesses()));
afterAll(() => closeBoth(db, other));

describe("announcing commits to the other processes", () => {
  it("tells a stream of 100 commits in a few NOTIFYs, and tells the last one", async () => {
    const heard: number[] = [];
    const unlisten = await other.listen(WAKE_CHANNEL, () => heard.push(performance.now()));
    try {
      await announce(db); // one on its own is told at once
      await until(() => heard.length === 1, 5_000);
      await sleep(3 * NOTIFY_GAP_MS);
      heard.length = 0;
      const start = performance.now();
      let last = start;
      for (let i = 0; i < 100; i++) {
        last = performance.now();
        await announce(db);
        await sleep(1);
      }
      // The last commit of the burst is told: a NOTIFY comes after it.
      await until(() => heard.some((t) => t >= last), 5_000);
      const span = last - start;
      expect(heard.length).toBeGreaterThanOrEqual(2);
      // Each NOTIFY holds the next back for the gap (a timer never fires early): the first, one per gap, the last.
      expect(heard.length).toBeLessThanOrEqual(Math.ceil(span / NOTIFY_GAP_MS) + 2);
    } finally {
      await unlisten();
    }
  });
});
