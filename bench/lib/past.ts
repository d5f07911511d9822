// Past one machine: how many statements read the outbox on PostgreSQL each second with N app processes, each polling
// it itself or, over NATS JetStream, one relay for all of them (acts posted meanwhile, at a steady pace, to the first
// process: each commit wakes every poller by NOTIFY). Counted as scans of the "Event" table (pg_stat_user_tables: the
// outbox's writes do not scan it), which the backends report at least once a second while busy.
import http from "node:http";
import pg from "pg";
import { actFor, type BenchTable } from "./seed";
import type { Served } from "./servers";

export type OutboxReads = { processes: number; nats: boolean; perSecond: number; acts: number };

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

/** One measure: `servers` running, acts at `actsPerSecond` to the first, for `seconds` after a settling pause. */
export async function outboxReads(
  servers: Served[],
  nats: boolean,
  url: string,
  table: BenchTable,
  opts: { seconds: number; actsPerSecond: number },
): Promise<OutboxReads> {
  await sleep(3_000); // every process past its start (a relay taken), their statistics reported
  const before = await scans(url);
  const t0 = performance.now();
  let acts = 0;
  while (performance.now() - t0 < opts.seconds * 1000) {
    if ((await post(servers[0]!, table)) === 200) acts++;
    await sleep(1000 / opts.actsPerSecond);
  }
  await sleep(1_500); // the last second's statistics reported
  const after = await scans(url);
  const elapsed = (performance.now() - t0) / 1000;
  return { processes: servers.length, nats, perSecond: (after - before) / elapsed, acts };
}
