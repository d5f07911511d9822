// The database: real PostgreSQL when DATABASE_URL is set, else an embedded PGlite under ./data; one per process.
import fs from "node:fs";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient, type Prisma } from "./generated/prisma/client";
import { lockDataDir } from "./datalock";
import { env } from "./env";
import { migrate, type SqlRunner } from "./migrate";
import { preparedRows } from "./pglite";
import { startLite, type Lite, type LiteTrouble } from "./pglite-restart";

export type Db = PrismaClient;

export type Database = {
  kind: "postgres" | "pglite";
  prisma: PrismaClient;
  /** Raw SQL on the same database (migrations, the outbox tailer, db check). */
  sql: SqlRunner;
  /**
   * One SQL text (a multi-statement script when there are no values) with its rows: the job queue's bring-your-own
   * database adapter (pg-boss's `db.executeSql`), so it runs on the embedded database too.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
  /** PostgreSQL: the URL for what holds a session (migrations', the relay's advisory lock, LISTEN). */
  direct?: string;
  /** Calls `fn` when another transaction signals the outbox (NOTIFY); a wake-up only, never the carrier. */
  listen(channel: string, fn: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

/** `pglite:<dir>` or `memory://` select the embedded database; anything else is a PostgreSQL URL. */
export function databaseUrl(): string {
  return env().DATABASE_URL || `pglite:${path.join(env().PARLEY_DATA_DIR, "pglite")}`;
}

/** `direct`: the server itself when `url` is a transaction pooler (PARLEY_DATABASE_DIRECT_URL for DATABASE_URL). */
export async function openDatabase(
  url = databaseUrl(),
  opts: { migrate?: boolean; direct?: string } = {},
): Promise<Database> {
  if (url.startsWith("pglite:") || url.startsWith("memory://")) {
    const database = await openPglite(url);
    if (opts.migrate !== false) await migrate(database.sql);
    return database;
  }
  const direct = opts.direct ?? ((url === env().DATABASE_URL && env().PARLEY_DATABASE_DIRECT_URL) || url);
  if (opts.migrate !== false) await migratePostgres(direct);
  return openPostgres(url, direct);
}

/** Advisory locks belong to a session, so migrations hold one connection from lock to unlock. */
export async function migratePostgres(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await migrate({
      async exec(script) {
        await client.query(script);
      },
      async query(text, params) {
        return (await client.query(text, params as unknown[])).rows;
      },
    });
  } finally {
    await client.end();
  }
}

/**
 * Each PostgreSQL client's pool, for what shares it beside Prisma (the rate limits' store, server/http/limits.ts).
 * On globalThis: the pages (Next's bundle) and the doors (the fast lane) each load this module once in one process.
 */
const pools = ((globalThis as { parleyPools?: WeakMap<PrismaClient, pg.Pool> }).parleyPools ??=
  new WeakMap());

/** The pg pool behind a client on PostgreSQL; none on the embedded database. */
export function pgPoolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

/** The embedded database behind each of its clients, for the raw statements sent past Prisma (rawRows). */
const pglites = ((globalThis as { parleyPglites?: WeakMap<PrismaClient, Lite> }).parleyPglites ??=
  new WeakMap());

/** Why the embedded database behind a client cannot serve now (its disk is full, it stopped), for health; else null. */
export async function storageTrouble(db: Db): Promise<LiteTrouble | null> {
  return (await pglites.get(db)?.trouble()) ?? null;
}

/** How many distinct statement texts get a name; past it a statement is planned each time, as without names. */
export const NAMED_STATEMENTS_MAX = 500;
const statementNames = ((
  globalThis as { parleyStatementNames?: Map<string, string> }
).parleyStatementNames ??= new Map());

/**
 * The name a statement text is prepared under on each connection (pg keeps a connection's named statements and
 * skips the Parse the next time). PostgreSQL then plans a statement once per connection, not on every execution:
 * planning the table's read, one statement of several subqueries, costs more than running it
 * (docs/decisions/0004-prepared-statements.md). One name per text in this process, never two texts under one name;
 * the cap bounds what each server connection holds.
 */
export function statementName(
  query: { sql: string },
  names: Map<string, string> = statementNames,
  max = NAMED_STATEMENTS_MAX,
): string | undefined {
  let name = names.get(query.sql);
  if (name === undefined && names.size < max) {
    name = `parley_${names.size}`;
    names.set(query.sql, name);
  }
  return name;
}

/** A bigint as a BigInt, as Prisma reads it, whatever its size. */
const bigInt = (v: string) => BigInt(v);

/** A `timestamp` (Prisma's DateTime, kept in UTC) as the UTC instant it holds. */
const utcTimestamp = (v: string) =>
  v === "infinity" || v === "-infinity" ? v : new Date(`${v.replace(" ", "T")}Z`);

/**
 * How pg reads the columns of a raw statement as Prisma's `$queryRaw` does: a `timestamp` (Prisma's DateTime, kept
 * in UTC) as a UTC Date — pg's own reading takes it as local time — and a bigint as a BigInt; the rest as pg does
 * (json and jsonb parsed, numbers as numbers).
 */
const RAW_TYPES = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => {
    if (oid === pg.types.builtins.TIMESTAMP) return utcTimestamp;
    if (oid === pg.types.builtins.INT8) return bigInt;
    return pg.types.getTypeParser(oid, format as "text");
  }) as pg.CustomTypesConfig["getTypeParser"],
};

