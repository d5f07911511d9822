// Is this process fit to serve: it answers, and its database answered one query within a couple of seconds, at
// most a second ago. Every caller shares one probe (a monitor's poll and a flood alike cost the database at most
// one `SELECT 1` a second), so the answer costs nothing to give. A "down" is never kept: while the database is away
// every call probes again, so health says "up" on the first call after it is back.
import type { Db } from "../db";
import { UNAVAILABLE } from "../http/unavailable";
import { ok, type Result } from "../rules/result";

const PING_MS = 2_000;
/** How long one probe's answer stands. */
export const PROBE_FRESH_MS = 1_000;

/** A probe, and once it has answered "up", that it did (then a caller is handed UP at once: no promise is made). */
type Probe = { at: number; up: Promise<boolean>; wasUp?: true };
const probes = new WeakMap<Db, Probe>();

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

/**
 * `now` is the wall clock's (how fresh a probe is, not the door's clock, which a test may hold still). The answer of
 * a fresh "up" comes at once, not as a promise: the JSON API's door then answers the call without making one.
 */
export function health(db: Db, now = Date.now()): Health | Promise<Health> {
  let probe = probes.get(db);
  if (!probe || now - probe.at >= PROBE_FRESH_MS || now < probe.at) {
    const fresh: Probe = { at: now, up: ping(db) };
    void fresh.up.then((up) => up && (fresh.wasUp = true));
    probes.set(db, (probe = fresh));
  }
  return probe.wasUp ? UP : answer(db, probe);
}

async function answer(db: Db, probe: Probe): Promise<Health> {
  if (await probe.up) return UP;
  if (probes.get(db) === probe) probes.delete(db);
  return UNAVAILABLE;
}
