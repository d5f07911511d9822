// Points charged ahead (prepaid.ts), over the library's own in-memory limiter as the shared store: one charge in
// `ahead + 1` calls reaches the store, no caller ever gets past its budget however many processes charge one store,
// the points held lapse with their window, and calls that arrive together take points ahead once.
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { describe, expect, it } from "vitest";
import { AHEAD_MAX, aheadFor, chargedAhead } from "./prepaid";

/** A store of `points` a window, counting the charges that reach it. */
function store(points: number, duration = 60) {
  const limiter = new RateLimiterMemory({ points, duration });
  const seen = { charges: 0 };
  const consume = limiter.consume.bind(limiter);
  limiter.consume = (key, cost) => {
    seen.charges++;
    return consume(key, cost);
  };
  return { limiter, seen, used: async (key: string) => (await limiter.get(key))?.consumedPoints ?? 0 };
}

/** Calls `times` calls of `key` one after another; how many were let through. */
async function calls(charge: ReturnType<typeof chargedAhead>, key: string, times: number) {
  let through = 0;
  for (let i = 0; i < times; i++) {
    try {
      await charge(key, 1);
      through++;
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
    }
  }
  return through;
}

describe("points charged ahead", () => {
  it("take at most 1% of a budget and 32 points, and none of a small budget", () => {
    expect([100, 199, 200, 300, 1_200, 3_200, 10_000_000].map(aheadFor)).toEqual([0, 0, 1, 2, 11, 31, 31]);
    expect(AHEAD_MAX).toBe(32);
  });

  it("reach the store once in every 32 calls of a large budget, and the store counts every call before it is made", async () => {
    const { limiter, seen, used } = store(10_000);
    const charge = chargedAhead(limiter, aheadFor(10_000));
    expect(await charge("agent:1", 1)).toBeInstanceOf(RateLimiterRes); // the first learns the room
    expect(await charge("agent:1", 1)).toBeInstanceOf(RateLimiterRes); // the second takes 31 ahead
    expect(await used("agent:1")).toBe(33);
    for (let i = 0; i < 31; i++) expect(charge("agent:1", 1)).toBeNull(); // paid at once, no promise
    expect(seen.charges).toBe(2);
    expect(await used("agent:1")).toBe(33);
    await charge("agent:1", 1);
    expect([seen.charges, await used("agent:1")]).toEqual([3, 65]);
    // another caller holds nothing of this one's
    await charge("agent:2", 1);
    expect([seen.charges, await used("agent:2")]).toEqual([4, 1]);
  });

  it("charge a cost the held points cannot cover to the store", async () => {
    const { limiter, seen, used } = store(10_000);
    const charge = chargedAhead(limiter, aheadFor(10_000));
    await charge("k", 1);
    await charge("k", 1); // 31 held
    expect(charge("k", 30)).toBeNull();
    expect(charge("k", 2)).not.toBeNull(); // 1 left: charged, with 31 more
    expect(await used("k")).toBe(33 + 2 + 31);
    expect(seen.charges).toBe(3);
  });

  it("let exactly the budget through one process, charging one by one near its end", async () => {
    const { limiter, used } = store(301);
    expect(await calls(chargedAhead(limiter, aheadFor(301)), "k", 400)).toBe(301);
    expect(await used("k")).toBeGreaterThanOrEqual(301);
  });

  it("never let a caller past its budget through two processes on one store, and refuse it at most what the other holds early", async () => {
    const { limiter } = store(1_000);
    const ahead = aheadFor(1_000);
    const [a, b] = [chargedAhead(limiter, ahead), chargedAhead(limiter, ahead)];
    let through = 0;
    for (let i = 0; i < 1_100; i++) through += await calls(i % 3 ? a : b, "shared", 1);
    expect(through).toBeLessThanOrEqual(1_000);
    expect(through).toBeGreaterThanOrEqual(1_000 - ahead);
  });

  it("take points ahead once for calls that arrive together", async () => {
    const { limiter, used } = store(10_000);
    const charge = chargedAhead(limiter, aheadFor(10_000));
    await charge("k", 1); // the room is known
    await Promise.all(Array.from({ length: 20 }, () => charge("k", 1)));
    expect(await used("k")).toBe(1 + 20 + 31); // one of the twenty took 31 ahead, the others their own point
    expect(charge("k", 1)).toBeNull();
  });

  it("let held points lapse with their window", async () => {
    const { limiter, seen, used } = store(10_000, 1);
    const charge = chargedAhead(limiter, aheadFor(10_000));
    await charge("k", 1);
    await charge("k", 1); // 31 held until the window ends
    expect(charge("k", 1)).toBeNull();
    await new Promise((r) => setTimeout(r, 1_100));
    expect(charge("k", 1)).not.toBeNull(); // the window ended: charged in the new one
    expect(seen.charges).toBe(3);
    expect(await used("k")).toBe(1);
  });

  it("refuse as the store refuses", async () => {
    const { limiter } = store(2);
    const charge = chargedAhead(limiter, aheadFor(2));
    await charge("k", 1);
    await charge("k", 1);
    await expect(charge("k", 1)).rejects.toBeInstanceOf(RateLimiterRes);
  });
});
