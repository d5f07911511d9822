// The embedded database started again after a PANIC, as PostgreSQL's postmaster restarts after one. A full disk when
// PostgreSQL opens its next WAL file (16 MB at once) is a PANIC; the PGlite that took it spins forever on its next
// statement, and would freeze this whole process. So it is sent nothing more: what asks meanwhile is refused at once
// (a 503), and a new PGlite is started on the same data directory — crash recovery replays what was committed — as
// soon as the disk has room for it again.
import fs from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { RETRY_AFTER_S } from "./http/unavailable";
import { forgetPrepared } from "./pglite";

/** What PostgreSQL allocates whole when its WAL moves on: with less free, the embedded database cannot go on writing. */
export const WAL_SEGMENT_BYTES = 16 * 1024 * 1024;
/** After a start that failed, the next is tried no sooner than this: a start blocks the process for a second or so. */
const RESTART_GAP_MS = RETRY_AFTER_S * 1000;

/** Why the embedded database cannot serve now: its disk is short of a WAL file, or it stopped and has not started. */
export type LiteTrouble = "full" | "stopped";

export type Lite = {
  /**
   * Stands for the PGlite in service, for whoever holds one (Prisma's adapter, the raw statements): each call goes
   * to the running instance, and after a PANIC to a new one, started first.
   */
  readonly client: PGlite;
  /** Asks the disk, and whether the instance stopped; starts nothing (the next statement does). */
  trouble(): Promise<LiteTrouble | null>;
  /** LISTEN that outlives a restart: after one, `fn` is called once, since a NOTIFY sent meanwhile is lost. */
  listen(channel: string, fn: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

/**
 * The refusal while the embedded database is stopped: PostgreSQL's own "cannot connect now" (a 503 at every door),
 * as PGlite's own error class, so Prisma's adapter reads its code as it reads PostgreSQL's.
 */
async function refusal(): Promise<(why: string) => Error> {
  const { messages } = await import("@electric-sql/pglite"); // loaded already: the caller made a PGlite
  return (why) =>
    Object.assign(
      new messages.DatabaseError(
        `the embedded database is starting up again after a PANIC (${why})`,
        0,
        "error",
      ),
      { severity: "ERROR", code: "57P03" },
    );
}

/** A PANIC or FATAL ends PostgreSQL's backend: in PGlite, the instance. */
const isFatal = (e: unknown) =>
  ["PANIC", "FATAL"].includes((e as { severity?: unknown } | null)?.severity as string);

async function freeBytes(dir: string): Promise<number> {
  const s = await fs.promises.statfs(dir);
  return s.bavail * s.bsize;
}

/** Frees an instance that never started: its runtime's exit clears the timers that would hold the process up. */
function discard(lite: PGlite) {
  try {
    (lite as unknown as { mod?: { _emscripten_force_exit(code: number): void } }).mod?._emscripten_force_exit(
      0,
    );
  } catch {
    /* the runtime's exit is thrown as an ExitStatus */
  }
}

/** `create` makes a PGlite on `dataDir` (none: in memory, where nothing is restarted). Rejects if the first start fails. */
export async function startLite(create: () => PGlite, dataDir: string | undefined): Promise<Lite> {
  const stoppedError = await refusal();
  let current = create();
  try {
    await current.waitReady;
  } catch (e) {
    discard(current);
    throw e;
  }
  let stopped: { why: string; closed: Promise<void> } | null = null;
  let restarting: Promise<PGlite> | null = null;
  let failedAt = -Infinity;
  const listeners = new Set<{ channel: string; fn: () => void; off: (() => Promise<void>) | null }>();

  // Every statement reaches PostgreSQL through the instance's execProtocolRawSync; a PANIC comes back through
  // execProtocol or execProtocolStream. Once one has, the instance is sent nothing more.
  const watch = (lite: PGlite) => {
    let dead: string | null = null;
    const rawSync = lite.execProtocolRawSync.bind(lite);
    lite.execProtocolRawSync = (message) => {
      if (dead !== null) throw stoppedError(dead);
      return rawSync(message);
    };
    for (const key of ["execProtocol", "execProtocolStream"] as const) {
      const exec = lite[key].bind(lite) as (...args: unknown[]) => Promise<never>;
      (lite as unknown as Record<string, unknown>)[key] = async (...args: unknown[]) => {
        try {
          return await exec(...args);
        } catch (e) {
          if (isFatal(e) && dead === null) {
            dead = (e as Error).message;
            console.error(`The embedded database stopped: ${dead}. It starts again once its disk has room.`);
            // Closing sends no statement (they are refused now): it ends the runtime, its memory and its timers.
            stopped = { why: dead, closed: lite.close().catch(() => {}) };
          }
          throw e;
        }
      };
    }
  };

  const restart = (): Promise<PGlite> =>
    (restarting ??= (async () => {
      const was = stopped!;
      if (!dataDir || performance.now() - failedAt < RESTART_GAP_MS) throw stoppedError(was.why);
      if ((await freeBytes(dataDir)) < WAL_SEGMENT_BYTES) throw stoppedError(was.why);
      await was.closed;
      const next = create();
      try {
        await next.waitReady;
      } catch {
        discard(next);
        failedAt = performance.now();
        throw stoppedError(was.why);
      }
      watch(next);
      forgetPrepared(client);
      current = next;
      stopped = null;
      console.error("The embedded database started again.");
      for (const l of listeners) {
        l.off = await next.listen(l.channel, l.fn).catch(() => null);
        l.fn();
      }
      return next;
    })().finally(() => (restarting = null)));

  const client = new Proxy({} as PGlite, {
    get(_, key) {
      const lite = current;
      const value = Reflect.get(lite, key, lite) as unknown;
      if (typeof value !== "function") return value;
      const call: (...args: unknown[]) => unknown = !stopped
        ? value.bind(lite)
        : async (...args) => {
            const next = await restart();
            return (Reflect.get(next, key, next) as (...a: unknown[]) => unknown).apply(next, args);
          };
      return key === "transaction" ? committed(call as PGlite["transaction"]) : call;
    },
  });
  watch(current);

  return {
    client,
    async trouble() {
      if (dataDir && (await freeBytes(dataDir)) < WAL_SEGMENT_BYTES) return "full";
      return stopped ? "stopped" : null;
    },
    async listen(channel, fn) {
      const l = { channel, fn, off: null as (() => Promise<void>) | null };
      listeners.add(l);
      l.off = await client.listen(channel, fn).catch(() => null);
      return async () => {
        listeners.delete(l);
        await l.off?.().catch(() => {});
      };
    },
    async close() {
      await restarting?.catch(() => {});
      if (stopped) await stopped.closed;
      else await current.close();
    },
  };
}

/**
 * `transaction` whose failed COMMIT reaches Prisma. pglite-prisma-adapter 0.7.2 hands the transaction's failure to
 * `.catch((e) => reject(e))` on a promise it resolved already, so its `commit()` resolved though COMMIT failed: a
 * write acknowledged and never made (the bug prisma/orm#29155 fixed in the PlanetScale adapter). Here the promise's
 * own `catch` still rejects once the transaction was handed out — `commit()` and `rollback()` await it — and is
 * marked handled, for the rare transaction no one ends.
 */
function committed(transaction: PGlite["transaction"]): PGlite["transaction"] {
  return (callback) => {
    let handedOut = false;
    const done = transaction((tx) => {
      handedOut = true;
      return callback(tx);
    });
    return Object.assign(done, {
      catch(onRejected: (e: unknown) => unknown) {
        const loud = done.then(undefined, (e: unknown) => {
          onRejected(e);
          if (handedOut) throw e;
        });
        loud.then(undefined, () => {});
        return loud;
      },
    }) as typeof done;
  };
}
