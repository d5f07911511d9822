// Live fan-out: thousands of raw SSE watchers of one table on one server process (or spread over several processes on
// one database: the act is posted to the first, the others hear of it through the outbox); how long an act takes to
// reach every one of them (from the moment its POST is sent to the moment each watcher has parsed the event), and the
// servers' resident memory meanwhile.
import http from "node:http";
import { actFor, type BenchTable } from "./seed";
import { cpuMs, cpuSince, type Served } from "./servers";
import { latency, type Latency } from "./stats";
import { now, watchersForked, watchersHere } from "./watchers";

export type FanOutResult = {
  watchers: number;
  connected: number;
  acts: number;
  /** Deliveries that did not arrive within the wait (counted, never dropped silently). */
  missed: number;
  latency: Latency;
  /** The first process's memory; `peaks` has each process's peak, in the order given. */
  rssMb: { before: number; watching: number; peak: number; peaks: number[] };
  process: string;
  processes: number;
  /** CPU time (ms) over the measured acts: the app processes together, and the load generator(s) holding the watchers. */
  cpuMs: { app: number; generator: number };
  /** How many processes held the watchers: 0 for this one. */
  generators: number;
};

function rssOf(served: Served): { mb: number; name: string } {
  const top = served.processes()[0];
  return { mb: top?.rssMb ?? NaN, name: top?.name ?? "?" };
}

export async function fanOut(
  servers: Served | Served[],
  table: BenchTable,
  opts: { watchers: number; acts: number; generators?: number },
): Promise<FanOutResult> {
  const all = Array.isArray(servers) ? servers : [servers];
  const served = all[0]!;
  const url = new URL(served.url);
  const urls = all.map((s) => new URL(s.url));
  const before = rssOf(served).mb;
  const path = `/api/events?topics=table:${table.id}`;
  const generators = opts.generators ?? 0;
  const watchers = generators
    ? await watchersForked(urls, path, opts.watchers, generators)
    : await watchersHere(urls, path, opts.watchers);
  let peak = rssOf(served).mb;
  const peaks = all.map((s) => rssOf(s).mb);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(served).mb);
    all.forEach((s, i) => (peaks[i] = Math.max(peaks[i]!, rssOf(s).mb)));
  }, 200);
  const watching = rssOf(served).mb;

  const agent = new http.Agent({ keepAlive: true });
  /** One act: the ms from sending its POST to each watcher's having it. */
  const act = async (): Promise<number[]> => {
    const { path: actPath, body } = actFor(table, table.turn);
    const seat = table.seats[table.turn % table.seats.length]!;
    const turn = table.turn;
    const t0 = now();
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: "POST",
          path: actPath,
          headers: { "content-type": "application/json", ...seat.app },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
    if (status !== 200) throw new Error(`the fan-out act was refused: ${status}`);
    table.turn++;
    return (await watchers.arrivals(turn, t0 + 15_000)).map((at) => at - t0);
  };

  const samples: number[] = [];
  let missed = 0;
  const cpu = { app: 0, generator: 0 };
  try {
    await act(); // a first act proves every stream is subscribed; it is not counted
    const app0 = all.map((s) => cpuMs(s.pid));
    const generator0 = await watchers.cpuMs();
    for (let i = 0; i < opts.acts; i++) {
      // Acts land at varied moments relative to any polling the server does.
      await new Promise((r) => setTimeout(r, 300 + ((i * 137) % 400)));
      const arrivals = await act();
      samples.push(...arrivals);
      missed += watchers.connected - arrivals.length;
    }
    cpu.app = all.reduce((a, s, i) => a + cpuSince(app0[i]!, s.pid), 0);
    cpu.generator = (await watchers.cpuMs()) - generator0;
  } finally {
    clearInterval(sampler);
    agent.destroy();
    watchers.close();
  }
  return {
    watchers: opts.watchers,
    connected: watchers.connected,
    acts: opts.acts,
    missed,
    latency: latency(samples),
    rssMb: { before, watching, peak, peaks },
    process: rssOf(served).name,
    processes: all.length,
    cpuMs: cpu,
    generators,
  };
}
