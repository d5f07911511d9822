// Statements of one kind asked while the database is busy with that kind go out as one statement. Under the act load
// each act sent three statements one after another (who asks, the table, the write), and each statement cost both
// sides a socket write, a wake-up and a pass through the executor, and each write a commit
// (docs/decisions/0005-batching.md). A load that finds the kind idle goes out at once,
// alone, so a quiet server answers as before; a load that finds it busy waits for the statements out to come back,
// and goes with every load that came meanwhile. DataLoader does the collecting (one batch at a time, each key's own
// answer or Error); this file only decides when a batch goes.
import DataLoader from "dataloader";
import type { Prisma } from "./generated/prisma/client";
import { rawRows, type Db } from "./db";

/**
 * How many statements of one kind may be out at once; a load past them waits for the next batch. One: with more out,
 * each carries fewer keys, and an act cost both sides more (docs/decisions/0005-batching.md). Each kind has its own,
 * so who asks, tables and writes still overlap.
 */
export const BATCHES_OUT = 1;
/** The most keys one statement carries; more start a second batch. */
export const BATCH_MAX = 64;
/**
 * How long a batch waits for the statements out before it goes anyway: a statement held up (a lock, a table read
 * whole for the first time, a slow moment of the database) holds up the rest of its kind no longer than this. Longer
 * than a batch's round trip under the act load (a few milliseconds), so it does not split batches there.
 */
export const BATCH_STALL_MS = 50;

/**
 * A loader whose batches go at the next tick while fewer than `out` of its batches are out, and otherwise when one
 * comes back, or after `stallMs` if none has. `run` answers each key in order, with its value or an Error for that
 * key alone (its load rejects). Nothing is cached: every load is asked of the database.
 */
export function batching<K, V>(
  run: (keys: readonly K[]) => Promise<readonly (V | Error)[]>,
  {
    out = BATCHES_OUT,
    max = BATCH_MAX,
    stallMs = BATCH_STALL_MS,
  }: { out?: number; max?: number; stallMs?: number } = {},
): DataLoader<K, V, K> {
  let sent = 0;
  const waiting: { go: () => void; stall: NodeJS.Timeout }[] = [];
  const send = (go: () => void) => {
    sent++;
    go();
  };
  const next = () => {
    sent--;
    const batch = waiting.shift();
    if (batch) {
      clearTimeout(batch.stall);
      send(batch.go);
    }
  };
  return new DataLoader<K, V, K>(
    (keys) => {
      const answered = run(keys);
      void answered.then(next, next);
      return answered as Promise<(V | Error)[]>;
    },
    {
      cache: false,
      maxBatchSize: max,
      // Called when a batch opens, before its first key is in it: it goes no sooner than the next tick, so the
      // loads of this tick join it.
      batchScheduleFn: (go) => {
        if (sent < out) {
          sent++;
          process.nextTick(go);
          return;
        }
        const batch = {
          go,
          stall: setTimeout(() => {
            waiting.splice(waiting.indexOf(batch), 1);
            send(go);
          }, stallMs),
        };
        waiting.push(batch);
      },
    },
  );
}

/** A SQLSTATE error PostgreSQL (or PGlite) raised for the statement, as opposed to a connection that failed. */
export function raisedByDatabase(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code);
}

/**
 * Runs `all` for the keys together; when the database refuses that statement (one key's turn taken, say) and there
 * was more than one key, each key is run alone, so each gets the answer it would have had by itself and no key
 * fails for another's. A connection that failed fails them all, as it would have failed each.
 */
export async function eachOrAlone<K, V>(
  keys: readonly K[],
  all: (keys: readonly K[]) => Promise<readonly V[]>,
): Promise<(V | Error)[]> {
  try {
    return [...(await all(keys))];
  } catch (e) {
    if (keys.length === 1 || !raisedByDatabase(e)) throw e;
    return Promise.all(
      keys.map((k) =>
        all([k]).then(
          ([v]) => v as V,
          (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
        ),
      ),
    );
  }
}

type Client = Db | Prisma.TransactionClient;

/**
 * A read of one row per key whose statement takes many keys (`sql`, from jsonRows: each row carries its key's
 * `r.ord` back), batched per client as above: each key gets its row, or undefined when there is none. A
 * transaction's client reads alone (it lives for one transaction and holds one connection).
 */
export function batchedRead<K, R extends object>(
  sql: (keys: readonly K[]) => Prisma.Sql,
): (db: Client, key: K) => Promise<R | undefined> {
  const inOrder = async (db: Client, keys: readonly K[]) => {
    const rows = await rawRows<R & { ord: bigint | number }>(db, sql(keys));
    const out: (R | undefined)[] = keys.map(() => undefined);
    for (const { ord, ...row } of rows) out[Number(ord) - 1] = row as unknown as R;
    return out;
  };
  const loaders = new WeakMap<object, DataLoader<K, R | undefined, K>>();
  return (db, key) => {
    if (!("$transaction" in db)) return inOrder(db, [key]).then(([row]) => row);
    let loader = loaders.get(db);
    if (!loader)
      loaders.set(db, (loader = batching((keys) => eachOrAlone(keys, (some) => inOrder(db, some)))));
    return loader.load(key);
  };
}