/**
 * The same reading on the embedded database, where PGlite's own reads a `timestamp` as local time and a bigint that
 * fits as a number.
 */
const PGLITE_TYPES = {
  [pg.types.builtins.TIMESTAMP]: utcTimestamp,
  [pg.types.builtins.INT8]: bigInt,
};

/**
 * A value as Prisma's adapter sends it: a Date as its UTC wall time without a zone (a `timestamp` column keeps UTC),
 * "2026-12-03 15:20:00.123"; a BigInt as its digits.
 */
const sendable = (v: unknown) =>
  v instanceof Date
    ? v
        .toISOString()
        .replace("T", " ")
        .replace(/(\.000)?Z$/, "")
    : typeof v === "bigint"
      ? v.toString()
      : v;

/**
 * The rows of one raw statement. Outside a transaction it goes to the driver itself: on PostgreSQL to pg, prepared
 * under the same name Prisma's adapter gives its text; on the embedded database to PGlite's own query, which waits
 * for a transaction open on its one connection as Prisma's adapter does. Prisma's client around a raw statement (its
 * request, its result's conversion by column) costs more than the driver's work on the table's read
 * (docs/decisions/0003-raw-statements.md). Inside a transaction Prisma runs it. A failure is the driver's (a unique
 * violation's code is 23505: server/actions/unique.ts reads both).
 */
export async function rawRows<T>(db: Db | Prisma.TransactionClient, query: Prisma.Sql): Promise<T[]> {
  const pool = pools.get(db as Db);
  if (!pool) {
    const lite = pglites.get(db as Db)?.client;
    if (!lite) return (db as Db).$queryRaw<T[]>(query);
    // Prepared on the embedded database's one session too (server/pglite.ts), unless PARLEY_DB_PREPARED is off.
    return preparedRows<T>(
      lite,
      query.text,
      query.values.map(sendable),
      { parsers: PGLITE_TYPES },
      env().PARLEY_DB_PREPARED ? NAMED_STATEMENTS_MAX : 0,
    );
  }
  const text = query.text;
  const r = await pool.query<T & pg.QueryResultRow>({
    name: env().PARLEY_DB_PREPARED ? statementName({ sql: text }) : undefined,
    text,
    values: query.values.map(sendable),
    types: RAW_TYPES,
  });
  return r.rows;
}

function openPostgres(url: string, direct: string): Database {
  // A server that stops answering fails a request in seconds (a 503 with Retry-After), instead of holding it open.
  const pool = new pg.Pool({
    connectionString: url,
    max: env().PARLEY_DB_POOL,
    connectionTimeoutMillis: 5_000,
  });
  // An idle connection the server drops (a restart, a terminated backend) must not take the process down:
  // the pool replaces it on the next query.
  pool.on("error", (e) => console.error(`database connection lost: ${e.message}`));
  // The adapter hands the name to pg as is, and pg runs a statement without a name unprepared: the generator's type
  // says string, but undefined (past the cap) is what pg reads as "no name".
  const named = env().PARLEY_DB_PREPARED
    ? { statementNameGenerator: statementName as (query: { sql: string }) => string }
    : {};
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, named) });
  pools.set(prisma, pool);
  const sql: SqlRunner = {
    async exec(script) {
      await pool.query(script);
    },
    async query(text, params) {
      return (await pool.query(text, params as unknown[])).rows;
    },
  };
  return {
    kind: "postgres",
    prisma,
    sql,
    async executeSql(text, values) {
      const r = await pool.query(text, values);
      // a script answers one result per statement: the last one is the answer
      return Array.isArray(r) ? (r.at(-1) ?? { rows: [] }) : r;
    },
    direct,
    listen: (channel, fn) => listenPostgres(direct, channel, fn),
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

const LISTEN_RETRY_MIN_MS = 100;
const LISTEN_RETRY_MAX_MS = 5_000;

/**
 * A LISTEN line that comes back by itself: when the connection drops it reconnects with a doubling backoff and then
 * calls `fn` once (a NOTIFY sent meanwhile is lost). Never rejects: meanwhile the tailer's polling carries events.
 */
async function listenPostgres(url: string, channel: string, fn: () => void): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let delay = LISTEN_RETRY_MIN_MS;
  const connect = async (again: boolean) => {
    // A bounded connect and TCP keepalive: a server that vanished without a word still counts as lost, and retried.
    const client = new pg.Client({
      connectionString: url,
      application_name: "parley listen",
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (current === client) current = null;
      void client.end().catch(() => {});
      if (!stopped) schedule();
    };
    client.on("notification", (m) => m.channel === channel && fn());
    client.on("error", onLost);
    client.on("end", onLost);
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      onLost();
      return;
    }
    if (stopped || lost) return void client.end().catch(() => {});
    current = client;
    delay = LISTEN_RETRY_MIN_MS;
    if (again) fn();
  };
  const schedule = () => {
    if (retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect(true);
    }, delay);
    retry.unref?.();
    delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
  };
  await connect(false);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await current?.end().catch(() => {});
  };
}

