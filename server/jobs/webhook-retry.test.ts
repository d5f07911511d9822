// The webhook queue's retry schedule as pg-boss keeps it (shared/spec/notifications.md, "Webhooks": exponential
// backoff for at least 24 h): one delivery's job failed again and again is tried 13 times, each wait 30 s × 2^k
// plus up to as much again of jitter, 34 h 7 min at the least before it is given up; the same job, so the same
// delivery and its id, all along. Each wait is read from the job's own row, and the job is then made due at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase, type TestDatabase } from "../testing/db";
import { SCHEMA, enqueue, startQueue } from "./queue";

let db: TestDatabase;
let queue: Awaited<ReturnType<typeof startQueue>>;
beforeAll(async () => {
  db = await testDatabase();
  queue = await startQueue(db, {}); // no worker: the test takes and fails the job itself
});
afterAll(async () => {
  await queue?.stop();
  await db?.drop();
});

type Row = { state: string; wait: number; data: { deliveryId: string } };

describe("a webhook delivery that keeps failing", () => {
  it("is retried with exponential backoff for more than 24 h, as the same job, then given up", async () => {
    const id = await db.prisma.$transaction((tx) => enqueue(tx, "webhook", { deliveryId: "dlv_retry" }));
    const row = async () =>
      (
        await db.executeSql(
          `SELECT state::text AS state, data, extract(epoch FROM start_after - now())::float8 AS wait
             FROM ${SCHEMA}.job WHERE id = $1`,
          [id],
        )
      ).rows[0] as Row;
    const waits: number[] = [];
    for (let attempt = 1; ; attempt++) {
      const [job] = await queue.boss.fetch("webhook");
      expect(job?.id, `attempt ${attempt} finds the same job`).toBe(id);
      await queue.boss.fail("webhook", id!, { error: "the receiver answered 503" });
      const after = await row();
      expect(after.data.deliveryId).toBe("dlv_retry");
      if (after.state === "failed") break;
      expect(after.state).toBe("retry");
      waits.push(after.wait);
      await db.executeSql(
        `UPDATE ${SCHEMA}.job SET start_after = now() - interval '1 second' WHERE id = $1`,
        [id],
      );
    }
    expect(waits).toHaveLength(12);
    waits.forEach((w, k) => {
      expect(w, `wait ${k + 1}`).toBeGreaterThanOrEqual(30 * 2 ** k - 1);
      expect(w, `wait ${k + 1}`).toBeLessThanOrEqual(60 * 2 ** k + 1);
    });
    const total = waits.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(24 * 3600);
    expect(total).toBeGreaterThanOrEqual(30 * (2 ** 12 - 1) - 12); // 122,850 s: 34 h 7 min
  });
});
