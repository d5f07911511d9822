// Helpers for the live feed's tests: write events in chosen transactions, move transaction ids to a digit
// boundary, and read what a tailer or a follower hands out.
import { openDatabase, type Database } from "../db";
import { testDatabase, type TestDatabase } from "../testing/db";
import type { Delivery } from "./index";
import { purgeLiveStream } from "./stream";
import type { LiveEvent, Tailer } from "./tail";

/**
 * A fresh test database and a second "process" on it: its own pool on the same database on PostgreSQL, the same one on
 * PGlite (which one process holds).
 */
export async function twoProcesses(): Promise<[TestDatabase, Database]> {
  const db = await testDatabase();
  return [db, db.kind === "postgres" ? await openDatabase(db.url, { migrate: false }) : db];
}

/** Closes what twoProcesses opened. */
export async function closeBoth(db: TestDatabase | undefined, other: Database | undefined): Promise<void> {
  if (other && other !== db) await other.close();
  await db?.drop();
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits for `cond` (a test's poll for what another process, a queue or the live feed does), throwing "timed out"
 * after `ms`. For the live feed: the horizon is cluster-wide on PostgreSQL, so another session's open transaction
 * can hold it.
 */
export async function until(cond: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error("timed out");
    await sleep(20);
  }
}

export function collect(t: Tailer): LiveEvent[] {
  const seen: LiveEvent[] = [];
  t.subscribe((e) => seen.push(e));
  return seen;
}

/**
 * `n` events on `topic`, all in one transaction (one txid, consecutive ids); returns their ids. `txid` stamps the
 * rows with a chosen transaction id instead of the real one (it must be below the horizon to be read).
 */
export async function writeTx(db: Database, topic: string, n = 1, txid?: bigint): Promise<string[]> {
  const rows = await db.sql.query<{ id: string }>(
    `INSERT INTO "Event" (topic, type, payload, txid)
     SELECT $1, 'act', jsonb_build_object('i', g), coalesce($3::bigint, (pg_current_xact_id()::text)::bigint)
     FROM generate_series(1, $2::int) g RETURNING id::text AS id`,
    [topic, n, txid === undefined ? null : String(txid)],
  );
  return rows.map((r) => r.id).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
}

export async function currentTxid(db: Database): Promise<bigint> {
  const [r] = await db.sql.query<{ x: string }>(`SELECT pg_current_xact_id()::text AS x`);
  return BigInt(r!.x);
}

/**
 * Where the next transactions cross a digit boundary of their ids (9999 → 10000). When the next power of ten is
 * near (a fresh server, PGlite), transaction ids are spent (one COMMIT each inside a procedure: thousands a
 * millisecond) until it is `margin` away, and real transactions cross it. On a long-lived server it can be
 * millions away: then the events are stamped with chosen ids around a power of ten already behind the horizon
 * (`stamped`), which the tailer reads and orders exactly like real ones — the caller clears the feed first.
 */
export async function digitBoundary(
  db: Database,
  margin: number,
  budget = 200_000,
): Promise<{ boundary: bigint; stamped: boolean }> {
  const now = await currentTxid(db);
  const digits = String(now).length;
  const next = 10n ** BigInt(digits);
  const spend = next - now - BigInt(margin);
  if (spend <= BigInt(budget)) {
    await db.sql.exec(
      `CREATE OR REPLACE PROCEDURE parley_spend_txids(n int) LANGUAGE plpgsql AS $$
       BEGIN FOR i IN 1..n LOOP PERFORM pg_current_xact_id(); COMMIT; END LOOP; END $$`,
    );
    if (spend > 0n) await db.sql.exec(`CALL parley_spend_txids(${spend})`);
    return { boundary: next, stamped: false };
  }
  let behind = 10n ** BigInt(digits - 1);
  if (now - behind < BigInt(margin) * 10n) behind /= 10n;
  return { boundary: behind, stamped: true };
}

/** Empties the outbox, and its stream on NATS with it, so that a test can write a history of its own. */
export async function clearFeed(db: Database): Promise<void> {
  await db.sql.exec(`DELETE FROM "Event"`);
  const [row] = await db.sql.query<{ d: string }>(`SELECT current_database() AS d`);
  await purgeLiveStream(row!.d);
}

/** Reads a follower in the background until stopped; what it handed out is in `got`. */
export function reader(deliveries: AsyncIterable<Delivery>, abort: AbortController) {
  const got: Delivery[] = [];
  const done = (async () => {
    for await (const d of deliveries) got.push(d);
  })();
  return {
    got,
    events: () => got.flatMap((d) => (d.kind === "event" ? [d.event] : [])),
    done,
    async stop() {
      abort.abort();
      await done.catch(() => {});
    },
  };
}

export const ids = (es: { id: string }[]) => es.map((e) => e.id);
export const numericOrder = (es: { id: string; txid: string }[]) =>
  [...es].sort((a, b) =>
    BigInt(a.txid) !== BigInt(b.txid)
      ? BigInt(a.txid) < BigInt(b.txid)
        ? -1
        : 1
      : BigInt(a.id) < BigInt(b.id)
        ? -1
        : 1,
  );
