// The cost of a request before any work: the app's `GET /api/health` (the fast lane, the doors' floor, who asks,
// a probe shared by every caller) against a bare node:http hello (bench/hello.ts), each with autocannon's 50
// connections for the same time, one after the other on the same machine.
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
