// The rate limits, one library (rate-limiter-flexible), counted where every process of the app sees the same count:
// on PostgreSQL its store is the "RateLimit" table of the app's own database (prisma/schema.prisma, created by a
// migration), reached through the app's pg pool, so two processes on one database spend one budget; on the embedded
// database (PGlite, one process only: a second process cannot open it) the store is this process's memory, which
// is then shared by every request there is, by definition. Each counts points in a fixed window of a minute.
import { createHash } from "node:crypto";
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { pgPoolOf, type Db } from "../db";
import { env } from "../env";
import { nameKey } from "../names";
import { aheadFor, chargedAhead } from "./prepaid";

/** Sign-in attempts a minute per account name (whether the name exists or not) and per client address. */
export const SIGN_IN_PER_NAME = 5;
export const SIGN_IN_PER_ADDRESS = 20;
/** Accounts one address may try to create a minute, and tries at one name. */
export const SIGN_UP_PER_ADDRESS = 10;
export const SIGN_UP_PER_NAME = 5;

const WINDOW_S = 60;

type Counter = "read" | "write" | "sign-in-name" | "sign-in-address" | "sign-up-name" | "sign-up-address";

/** A counter's limiter, and its charge: for an operation's, charged ahead where the store is a round trip. */
type Limiter = {
  limiter: RateLimiterAbstract;
  charge: (key: string, cost: number) => Promise<RateLimiterRes> | null;
};

/**
 * The limiters of one database, made on first use: one per counter and budget (the budget is read each call). On
 * globalThis, so the pages' copy of this module (Next's bundle: sign-in) and the doors' (the fast lane: sign-up,
 * every operation) spend the same budgets in one process.
 */
const limiters = ((globalThis as { parleyLimiters?: WeakMap<Db, Map<string, Limiter>> }).parleyLimiters ??=
  new WeakMap());

function limiter(db: Db, counter: Counter, points: number): Limiter {
  let mine = limiters.get(db);
  if (!mine) limiters.set(db, (mine = new Map()));
  const id = `${counter}/${points}`;
  let found = mine.get(id);
  if (!found) {
    const pool = pgPoolOf(db);
    const common = { keyPrefix: counter, points, duration: WINDOW_S };
    const store = pool
      ? new RateLimiterPostgres({
          ...common,
          storeClient: pool,
          storeType: "pool",
          tableName: "RateLimit",
          tableCreated: true, // by the migration, never by the library
          // A key over its budget is refused from memory until its window ends: a flood costs no round trips.
          inMemoryBlockOnConsumed: points + 1,
        })
      : new RateLimiterMemory(common);
    // Operations' counts may be charged ahead (prepaid.ts); sign-in and sign-up attempts, whose budgets are a few
    // tries, are charged one by one, and so is any count kept in this process's memory, which costs no round trip.
    const ahead = pool && (counter === "read" || counter === "write") ? aheadFor(points) : 0;
    found = { limiter: store, charge: chargedAhead(store, ahead) };
    mine.set(id, found);
  }
  return found;
}

/** The store's keys are at most 255 characters; a longer one (a long name, say) is kept as its digest. */
export const storeKey = (key: string) =>
  key.length <= 200 ? key : `sha256:${createHash("sha256").update(key).digest("hex")}`;

export type Spent = { retryAfter: number };

/** A charge: null at once when this process already holds the points (prepaid.ts), else the store's answer. */
function spend(
  db: Db,
  counter: Counter,
  points: number,
  key: string,
  cost = 1,
): Promise<Spent | null> | null {
  const charged = limiter(db, counter, points).charge(storeKey(key), cost);
  return charged && settled(charged);
}

async function settled(charged: Promise<RateLimiterRes>): Promise<Spent | null> {
  try {
    await charged;
    return null;
  } catch (e) {
    if (e instanceof RateLimiterRes) return { retryAfter: Math.max(1, Math.ceil(e.msBeforeNext / 1000)) };
    throw e; // the store failed (the database is away): the door answers as it does for any such error
  }
}

/** The later of two refusals (both budgets are charged either way), or none. */
const later = (a: Spent | null, b: Spent | null): Spent | null =>
  a && b ? (a.retryAfter >= b.retryAfter ? a : b) : (a ?? b);

/**
 * An operation's charge against its caller: writes get PARLEY_RATE_LIMIT a minute, reads ten times that. Null at once
 * when the points were charged ahead (prepaid.ts).
 */
export function rateLimit(
  db: Db,
  key: string,
  kind: "read" | "write",
  cost = 1,
): Promise<Spent | null> | null {
  return spend(db, kind, perMinute(kind), key, cost);
}

const perMinute = (kind: "read" | "write") => env().PARLEY_RATE_LIMIT * (kind === "read" ? 10 : 1);

/**
 * Whether an operation's charge will wait on the database: not on the embedded database (its store is memory), and
 * not for a key the limiter already refuses from memory until its window ends (inMemoryBlockOnConsumed).
 */
export function chargeWaits(db: Db, key: string, kind: "read" | "write"): boolean {
  if (!pgPoolOf(db)) return false;
  // The library's own check (RateLimiterStoreAbstract), public in its code though not in its types.
  const found = limiter(db, kind, perMinute(kind)).limiter as RateLimiterAbstract & InMemoryBlocks;
  return !(found.getInMemoryBlockMsBeforeExpire?.(found.getKey(storeKey(key))) ?? 0);
}

type InMemoryBlocks = { getInMemoryBlockMsBeforeExpire?: (rlKey: string) => number };

/**
 * A sign-in or sign-up attempt, charged to the name it is for (compared as names are, so "BOSS" and "boss" share
 * one count) and to the client's address; refused when either is spent.
 */
export async function authLimit(
  db: Db,
  what: "sign-in" | "sign-up",
  name: string,
  address: string,
): Promise<Spent | null> {
  const [perName, byDefault] =
    what === "sign-in" ? [SIGN_IN_PER_NAME, SIGN_IN_PER_ADDRESS] : [SIGN_UP_PER_NAME, SIGN_UP_PER_ADDRESS];
  // Many people behind one address (an office, a test run) may need more than the default.
  const perAddress = env().PARLEY_AUTH_ADDRESS_LIMIT ?? byDefault;
  const [byName, byAddress] = await Promise.all([
    spend(db, `${what}-name`, perName, nameKey(name)),
    spend(db, `${what}-address`, perAddress, address),
  ]);
  return later(byName, byAddress);
}
