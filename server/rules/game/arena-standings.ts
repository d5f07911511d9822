// The arena's standings (§14, §16) across finished tables, from their ledgers (derive), never kept as a tally: per
// player its seats, bound tables, payoffs, sworn and judged claims, a rating with its uncertainty (OpenSkill, over
// the tables in the order given), the mean payoff over fallback with its 95% confidence interval, and its faults.

import { rate, rating as newRating, type Rating } from "openskill";
import { derive } from "./derive";
import type { Game } from "./types";
import { whispered } from "./whisper";

/** What kind of fault made an outside program's seat pass (§16). */
export const FAULT_KINDS = ["late", "malformed", "refused", "exited"] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** One fault at one table: the seat, the index of the act it became (a pass; a dropped whisper's act stood). */
export type ArenaFault = { seat: number; act: number; kind: FaultKind; reason: string };

/** How many of a player's faults the standings list with their reasons (all are counted). */
export const FAULTS_LISTED = 100;

export type PlayerFaults = Record<FaultKind, number> & {
  /** The first FAULTS_LISTED, in order, with the table's number and the reason. */
  log: (ArenaFault & { table: number })[];
};

/** One player's record across its tables (a player is a label: "bot:hard", say). */
export type ArenaStanding = {
  player: string;
  /** Seats it held, one per table it sat at (a player may hold two seats of one table). */
  seats: number;
  /** Of those, how many sat at a table that bound. */
  bound: number;
  meanPayoff: number;
  meanOverFallback: number;
  /** The 95% confidence interval of meanOverFallback (Student's t over its seats); null with fewer than two. */
  overFallbackCi: { low: number; high: number } | null;
  /** Its skill as OpenSkill rates it (mu) and the rating's uncertainty (sigma, one standard deviation). */
  rating: { mu: number; sigma: number };
  /** Truths it swore by accepting. */
  sworn: number;
  /** Said and whispered claims it made, and the share judged true at the reveal (null with none). */
  claims: number;
  honesty: number | null;
  /** An outside program's faults by kind (§16); null for a strategy that cannot commit one. */
  faults: PlayerFaults | null;
};

/** One seat's record at one finished table, from its ledger: what `derive` says at the table's end. */
export type SeatRecord = {
  bound: boolean;
  payoff: number;
  fallback: number;
  overFallback: number;
  /** Truths it swore by accepting. */
  sworn: number;
  /** Said and whispered claims it made, and how many the reveal judged true. */
  claims: number;
  truths: number;
};

/** Every seat's record at a finished table (a table still in play is read as at its deadline). */
export function seatRecords(game: Game): SeatRecord[] {
  const d = derive(game, game.startedAt + game.deadlineMs);
  const whispers = whispered(game, true);
  return game.charges.map((charge, seat) => {
    const payoff = d.payoffs?.[seat] ?? charge.fallback;
    let claims = 0;
    let truths = 0;
    for (const said of d.said)
      if (said.seat === seat && said.clause !== undefined) {
        claims++;
        if (said.truthful) truths++;
      }
    // Whispered claims (§12) are judged at the reveal like said ones, and count the same.
    for (const w of whispers)
      if (w.from === seat) {
        claims++;
        if (w.truthful) truths++;
      }
    return {
      bound: d.status === "bound",
      payoff,
      fallback: charge.fallback,
      overFallback: payoff - charge.fallback,
      sworn: d.sworn.filter((s) => s.seat === seat).length,
      claims,
      truths,
    };
  });
}

// Student's t at 97.5% for 1–30 degrees of freedom; past 30 the Cornish–Fisher term below is within 0.003 of it.
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];
const Z975 = 1.959964;
const t975 = (df: number) => T975[df - 1] ?? Z975 + (Z975 ** 3 + Z975) / (4 * df);

/**
 * The 95% interval of a mean from n values with this sum and sum of squares: mean ± t·s/√n, Student's t for n − 1
 * degrees of freedom (so a player with few seats shows the wide interval it has); null for fewer than two values.
 */
