// Load on the JSON API, the same for the app and the baseline: acts in turn order, and reads as a seated viewer.
//
// Saturation runs use autocannon: one connection per table, and each connection keeps its table for the whole
// run (its per-connection context; the request list is longer than the run, so autocannon never resets it), so
// a table's seats act strictly in turn, one request in flight per table, 50 tables at once.
// Every run, saturated or paced, starts once the machine is idle (servers.ts, `idle`).
// Paced runs offer a fixed rate (open loop: each request has a scheduled time, and its latency counts from that
// time, so a slow answer that delays the next act is charged to the server): autocannon's rate limit sends each
// connection's share in a burst at the top of every second, so pacing is done here with node:http.
import http from "node:http";
import autocannon, { type Request } from "autocannon";
import { actFor, type BenchSeat, type BenchTable } from "./seed";
import { idle } from "./servers";
import { latency, type Latency } from "./stats";

export type Target = "app" | "baseline";
export type LoadResult = {
  requests: number;
  ok: number;
  failed: Record<string, number>;
  seconds: number;
  perSecond: number;
  latency: Latency;
};

const seatHeaders = (seat: BenchSeat, target: Target) => seat[target];

/**
 * `ended` is the last answer's arrival: autocannon notices the end of a run only at its next one-second tick, so
 * its own clock would add up to a second to a short run.
 */
function result(
  started: number,
  latencies: number[],
  failed: Record<string, number>,
  ended = performance.now(),
): LoadResult {
  const seconds = (ended - started) / 1000;
  const bad = Object.values(failed).reduce((a, b) => a + b, 0);
  return {
    requests: latencies.length,
    ok: latencies.length - bad,
    failed,
    seconds,
    perSecond: (latencies.length - bad) / seconds,
    latency: latency(latencies),
  };
}

const count = (failed: Record<string, number>, key: string) => (failed[key] = (failed[key] ?? 0) + 1);

/** Every table plays `actsPerTable` acts in turn, one connection per table, as fast as the server answers. */
export async function actsSaturated(
  url: string,
  tables: BenchTable[],
  target: Target,
  actsPerTable: number,
): Promise<LoadResult> {
  let nextTable = 0;
  const latencies: number[] = [];
  const failed: Record<string, number> = {};
  const spec = {
    method: "POST",
    setupRequest(req: Request, ctx: Record<string, unknown>) {
      const t = (ctx.table ??= tables[nextTable++ % tables.length]) as BenchTable;
      const { path, body } = actFor(t, t.turn);
      const seat = t.seats[t.turn % t.seats.length]!;
      return {
        ...req,
        method: "POST",
        path,
        body,
        headers: { "content-type": "application/json", ...seatHeaders(seat, target) },
      };
    },
    onResponse(status: number, body: string, ctx: Record<string, unknown>) {
      const t = ctx.table as BenchTable;
      if (status === 200) t.turn++;
      else {
        count(failed, String(status));
        if (Object.keys(failed).length === 1 && failed[String(status)] === 1)
          console.error(`  an act was refused (${status}): ${body.slice(0, 200)}`);
      }
    },
  };
  await idle();
  const started = performance.now();
  const run = autocannon({
    url,
    connections: tables.length,
    amount: tables.length * actsPerTable,
    timeout: 30,
    requests: Array.from({ length: actsPerTable + 2 }, () => spec),
  });
  let ended = started;
  run.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => {
    latencies.push(ms);
    ended = performance.now();
  });
  const r = await run;
  if (r.errors) count(failed, "socket errors");
  return result(started, latencies, failed, ended);
}

