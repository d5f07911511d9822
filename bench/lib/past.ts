// Past one machine (PostgreSQL only): thousands of SSE watchers of one table over four app processes with NATS
// JetStream, held by forked load generators; and how many statements read the outbox on PostgreSQL each second with
// N app processes, each polling it itself or, over NATS JetStream, one relay for all of them. Each process has a
// watcher of the table (a process reads the feed only while someone follows it); acts are posted meanwhile, at a
// steady pace, to the first process. Counted as scans of the "Event" table (pg_stat_user_tables: the outbox's writes
// do not scan it).
import http from "node:http";
import pg from "pg";
import { fanOut, type FanOutResult } from "./fanout";
import { ms, row, verdict, type Row } from "./report";
import { actFor, type BenchTable } from "./seed";
import type { Served } from "./servers";
import { watch } from "./watchers";

export type OutboxReads = { processes: number; nats: boolean; perSecond: number; acts: number };
export type PastResult = { fanOutNats?: FanOutResult; outboxReads?: OutboxReads[] };

async function scans(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ n: string }>(
      `SELECT (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::text AS n FROM pg_stat_user_tables WHERE relname = 'Event'`,
    );
    return Number(r.rows[0]?.n ?? 0);
  } finally {
    await c.end();
  }
}

function post(served: Served, table: BenchTable): Promise<number> {
  const url = new URL(served.url);
  const { path, body } = actFor(table, table.turn);
  const seat = table.seats[table.turn % table.seats.length]!;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: "POST",
        path,
        headers: { "content-type": "application/json", ...seat.app },
      },
      (res) => {
        res.resume();
        res.on("end", () => {
          if (res.statusCode === 200) table.turn++;
          resolve(res.statusCode ?? 0);
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** PostgreSQL's PGSTAT_IDLE_INTERVAL (10 s), and a second more. */
const STATS_LAG_MS = 11_000;

/** One measure: `servers` running, each with one watcher, acts at `actsPerSecond` to the first, for `seconds`. */
async function outboxReads(
  servers: Served[],
  nats: boolean,
  url: string,
  table: BenchTable,
  opts: { seconds: number; actsPerSecond: number },
): Promise<OutboxReads> {
  const watchers = await Promise.all(
    servers.map((s) => watch(new URL(s.url), `/api/events?topics=table:${table.id}`, () => {})),
  );
  // A backend reports its counts at most once a second while busy and within 10 s once idle, so the counts lag the
  // statements by up to 10 s: the acts run for that long before the window and go on through its end, so the lag at
  // either end is the same steady load and cancels.
  let acting = true;
  let acts = 0;
  const pace = (async () => {
    while (acting) {
      if ((await post(servers[0]!, table)) === 200) acts++;
      await sleep(1000 / opts.actsPerSecond);
    }
  })();
  try {
    await sleep(STATS_LAG_MS);
    const [before, acts0, t0] = [await scans(url), acts, performance.now()];
    await sleep(opts.seconds * 1000);
    const [after, acts1, t1] = [await scans(url), acts, performance.now()];
    return {
      processes: servers.length,
      nats,
      perSecond: (after - before) / ((t1 - t0) / 1000),
      acts: acts1 - acts0,
    };
  } finally {
    acting = false;
    await pace;
    for (const w of watchers) w.destroy();
  }
}

export type PastSize = {
  watchers: number;
  generators: number;
  acts: number;
  outboxSeconds: number;
  outboxActsPerSecond: number;
};

/** Runs both measures; `start(i, nats)` starts the i-th fresh app process on the database at `url`. */
export async function pastOneMachine(opts: {
  start: (i: number, nats: boolean) => Promise<Served>;
  url: string;
  tables: { fanOut: BenchTable; outbox: BenchTable };
  size: PastSize;
  step: (s: string) => void;
}): Promise<PastResult> {
  const { size, step } = opts;
  const group: Served[] = [];
  const startGroup = async (n: number, nats: boolean) => {
    for (let i = 0; i < n; i++) group.push(await opts.start(i, nats));
    return [...group];
  };
  const stopGroup = async () => void (await Promise.all(group.splice(0).map((g) => g.stop())));
  const out: PastResult = {};
  try {
    step(
      `past one machine: four fresh app processes with NATS JetStream, ${size.watchers} SSE watchers of one table held by ${size.generators} load generators, ${size.acts} acts…`,
    );
    out.fanOutNats = await fanOut(await startGroup(4, true), opts.tables.fanOut, {
      watchers: size.watchers,
      acts: size.acts,
      generators: size.generators,
    });
    await stopGroup();
    out.outboxReads = [];
    for (const nats of [false, true])
      for (const n of [1, 2, 4]) {
        step(`past one machine: outbox-reading statements, ${n} app processes${nats ? " with NATS" : ""}…`);
        out.outboxReads.push(
          await outboxReads(await startGroup(n, nats), nats, opts.url, opts.tables.outbox, {
            seconds: size.outboxSeconds,
            actsPerSecond: size.outboxActsPerSecond,
          }),
        );
        await stopGroup();
      }
  } finally {
    await stopGroup();
  }
  return out;
}

export function pastRows(run: PastResult, db: string, size: PastSize): Row[] {
  const rows: Row[] = [];
  const f = run.fanOutNats;
  if (f)
    rows.push(
      row({
        what: `past one machine: ${f.connected.toLocaleString("en-US")} SSE watchers of one table over ${f.processes} processes on one PostgreSQL with NATS JetStream (acts posted to the first; the watchers held by ${f.generators} load-generator processes on the same cores), ${f.acts} acts`,
        db,
        measured:
          `delivery p50 ${ms(f.latency.p50)} · p95 ${ms(f.latency.p95)} · max ${ms(f.latency.max)}` +
          `${f.missed ? ` · ${f.missed} missed` : ""} · RSS peak ${f.rssMb.peaks.map((m) => `${Math.round(m)} MB`).join(", ")}` +
          ` · CPU over the acts: app ${(f.cpuMs.app / 1000).toFixed(1)} s, load generators ${(f.cpuMs.generator / 1000).toFixed(1)} s`,
        target: "p95 ≤ 1 s, each process's RSS stated",
        verdict: verdict(f.connected === f.watchers && f.missed === 0 && f.latency.p95 <= 1000),
      }),
    );
  const reads = run.outboxReads ?? [];
  if (reads.length) {
    const of = (nats: boolean) => reads.filter((r) => r.nats === nats);
    const say = (rs: OutboxReads[]) =>
      rs.map((r) => `N=${r.processes}: ${r.perSecond.toFixed(1)}/s`).join(" · ");
    const nats = of(true);
    // When the server's statistics count no scan of the outbox in the window, the row says so: never a verdict on 0.
    const counted = reads.some((r) => r.perSecond > 0);
    const flat =
      nats.length > 0 &&
      Math.max(...nats.map((r) => r.perSecond)) <= 1.5 * Math.min(...nats.map((r) => r.perSecond));
    const unmeasured = "not measured: the server's statistics counted no scan of the outbox";
    rows.push(
      row({
        what: `past one machine: statements reading the outbox on PostgreSQL (scans of "Event"), ${size.outboxActsPerSecond} acts/s, one watcher on each process, without NATS`,
        db,
        measured: counted ? say(of(false)) : unmeasured,
        target: "(each process polls: grows with N)",
        verdict: "—",
      }),
      row({
        what: `past one machine: the same with NATS JetStream (one relay reads the outbox)`,
        db,
        measured: counted ? say(nats) : unmeasured,
        target: "one reader whatever N",
        verdict: counted ? verdict(flat) : "—",
      }),
    );
  }
  return rows;
}