export function meanInterval(n: number, sum: number, squares: number): { low: number; high: number } | null {
  if (n < 2) return null;
  const mean = sum / n;
  const variance = Math.max(0, (squares - n * mean * mean) / (n - 1));
  const half = t975(n - 1) * Math.sqrt(variance / n);
  return { low: round(mean - half), high: round(mean + half) };
}

/**
 * Each player's OpenSkill rating after the tables in the order given. A table is a free-for-all between the players
 * at it, ranked by payoff over fallback (equal payoffs tie); a player holding several seats of one table plays it
 * once, with the mean of its seats. A table with one player only teaches nothing and is skipped.
 */
export function ratingsOf(
  tables: readonly { players: readonly string[]; records: readonly SeatRecord[] }[],
): Map<string, Rating> {
  const ratings = new Map<string, Rating>();
  for (const { players, records } of tables) {
    const at = new Map<string, { sum: number; n: number }>();
    players.forEach((p, seat) => {
      const a = at.get(p) ?? { sum: 0, n: 0 };
      a.sum += records[seat]!.overFallback;
      a.n++;
      at.set(p, a);
    });
    if (at.size < 2) continue;
    const who = [...at.keys()];
    const rated = rate(
      who.map((p) => [ratings.get(p) ?? newRating()]),
      { score: who.map((p) => at.get(p)!.sum / at.get(p)!.n) },
    );
    who.forEach((p, i) => ratings.set(p, rated[i]![0]!));
  }
  return ratings;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The standings across finished tables, from their ledgers: best mean payoff over fallback first, then honesty,
 * then the label. Ratings follow the tables in the order given (oldest first). An outside program (`cmd:`) has its
 * faults counted by kind; anyone else has none.
 */
export function standingsAcross(
  tables: readonly { players: readonly string[]; game: Game; faults?: readonly ArenaFault[] }[],
): ArenaStanding[] {
  type Sums = {
    seats: number;
    bound: number;
    payoff: number;
    over: number;
    squares: number;
    sworn: number;
    claims: number;
    truths: number;
    faults: PlayerFaults | null;
  };
  const by = new Map<string, Sums>();
  const recorded = tables.map((t) => ({ players: t.players, records: seatRecords(t.game) }));
  tables.forEach(({ players, faults }, table) => {
    const { records } = recorded[table]!;
    players.forEach((player, seat) => {
      const r = by.get(player) ?? {
        seats: 0,
        bound: 0,
        payoff: 0,
        over: 0,
        squares: 0,
        sworn: 0,
        claims: 0,
        truths: 0,
        faults: player.startsWith("cmd:") ? { late: 0, malformed: 0, refused: 0, exited: 0, log: [] } : null,
      };
      const s = records[seat]!;
      r.seats++;
      if (s.bound) r.bound++;
      r.payoff += s.payoff;
      r.over += s.overFallback;
      r.squares += s.overFallback * s.overFallback;
      r.sworn += s.sworn;
      r.claims += s.claims;
      r.truths += s.truths;
      by.set(player, r);
    });
    for (const f of faults ?? []) {
      const r = by.get(players[f.seat]!)?.faults;
      if (!r) continue;
      r[f.kind]++;
      if (r.log.length < FAULTS_LISTED) r.log.push({ table, ...f });
    }
  });
  const ratings = ratingsOf(recorded);
  return [...by.entries()]
    .map(([player, r]) => {
      const rated = ratings.get(player) ?? newRating();
      return {
        player,
        seats: r.seats,
        bound: r.bound,
        meanPayoff: round(r.payoff / r.seats),
        meanOverFallback: round(r.over / r.seats),
        overFallbackCi: meanInterval(r.seats, r.over, r.squares),
        rating: { mu: round(rated.mu), sigma: round(rated.sigma) },
        sworn: r.sworn,
        claims: r.claims,
        honesty: r.claims ? round(r.truths / r.claims) : null,
        faults: r.faults,
      };
    })
    .sort(
      (a, b) =>
        b.meanOverFallback - a.meanOverFallback ||
        (b.honesty ?? -1) - (a.honesty ?? -1) ||
        a.player.localeCompare(b.player),
    );
}