/** Seated viewers read their tables (a random seat of a random table each time), 50 connections, for `seconds`. */
export async function readsSaturated(
  url: string,
  tables: BenchTable[],
  target: Target,
  seconds: number,
  /** Where the answers' latencies go, for a caller that pools several runs' (readsInTurns). */
  latencies: number[] = [],
): Promise<LoadResult> {
  const failed: Record<string, number> = {};
  let i = 0;
  const spec = {
    method: "GET",
    setupRequest(req: Request) {
      const t = tables[i % tables.length]!;
      const seat = t.seats[Math.floor(i / tables.length) % t.seats.length]!;
      i++;
      return { ...req, method: "GET", path: `/api/tables/${t.id}`, headers: seatHeaders(seat, target) };
    },
    onResponse(status: number) {
      if (status !== 200) count(failed, String(status));
    },
  };
  await idle();
  const started = performance.now();
  const run = autocannon({
    url,
    connections: tables.length,
    duration: seconds,
    timeout: 30,
    requests: [spec],
  });
  let ended = started;
  run.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => {
    latencies.push(ms);
    ended = performance.now();
  });
  const r = await run;
  if (r.errors) count(failed, "socket errors");
  return result(started, latencies, failed, ended);
}

function send(
  agent: http.Agent,
  url: URL,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ agent, host: url.hostname, port: url.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * `lanes` sequential lanes share `perSecond` requests a second, evenly staggered; a lane sends its next request
 * at its scheduled time or, if the previous one is still out, as soon as it returns. Latency counts from the
 * scheduled time. Nothing new is sent after `seconds`: a server that fell behind leaves requests unsent, and
 * `sent` / `scheduled` says so.
 */
export type PacedResult = LoadResult & { offered: number; scheduled: number; perLane: number[] };

async function paced(
  lanes: number,
  perSecond: number,
  seconds: number,
  go: (lane: number, k: number) => Promise<number>,
  limits?: number[],
): Promise<PacedResult> {
  const interval = (lanes / perSecond) * 1000;
  const latencies: number[] = [];
  const failed: Record<string, number> = {};
  const perLane = new Array<number>(lanes).fill(0);
  let scheduled = 0;
  await idle();
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      for (let k = 0; ; k++) {
        const at = started + (lane / lanes) * interval + k * interval;
        if (at >= end || (limits && k >= limits[lane]!)) return;
        scheduled++;
        const wait = at - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        else if (performance.now() >= end) continue; // behind at the end: counted as scheduled, never sent
        const status = await go(lane, k).catch(() => 0);
        latencies.push(performance.now() - at);
        if (status === 200) perLane[lane]!++;
        else count(failed, String(status || "socket error"));
      }
    }),
  );
  const r = result(started, latencies, failed);
  return { ...r, perSecond: r.ok / seconds, offered: perSecond, scheduled, perLane };
}

/**
 * Acts at a fixed total rate: each table acts every 50/rate seconds, in turn. `limits` caps the acts per table,
 * so the baseline replays exactly what the app managed and both sets of tables keep ledgers of equal length.
 */
export function actsPaced(
  url: string,
  tables: BenchTable[],
  target: Target,
  perSecond: number,
  seconds: number,
  limits?: number[],
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: tables.length * 2 });
  const u = new URL(url);
  return paced(
    tables.length,
    perSecond,
    seconds,
    async (lane) => {
      const t = tables[lane]!;
      const { path, body } = actFor(t, t.turn);
      const seat = t.seats[t.turn % t.seats.length]!;
      const r = await send(
        agent,
        u,
        "POST",
        path,
        {
          "content-type": "application/json",
          ...seatHeaders(seat, target),
        },
        body,
      );
      if (r.status === 200) t.turn++;
      return r.status;
    },
    limits,
  ).finally(() => agent.destroy());
}

/** Seated viewers read at a fixed total rate over 50 lanes. */
export function readsPaced(
  url: string,
  tables: BenchTable[],
  target: Target,
  perSecond: number,
  seconds: number,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: tables.length * 2 });
  const u = new URL(url);
  return paced(tables.length, perSecond, seconds, async (lane, k) => {
    const t = tables[lane]!;
    const seat = t.seats[k % t.seats.length]!;
    return (await send(agent, u, "GET", `/api/tables/${t.id}`, seatHeaders(seat, target))).status;
  }).finally(() => agent.destroy());
}
