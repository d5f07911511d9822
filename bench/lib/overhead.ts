// The cost of a request before any work: the app's `GET /api/health` (the fast lane, the doors' floor, who asks,
// a probe shared by every caller) against a bare node:http hello (bench/hello.ts), each with autocannon's 50
// connections, on the same machine, in turns (`alternate`): a VM whose speed drifts within a run (the hello's own
// rate can move by a third in minutes) then weighs on both alike, not on whichever ran second.
import autocannon from "autocannon";
import type { Latency } from "./stats";

export type OverheadResult = { perSecond: number; latency: Pick<Latency, "p50" | "p99">; non2xx: number };

export async function hammer(url: string, seconds: number): Promise<OverheadResult> {
  const r = (await autocannon({ url, connections: 50, duration: seconds, timeout: 10 })) as unknown as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  };
  return {
    perSecond: r.requests.average,
    latency: { p50: r.latency.p50, p99: r.latency.p99 },
    non2xx: r.non2xx + r.errors,
  };
}

/**
 * Each url hammered for `seconds` in all, in turns of `turn` seconds (a, b, a, b, …). A url's rate is the mean of
 * its turns; its p50 the median of theirs and its p99 the worst (autocannon reports per run, not a histogram to merge).
 */
export async function alternate(urls: string[], seconds: number, turn = 2): Promise<OverheadResult[]> {
  const turns = await inTurns(urls.length, seconds, turn, (i, t) => hammer(urls[i]!, t));
  return turns.map((runs) => {
    const p50s = runs.map((r) => r.latency.p50).sort((a, b) => a - b);
    return {
      perSecond: runs.reduce((s, r) => s + r.perSecond, 0) / runs.length,
      latency: { p50: p50s[p50s.length >> 1]!, p99: Math.max(...runs.map((r) => r.latency.p99)) },
      non2xx: runs.reduce((s, r) => s + r.non2xx, 0),
    };
  });
}

/**
 * `count` runs of `seconds` each, in turns of `turn` seconds (0, 1, …, 0, 1, …): each run's turns, in order. So a
 * stretch when the machine runs slow falls on every run alike.
 */
export async function inTurns<T>(
  count: number,
  seconds: number,
  turn: number,
  run: (i: number, seconds: number) => Promise<T>,
): Promise<T[][]> {
  const turns = Array.from({ length: count }, () => [] as T[]);
  for (let done = 0; done < seconds; done += turn)
    for (let i = 0; i < count; i++) turns[i]!.push(await run(i, Math.min(turn, seconds - done)));
  return turns;
}
