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

type Probe = { at: number; up: Promise<boolean> };
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

/** `now` is the wall clock's (how fresh a probe is, not the door's clock, which a test may hold still). */
export async function health(db: Db, now = Date.now()): Promise<Result<{ ok: true; database: "up" }>> {
  let probe = probes.get(db);
  if (!probe || now - probe.at >= PROBE_FRESH_MS || now < probe.at) {
    probe = { at: now, up: ping(db) };
    probes.set(db, probe);
  }
  if (await probe.up) return UP;
  if (probes.get(db) === probe) probes.delete(db);
  return UNAVAILABLE;
}
