// The open live streams of each caller — SSE feeds, tRPC subscriptions, long polls — capped per identity and per guest
// address (shared/spec/access.md, "The floor, per identity"), keyed as the rate limits are (identityKey). Counted where
// every process on one database sees one count: on PostgreSQL a StreamCount row per key, raised only below the cap in
// one statement (so two processes racing for the last place cannot both take it), and a StreamHold row per open
// stream under a lease its process renews while the stream is open, so a process that dies gives its places back once
// its leases run out; on the embedded database (PGlite: one process only) in this process's memory.
import type pg from "pg";
import { pgPoolOf, type Db } from "../db";
import { env } from "../env";
import type { Who } from "../identity";
import { fail, type Failure } from "../rules/result";
import { RATE_LIMITED } from "./floor";
import { rateLimit, storeKey } from "./limits";

/**
 * The most streams one person or agent holds open at once: a person with several tabs, each holding the live feed (a
 * tab's one connection carries all its topics) and perhaps a subscription, or an agent long-polling several tables.
 */
export const STREAMS_PER_IDENTITY = 20;
/** The most streams one guest address holds open at once: a few watchers' tabs behind one address. */
export const STREAMS_PER_GUEST = 10;
/** The Retry-After of a stream refused for the cap: a long poll ends within WAIT_MAX_MS, a feed when its tab closes. */
export const STREAM_RETRY_AFTER_S = 10;
/** How long a hold outlives its process's last word: renewed every third of it while the stream is open. */
export const STREAM_LEASE_S = 60;
/** A resumed feed's replay costs one read of the caller's budget for each this many events read (rounded up). */
export const REPLAY_EVENTS_PER_READ = 100;

/** A place among the caller's open streams, given back by `release` (once; a second call does nothing). */
export type StreamHold = { ok: true; release: () => void };
/** A stream refused: the cap (or the opening's read) is spent; Retry-After says when to ask again. */
export type StreamRefusal = Failure & { retryAfter: number };

/** The cap of this caller: PARLEY_STREAM_LIMIT for a person or an agent, PARLEY_GUEST_STREAM_LIMIT for a guest. */
function streamCap(who: Who): number {
  const e = env();
  return who.kind === "anon"
    ? (e.PARLEY_GUEST_STREAM_LIMIT ?? STREAMS_PER_GUEST)
    : (e.PARLEY_STREAM_LIMIT ?? STREAMS_PER_IDENTITY);
}

/** A place among the open streams of `key` (the caller's rate-limit key), or the refusal once they are `streamCap`. */
export async function holdStream(db: Db, who: Who, key: string): Promise<StreamHold | StreamRefusal> {
  const cap = streamCap(who);
  const give = await storeOf(db).take(storeKey(key), cap);
  if (!give) return capRefusal(who, cap);
  let given = false;
  return {
    ok: true,
    release: () => {
      if (given) return;
      given = true;
      give();
    },
  };
}

/** Opening a feed or a subscription: one read of the caller's budget, then a place among its open streams. */
export async function openStream(db: Db, who: Who, key: string): Promise<StreamHold | StreamRefusal> {
  const spent = await rateLimit(db, key, "read");
  if (spent) return { ...RATE_LIMITED(spent.retryAfter), retryAfter: spent.retryAfter };
  return holdStream(db, who, key);
}

/**
 * A resumed feed's replay, charged to the caller's reads (REPLAY_EVENTS_PER_READ events a read) once it is read:
 * whether the budget had room. A client that keeps resuming from the oldest event spends its budget, not the server.
 */
export async function chargeReplay(db: Db, key: string, events: number): Promise<boolean> {
  const cost = Math.ceil(events / REPLAY_EVENTS_PER_READ);
  return cost === 0 || !(await rateLimit(db, key, "read", cost));
}

const capRefusal = (who: Who, cap: number): StreamRefusal => ({
  ...fail(
    "rate_limited",
    `Too many open streams ${who.kind === "anon" ? "from this address" : "for this identity"}: at most ${cap} at ` +
      `once, live feeds, subscriptions and long polls together. Close one, or try again in ${STREAM_RETRY_AFTER_S} seconds.`,
  ),
  retryAfter: STREAM_RETRY_AFTER_S,
});

/** Gives a place back. */
type Give = () => void;
type Store = { take(key: string, cap: number): Promise<Give | null> };

type Global = { parleyStreams?: WeakMap<Db, Store>; parleyStreamStores?: Set<PostgresStore> };
const g = globalThis as unknown as Global;
/** On globalThis, as the rate limiters are: the pages' copy of this module and the doors' keep one count. */
const stores = (g.parleyStreams ??= new WeakMap());
/** The PostgreSQL stores holding streams now, for releaseEveryStream. */
const holding = (g.parleyStreamStores ??= new Set());

