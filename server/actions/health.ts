// Is this process fit to serve: it answers, its database answered one query within a couple of seconds, and the
// embedded database's disk has room for PostgreSQL's next WAL file — at most a second ago. A full disk fails writes,
// not a `SELECT 1`, so it is asked of the disk itself. Every caller shares one probe (a monitor's poll and a flood
// alike cost the database at most one `SELECT 1` a second), so the answer costs nothing to give. A "down" is never
// kept: while the database is away every call probes again, so health says "up" on the first call after it is back.
import { storageTrouble, type Db } from "../db";
import { RETRY_AFTER_S, UNAVAILABLE } from "../http/unavailable";
import { WAL_SEGMENT_BYTES } from "../pglite-restart";
import { fail, ok, type Failure, type Result } from "../rules/result";

const PING_MS = 2_000;
/** How long one probe's answer stands. */
export const PROBE_FRESH_MS = 1_000;

/** A probe, and once it has answered "up", that it did (then a caller is handed UP at once: no promise is made). */
type Probe = { at: number; answer: Promise<Health>; wasUp?: true };
const probes = new WeakMap<Db, Probe>();

/** The embedded database's disk cannot take its next WAL file: writes fail, or soon will, until space is freed. */
const DISK_FULL: Failure = fail(
  "unavailable",
  `The database's disk is out of space (under ${WAL_SEGMENT_BYTES / 1024 / 1024} MB free, too little for its next WAL file): writes fail until some is freed. Try again in ${RETRY_AFTER_S} seconds.`,
);

async function ping(db: Db): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((res) => (timer = setTimeout(() => res("late"), PING_MS)));
  try {
    return (await Promise.race([db.$queryRaw`SELECT 1`, late])) !== "late";
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The one answer of a database that is up, shared by every caller (nothing downstream writes to it). */
const UP = Object.freeze(ok(Object.freeze({ ok: true as const, database: "up" as const })));

type Health = Result<{ ok: true; database: "up" }>;

/** The disk first: a stopped embedded database is started again by the `SELECT 1` once it has room. */
async function probe(db: Db): Promise<Health> {
  if ((await storageTrouble(db).catch(() => null)) === "full") return DISK_FULL;
  return (await ping(db)) ? UP : UNAVAILABLE;
}

/**
 * `now` is the wall clock's (how fresh a probe is, not the door's clock, which a test may hold still). The answer of
 * a fresh "up" comes at once, not as a promise: the JSON API's door then answers the call without making one.
 */
export function health(db: Db, now = Date.now()): Health | Promise<Health> {
  let current = probes.get(db);
  if (!current || now - current.at >= PROBE_FRESH_MS || now < current.at) {
    const fresh: Probe = { at: now, answer: probe(db) };
    void fresh.answer.then((a) => a.ok && (fresh.wasUp = true));
    probes.set(db, (current = fresh));
  }
  return current.wasUp ? UP : answer(db, current);
}

async function answer(db: Db, current: Probe): Promise<Health> {
  const a = await current.answer;
  if (!a.ok && probes.get(db) === current) probes.delete(db);
  return a;
}
