// Live fan-out: thousands of raw SSE watchers of one table on one server process (or spread over several processes on
// one database: the act is posted to the first, the others hear of it through the outbox); how long an act takes to
// reach every one of them (from the moment its POST is sent to the moment each watcher has parsed the event), and the
// servers' resident memory meanwhile.
import http from "node:http";
import { actFor, type BenchTable } from "./seed";
import type { Served } from "./servers";
import { latency, type Latency } from "./stats";

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
};

type Pending = { turn: number; t0: number; arrivals: number[] };

function watch(url: URL, path: string, onEvent: (data: string) => void): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: url.hostname, port: url.port, path, agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`events answered ${res.statusCode}`));
      res.setEncoding("utf8");
      let buf = "";
      let first = true;
      res.on("data", (chunk: string) => {
        buf += chunk;
        let i: number;
        while ((i = buf.indexOf("\n\n")) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (data) onEvent(data);
        }
        if (first) {
          first = false;
          resolve(req); // the stream is open and the server has started following the topic
        }
      });
      res.on("error", () => {});
    });
    req.on("error", reject);
    req.setTimeout(0);
  });
}

function rssOf(served: Served): { mb: number; name: string } {
  const top = served.processes()[0];
  return { mb: top?.rssMb ?? NaN, name: top?.name ?? "?" };
}

export async function fanOut(
  servers: Served | Served[],
  table: BenchTable,
  opts: { watchers: number; acts: number },
): Promise<FanOutResult> {
  const all = Array.isArray(servers) ? servers : [servers];
  const served = all[0]!;
  const url = new URL(served.url);
  const urls = all.map((s) => new URL(s.url));
  const before = rssOf(served).mb;
  let pending: Pending | null = null;
  const onEvent = (data: string) => {
    if (!pending) return;
    const e = JSON.parse(data) as { type: string; payload: { turn?: number } };
    if (e.type === "act" && e.payload.turn === pending.turn)
      pending.arrivals.push(performance.now() - pending.t0);
  };
  const streams: http.ClientRequest[] = [];
  const path = `/api/events?topics=table:${table.id}`;
  for (let i = 0; i < opts.watchers; i += 100) {
    const batch = Math.min(100, opts.watchers - i);
    // Watcher i listens on process i mod n: the same number on each.
    const opened = await Promise.allSettled(
      Array.from({ length: batch }, (_, j) => watch(urls[(i + j) % urls.length]!, path, onEvent)),
    );
    for (const o of opened) if (o.status === "fulfilled") streams.push(o.value);
  }
  let peak = rssOf(served).mb;
  const peaks = all.map((s) => rssOf(s).mb);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(served).mb);
    all.forEach((s, i) => (peaks[i] = Math.max(peaks[i]!, rssOf(s).mb)));
  }, 200);
  const watching = rssOf(served).mb;

  const agent = new http.Agent({ keepAlive: true });
  const act = async (): Promise<Pending> => {
    const { path: actPath, body } = actFor(table, table.turn);
    const seat = table.seats[table.turn % table.seats.length]!;
    const p: Pending = { turn: table.turn, t0: performance.now(), arrivals: [] };
    pending = p;
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
    const until = performance.now() + 15_000;
    while (p.arrivals.length < streams.length && performance.now() < until)
      await new Promise((r) => setTimeout(r, 5));
    pending = null;
    return p;
  };

  const samples: number[] = [];
  let missed = 0;
  try {
    await act(); // a first act proves every stream is subscribed; it is not counted
    for (let i = 0; i < opts.acts; i++) {
      // Acts land at varied moments relative to any polling the server does.
      await new Promise((r) => setTimeout(r, 300 + ((i * 137) % 400)));
      const p = await act();
      samples.push(...p.arrivals);
      missed += streams.length - p.arrivals.length;
    }
  } finally {
    clearInterval(sampler);
    agent.destroy();
    for (const s of streams) s.destroy();
  }
  return {
    watchers: opts.watchers,
    connected: streams.length,
    acts: opts.acts,
    missed,
    latency: latency(samples),
    rssMb: { before, watching, peak, peaks },
    process: rssOf(served).name,
    processes: all.length,
  };
}
