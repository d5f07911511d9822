// Points charged ahead. On PostgreSQL an operation's charge is a round trip to the count every process shares
// (limits.ts), and for a short table's read that statement costs as much as what it guards
// (docs/decisions/0007-prepaid-charges.md). So where a caller's budget is large, a charge takes a few points more than
// the call costs, at most 1% of the budget, and this process spends them on that caller's next calls in the same
// window without asking the database again.
//
// The shared count is never behind: every point spent was counted in the database before it was spent, so no caller
// gets past its budget, however many processes serve it. What a process holds unspent is counted but unused, so a
// caller at the very edge of its budget may be refused that many calls early; held points lapse with their window.
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

/** The most points one charge takes ahead, and the share of a budget it may take. */
export const AHEAD_MAX = 32;
const AHEAD_SHARE = 100;

/** How many points a charge may take beyond its cost for a budget of `points`: none for a small budget. */
export function aheadFor(points: number): number {
  const ahead = Math.min(AHEAD_MAX, Math.floor(points / AHEAD_SHARE)) - 1;
  return ahead > 0 ? ahead : 0;
}

/** What this process holds of one key's window: points left, when the window ends, and the room last reported. */
type Held = { left: number; until: number; room: number; charging: boolean };

/** Past this many keys held, a charge first forgets those whose window has ended. */
const SWEEP_AT = 10_000;

/**
 * `limiter.consume`, charged ahead: a call whose cost this process holds is paid at once (null, no promise); any other
 * is charged to the store, with `ahead` points more when the caller's room, as the store last reported it, is at
 * least twice that and no other charge of the key is on its way. Resolves or rejects as `consume` does.
 */
export function chargedAhead(
  limiter: RateLimiterAbstract,
  ahead: number,
): (key: string, cost: number) => Promise<RateLimiterRes> | null {
  if (ahead <= 0) return (key, cost) => limiter.consume(key, cost);
  const held = new Map<string, Held>();

  async function charge(key: string, cost: number, extra: number, mine: Held): Promise<RateLimiterRes> {
    mine.charging ||= extra > 0;
    try {
      const res = await limiter.consume(key, cost + extra);
      // The store's window ends at Date.now() + msBeforeNext; points held from a window that ended lapse.
      const now = Date.now();
      if (mine.until <= now) mine.left = 0;
      mine.until = now + res.msBeforeNext;
      mine.left += extra;
      mine.room = res.remainingPoints;
      return res;
    } catch (e) {
      if (e instanceof RateLimiterRes) mine.room = mine.left = 0;
      throw e;
    } finally {
      if (extra > 0) mine.charging = false;
    }
  }

  return (key, cost) => {
    const now = Date.now();
    let mine = held.get(key);
    if (mine && mine.until <= now && !mine.charging) mine.left = mine.room = 0;
    if (mine && mine.left >= cost && mine.until > now) {
      mine.left -= cost;
      return null;
    }
    if (!mine) {
      if (held.size >= SWEEP_AT) sweep(held, now);
      held.set(key, (mine = { left: 0, until: 0, room: 0, charging: false }));
    }
    const extra = !mine.charging && mine.room >= 2 * ahead ? ahead : 0;
    return charge(key, cost, extra, mine);
  };
}

function sweep(held: Map<string, Held>, now: number) {
  for (const [key, h] of held) if (h.until <= now && !h.charging) held.delete(key);
}
