// The rate limits, one library (rate-limiter-flexible), counted where every process of the app sees the same count:
// on PostgreSQL its store is the "RateLimit" table of the app's own database (prisma/schema.prisma, created by a
// migration), reached through the app's pg pool, so two processes on one database spend one budget; on the embedded
// database (PGlite, one process only: a second process cannot open it) the store is this process's memory, which
// is then shared by every request there is, by definition. Each counts points in a fixed window (a minute, but for
// the failed sign-ins' longer ones).
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

/** Sign-in attempts a minute from one client address, whatever the names (PARLEY_AUTH_ADDRESS_LIMIT when set). */
export const SIGN_IN_PER_ADDRESS = 20;
/** Failed sign-ins at one name from one address in SIGN_IN_PAIR_WINDOW_S; a success from there clears them. */
export const SIGN_IN_FAILS_PER_NAME_AND_ADDRESS = 5;
export const SIGN_IN_PAIR_WINDOW_S = 900;
/**
 * Failed sign-ins at one name, from every address that never signed in to it, in SIGN_IN_NAME_WINDOW_S: the slow
 * limit on guessing spread over many addresses. One address alone never reaches it (at most
 * SIGN_IN_FAILS_PER_NAME_AND_ADDRESS in each of the pair windows an hour overlaps: 25 < 30), so failures from one
 * address never lock its owner out, and an address that signed in to the name before is never held by it.
 */
export const SIGN_IN_FAILS_PER_NAME = 30;
export const SIGN_IN_NAME_WINDOW_S = 3_600;
/**
 * How long an address that signed in to a name stays known to it (every sign-in from there renews it). Under the
 * 24.8 days a timer can wait: the memory store (the embedded database's) forgets a key by a timer, and a longer one
 * fires at once.
 */
export const SIGN_IN_KNOWN_ADDRESS_S = 20 * 86_400;
/** Accounts one address may try to create a minute, and tries at one name. */
export const SIGN_UP_PER_ADDRESS = 10;
export const SIGN_UP_PER_NAME = 5;

const WINDOW_S = 60;

type Counter =
  | "read"
  | "write"
  | "sign-in-address"
  | "sign-in-fails-pair"
  | "sign-in-fails-name"
  | "sign-in-known"
  | "sign-up-name"
  | "sign-up-address"
  | "oauth-register"
  | "oauth-token";

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

function limiter(db: Db, counter: Counter, points: number, duration = WINDOW_S): Limiter {
  let mine = limiters.get(db);
  if (!mine) limiters.set(db, (mine = new Map()));
  const id = `${counter}/${points}/${duration}`;
  let found = mine.get(id);
  if (!found) {
    const pool = pgPoolOf(db);
    const common = { keyPrefix: counter, points, duration };
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
  duration = WINDOW_S,
): Promise<Spent | null> | null {
  const charged = limiter(db, counter, points, duration).charge(storeKey(key), cost);
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
 * A sign-up attempt, charged to the name it is for (compared as names are, so "BOSS" and "boss" share one count) and
 * to the client's address; refused when either is spent.
 */
export async function authLimit(
  db: Db,
  what: "sign-up",
  name: string,
  address: string,
): Promise<Spent | null> {
  // Many people behind one address (an office, a test run) may need more than the default.
  const perAddress = env().PARLEY_AUTH_ADDRESS_LIMIT ?? SIGN_UP_PER_ADDRESS;
  const [byName, byAddress] = await Promise.all([
    spend(db, `${what}-name`, SIGN_UP_PER_NAME, nameKey(name)),
    spend(db, `${what}-address`, perAddress, address),
  ]);
  return later(byName, byAddress);
}

/**
 * An OAuth client's registration or token request (server/oauth/router.ts), charged to the client's address: `per`
 * a minute, or PARLEY_AUTH_ADDRESS_LIMIT when set (many clients behind one address).
 */
export function oauthLimit(
  db: Db,
  what: "oauth-register" | "oauth-token",
  address: string,
  per: number,
): Promise<Spent | null> | null {
  return spend(db, what, env().PARLEY_AUTH_ADDRESS_LIMIT ?? per, address);
}

/** A sign-in let through to the password check, to be told how it went. */
export type SignInTry = { settle(succeeded: boolean): Promise<void> };

/**
 * A sign-in attempt at `name` (checked: accounts.ts signInName) from `address`, before its password is checked —
 * rate-limiter-flexible's "login endpoint protection": every attempt is charged to the address (a minute's
 * SIGN_IN_PER_ADDRESS); each is taken as a failure of the name × address pair and, from an address that never signed
 * in to the name, of the name, until it is told otherwise (`settle`): a success clears the pair's failures, gives the
 * name's point back and remembers the address as the name's own. So failures slow the address that fails and its
 * pairs, never the right password from an address that has not failed; and the name's slower limit, against guessing
 * spread over many addresses, never holds an address the owner signed in from before. Refused: the longest wait.
 */
export async function signInLimit(
  db: Db,
  name: string,
  address: string,
): Promise<{ refused: Spent } | SignInTry> {
  const perAddress = env().PARLEY_AUTH_ADDRESS_LIMIT ?? SIGN_IN_PER_ADDRESS;
  const byAddress = await spend(db, "sign-in-address", perAddress, address);
  if (byAddress) return { refused: byAddress };
  const key = nameKey(name);
  // The pair is kept as a digest: the store never holds which addresses try which names.
  const pair = createHash("sha256").update(`${key}\u0000${address}`).digest("base64url");
  const PAIR = ["sign-in-fails-pair", SIGN_IN_FAILS_PER_NAME_AND_ADDRESS, SIGN_IN_PAIR_WINDOW_S] as const;
  const NAME = ["sign-in-fails-name", SIGN_IN_FAILS_PER_NAME, SIGN_IN_NAME_WINDOW_S] as const;
  const known = limiter(db, "sign-in-known", 1, SIGN_IN_KNOWN_ADDRESS_S).limiter;
  // Tried first: an address its own failures hold is refused before it can spend the name's count.
  const [byPair, isKnown] = await Promise.all([
    spend(db, PAIR[0], PAIR[1], pair, 1, PAIR[2]),
    known.get(pair).then((r) => !!r && r.consumedPoints > 0),
  ]);
  if (byPair) return { refused: byPair };
  const byName = isKnown ? null : await spend(db, NAME[0], NAME[1], key, 1, NAME[2]);
  if (byName) {
    // Not this pair's failure: the attempt never reached a password.
    await limiter(db, ...PAIR).limiter.reward(pair, 1);
    return { refused: byName };
  }
  return {
    async settle(succeeded) {
      if (!succeeded) return;
      await Promise.all([
        limiter(db, ...PAIR).limiter.delete(pair),
        isKnown ? null : limiter(db, ...NAME).limiter.reward(storeKey(key), 1),
        known.set(pair, 1, SIGN_IN_KNOWN_ADDRESS_S),
      ]);
    },
  };
}