/**
 * The embedded database's shared buffers: PGlite keeps PostgreSQL's default of 128 MB and touches all of it at start
 * (docs/decisions/0016-memory-at-start.md). 32 MB holds a development database's working set many times over; the
 * rest is read back from the OS's file cache. Set at every start, and by initdb for a fresh directory.
 */
const PGLITE_SHARED_BUFFERS = "shared_buffers=32MB";
const PGLITE_MEMORY = (defaults: readonly string[]) => ({
  startParams: [...defaults, "-c", PGLITE_SHARED_BUFFERS],
  initDbStartParams: ["-c", PGLITE_SHARED_BUFFERS],
});

async function openPglite(url: string): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { PrismaPGlite } = await import("pglite-prisma-adapter");
  let dataDir: string | undefined;
  let release: () => Promise<void> = async () => {};
  if (url.startsWith("pglite:")) {
    dataDir = path.resolve(url.slice("pglite:".length));
    fs.mkdirSync(dataDir, { recursive: true }); // PGlite does not mkdir -p
    release = lockDataDir(dataDir); // a second process opening it would corrupt it silently
  }
  let lite: Lite;
  try {
    // Started again after a PANIC (a full disk), on the same data directory: server/pglite-restart.ts.
    const options = { ...(dataDir ? { dataDir } : {}), ...PGLITE_MEMORY(PGlite.defaultStartParams) };
    lite = await startLite(() => new PGlite(options), dataDir);
  } catch (e) {
    await release();
    throw e;
  }
  const db = lite.client;
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(db) });
  pglites.set(prisma, lite);
  return {
    kind: "pglite",
    prisma,
    sql: {
      async exec(script) {
        await db.exec(script);
      },
      async query(text, params) {
        return (await db.query(text, params as unknown[])).rows as never[];
      },
    },
    async executeSql(text, values) {
      if (values?.length) return db.query(text, values);
      return { rows: (await db.exec(text)).at(-1)?.rows ?? [] };
    },
    listen: (channel, fn) => lite.listen(channel, fn),
    async close() {
      await prisma.$disconnect();
      await lite.close();
      await release();
    },
  };
}

type Global = {
  parleyDb?: Promise<Database>;
  parleyReady?: Promise<void>;
  /** The database parleyDb resolved to, once it has: a request needs no promise to reach it. */
  parleyOpened?: { of: Promise<Database>; db: Database };
};
const g = globalThis as unknown as Global;

/** The process's database, opened (and migrated) on first use, never at import time: `next build` imports routes. */
export function getDatabase(): Promise<Database> {
  if (!g.parleyDb) {
    const opening: Promise<Database> = openDatabase().then(
      (db) => {
        if (g.parleyDb === opening) g.parleyOpened = { of: opening, db };
        return db;
      },
      (e) => {
        g.parleyDb = undefined; // forget a failed open so the next request retries
        throw e;
      },
    );
    g.parleyDb = opening;
  }
  return g.parleyDb;
}

/** The process's database if it has been opened already; never opens one. */
export function openedDatabase(): Promise<Database> | undefined {
  return g.parleyDb;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).prisma;
}

/**
 * The process database's client when it is open already, else null (then getDb opens it): each request of the
 * doors' floor asks, and an await it need not make is a promise and a turn of the microtask queue it does not pay.
 */
export function dbIfOpen(): Db | null {
  const o = g.parleyOpened;
  return o && o.of === g.parleyDb ? o.db.prisma : null;
}

/** Replaces the process database (tests and the CLI choose their own). */
export function setDatabase(db: Database | undefined) {
  g.parleyDb = db ? Promise.resolve(db) : undefined;
  g.parleyOpened = db ? { of: g.parleyDb!, db } : undefined;
}
