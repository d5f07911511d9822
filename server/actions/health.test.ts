// The health check's shared probe, on the real database: a flood of callers costs one query a second, a "down" is
// never kept, and a probe that is no longer fresh is asked again.
import { describe, expect, it } from "vitest";
import type { Db } from "../db";
import { type TestDatabase } from "../testing/db";
import { databaseForFile } from "../testing/lifecycle";
import { health, PROBE_FRESH_MS } from "./health";

let db: TestDatabase;
databaseForFile((made) => (db = made));

/** The real client, with each probe query counted and, when `down` is set, failing as an unreachable server does. */
function counted() {
  const seen = { queries: 0, down: false };
  const client = new Proxy(db.prisma, {
    get(target, key, receiver) {
      if (key !== "$queryRaw") return Reflect.get(target, key, receiver);
      return (...args: Parameters<Db["$queryRaw"]>) => {
        seen.queries++;
        if (seen.down) return Promise.reject(Object.assign(new Error("unreachable"), { code: "P1001" }));
        return target.$queryRaw(...args);
      };
    },
  }) as Db;
  return { client, seen };
}

describe("health", () => {
  it("answers a hundred callers at once from one probe, and probes again once the answer is a second old", async () => {
    const { client, seen } = counted();
    const t = 1_000_000;
    const answers = await Promise.all(Array.from({ length: 100 }, () => health(client, t)));
    expect(answers.every((a) => a.ok && a.value.database === "up")).toBe(true);
    expect(seen.queries).toBe(1);
    // Once it said "up", a call within the second is handed the answer itself: no promise is made.
    const atOnce = health(client, t + PROBE_FRESH_MS - 1);
    expect(atOnce).not.toBeInstanceOf(Promise);
    expect(atOnce).toMatchObject({ ok: true, value: { database: "up" } });
    expect(seen.queries).toBe(1);
    await health(client, t + PROBE_FRESH_MS);
    expect(seen.queries).toBe(2);
  });

  it("keeps no 'down': while the database is away every call probes, and the first after it is back says up", async () => {
    const { client, seen } = counted();
    seen.down = true;
    const t = 2_000_000;
    expect(await health(client, t)).toMatchObject({ ok: false, code: "unavailable" });
    expect(await health(client, t + 1)).toMatchObject({ ok: false, code: "unavailable" });
    expect(seen.queries).toBe(2);
    seen.down = false;
    expect(await health(client, t + 2)).toMatchObject({ ok: true });
    expect(seen.queries).toBe(3);
  });
});