function storeOf(db: Db): Store {
  let store = stores.get(db);
  if (!store) {
    const pool = pgPoolOf(db);
    stores.set(db, (store = pool ? new PostgresStore(pool) : memoryStore()));
  }
  return store;
}

/** The embedded database's count: this process is the only one there is. */
function memoryStore(): Store {
  const open = new Map<string, number>();
  return {
    async take(key, cap) {
      const n = open.get(key) ?? 0;
      if (n >= cap) return null;
      open.set(key, n + 1);
      return () => {
        const left = (open.get(key) ?? 1) - 1;
        if (left > 0) open.set(key, left);
        else open.delete(key);
      };
    },
  };
}

// One statement raises the count only below the cap (ON CONFLICT … WHERE reads the row as it is once locked, so two
// processes racing for the last place cannot both see room) and writes the hold with its lease.
const TAKE = `WITH counted AS (
  INSERT INTO "StreamCount" AS c (key, open) VALUES ($1, 1)
  ON CONFLICT (key) DO UPDATE SET open = c.open + 1 WHERE c.open < $2
  RETURNING c.key
)
INSERT INTO "StreamHold" (key, "expiresAt") SELECT key, now() + make_interval(secs => $3) FROM counted
RETURNING id::text AS id`;

/** Takes holds off their counts: the holds `gone` deleted (each deleted once, whoever else deletes it too). */
const TAKE_OFF = `per AS (SELECT key, count(*)::int AS n FROM gone GROUP BY key)
UPDATE "StreamCount" c SET open = GREATEST(c.open - per.n, 0) FROM per WHERE c.key = per.key`;
const RELEASE = `WITH gone AS (DELETE FROM "StreamHold" WHERE id = ANY($1::bigint[]) RETURNING key), ${TAKE_OFF}`;
const RECLAIM = `WITH gone AS (DELETE FROM "StreamHold" WHERE key = $1 AND "expiresAt" < now() RETURNING key), ${TAKE_OFF}`;
const SWEEP = `WITH gone AS (DELETE FROM "StreamHold" WHERE "expiresAt" < now() RETURNING key), ${TAKE_OFF}`;
const RENEW = `UPDATE "StreamHold" SET "expiresAt" = now() + make_interval(secs => $2) WHERE id = ANY($1::bigint[])`;

/**
 * The count every process on one PostgreSQL shares. This process renews the leases of its own holds every third of
 * STREAM_LEASE_S while it has any, and sweeps the holds whose lease ran out (a process that died); a refusal first
 * reclaims the key's own lapsed holds, so a crash never keeps its places past the lease.
 */
class PostgresStore implements Store {
  private readonly held = new Set<string>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly pool: pg.Pool) {}

  async take(key: string, cap: number): Promise<Give | null> {
    let id = await this.insert(key, cap);
    if (id === null && ((await this.pool.query(RECLAIM, [key])).rowCount ?? 0) > 0)
      id = await this.insert(key, cap);
    if (id === null) return null;
    this.held.add(id);
    this.renewing();
    return () => void this.release([id]);
  }

  private async insert(key: string, cap: number): Promise<string | null> {
    const r = await this.pool.query<{ id: string }>(TAKE, [key, cap, STREAM_LEASE_S]);
    return r.rows[0]?.id ?? null;
  }

  /** Gives holds back; one that fails (the database away) is no longer renewed, and its lease runs out. */
  async release(ids: string[]): Promise<void> {
    for (const id of ids) this.held.delete(id);
    if (!this.held.size) this.idle();
    if (!ids.length || this.ended()) return;
    await this.pool
      .query(RELEASE, [ids])
      .catch((e: unknown) => console.error("a stream's release failed:", e));
  }

  async releaseAll(): Promise<void> {
    await this.release([...this.held]);
  }

  private ended = () => (this.pool as pg.Pool & { ended?: boolean }).ended === true;

  private renewing() {
    holding.add(this);
    if (this.timer) return;
    this.timer = setInterval(() => void this.renew(), (STREAM_LEASE_S * 1000) / 3);
    this.timer.unref();
  }

  private idle() {
    holding.delete(this);
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async renew(): Promise<void> {
    if (this.ended()) return this.idle();
    try {
      await this.pool.query(RENEW, [[...this.held], STREAM_LEASE_S]);
      await this.pool.query(SWEEP);
      await this.pool.query(`DELETE FROM "StreamCount" WHERE open = 0`);
    } catch (e) {
      console.error("renewing the streams' leases failed:", e);
    }
  }
}

/** Gives back every stream this process holds (it is stopping): their places are free at once, not at their lease. */
export async function releaseEveryStream(): Promise<void> {
  await Promise.all([...holding].map((s) => s.releaseAll()));
}
