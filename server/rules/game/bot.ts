// The house bot (§15): a negotiator that plays from what its seat can see — its charge, the public record and its
// whispers — and `now`, deterministically. It aims high and concedes along its character's curve, offers what it
// judges a quorum could accept, blocks or lets through in character, and talks a little at a time.

import { accordTable, type AccordTable } from "./accords";
import { beliefsOf, type SeatBelief } from "./beliefs";
import { actsLeft, aspiration, progressOf } from "./concession";
import { runClock, seatToAct, tallyOf, type Tally } from "./ledger";
import type { BotStrategy } from "./strategies";
import { botSaid, talkSeenOf } from "./talk";
import type { Act, Charge, Game, ProposedAct, PublicGame, Whisper } from "./types";

/**
 * All a bot may read. `charges?: never` makes handing it a whole Game a type error, so the bot cannot see another
 * seat's charge even by accident; publicGame() strips them. Whispers it neither sent nor received are ignored.
 */
export type BotInput = {
  seat: number;
  charge: Charge;
  game: PublicGame & { charges?: never };
  now: number;
  /** How it plays (default cooperative); see strategies.ts. */
  strategy?: BotStrategy;
  /** Its own seed (botLuck): the same draws on every replay. */
  luck?: Uint8Array;
  /** The whispers its seat sent or received (§12), in time order. */
  whispers?: readonly Whisper[];
};

/** The public part of a game: everything but the charges and the whispers. */
export function publicGame(game: Game | PublicGame): PublicGame {
  const { seats, charter, startedAt, turnWindowMs, deadlineMs, acts } = game;
  return { seats, charter, startedAt, turnWindowMs, deadlineMs, acts };
}

/** What another seat is judged to settle for at the end: a fallback's likely value, plus one. */
const DEMAND_END = 2;
// A seat that refused an accord wants at least this much more than it was believed to pay it.
const REFUSAL_STEP = 0.5;
// How far from its fallback + 1 toward its aspiration an offer must come before the bot lets it bind without it
// rather than block it with an offer of its own, and whether it must look set to bind: the cooperative bot lets
// through anything that beats its fallback, the bluffer what comes halfway and looks set to bind, the hard bargainer
// nothing it would not accept.
const LENIENCE: Record<BotStrategy, { share: number; setToBind: boolean } | null> = {
  cooperative: { share: 0, setToBind: false },
  bluffer: { share: 0.5, setToBind: true },
  hard: null,
};
const EPS = 1e-9;

/** What another seat is judged to demand now: its best, falling to DEMAND_END, corrected by how it has played. */
function demandOf(b: SeatBelief, progress: number): number {
  let demand = DEMAND_END + (b.best - DEMAND_END) * (1 - progress);
  if (b.refusedLevel !== null) demand = Math.max(demand, b.refusedLevel + REFUSAL_STEP);
  if (b.acceptedLevel !== null) demand = Math.min(demand, b.acceptedLevel);
  return demand;
}

/** The table as one seat reads it: its payoffs, what it believes of the others and what they demand. */
export type Reading = {
  table: AccordTable;
  own: Uint8Array;
  others: (SeatBelief | null)[];
  demands: (number | null)[];
  quorum: number;
};

/**
 * How many other seats are judged to accept the accord at index x. Every seat counts, not just a quorum's worth: a
 * seat that acts before the binding acceptance can block an offer by making its own.
 */
function reachOf(r: Reading, x: number): number {
  let n = 0;
  r.others.forEach((b, j) => {
    if (b && b.estimate[x]! >= r.demands[j]! - EPS) n++;
  });
  return n;
}

/** Reads the table for `seat` at the tally's moment. */
export function readTable(input: BotInput, t: Tally, progress: number): Reading {
  const table = accordTable(input.game.charter);
  const own = new Uint8Array(table.accords.length);
  for (const aim of input.charge.aims) {
    const m = table.matches(aim);
    if (m) for (let x = 0; x < own.length; x++) own[x]! += m[x]! * aim.weight;
  }
  const whispers = (input.whispers ?? []).filter((w) => w.from === input.seat || w.to === input.seat);
  const others = beliefsOf(table, t, input.game.acts, whispers, input.seat);
  return { table, own, others, demands: others.map((b) => b && demandOf(b, progress)), quorum: t.quorum };
}

/** The best payoff the seat judges reachable: the most an accord pays it that enough others would take at the end. */
function bestReachable(r: Reading): number {
  let top = 0;
  for (let x = 0; x < r.own.length; x++) {
    if (r.own[x]! <= top) continue;
    let n = 0;
    for (const b of r.others) if (b && b.estimate[x]! >= DEMAND_END - EPS) n++;
    if (n >= r.quorum - 1) top = r.own[x]!;
  }
  return top || Math.max(...r.own);
}

/**
 * The accord to offer: among those paying at least `floor` and not in `excluded`, the one judged likeliest to reach
 * the quorum; among those that do, the best for the bot; then the nearest to what the others demand, the most for the
 * others, the first in order. Null when no accord qualifies.
 */
function chooseOffer(r: Reading, floor: number, excluded: ReadonlySet<number>): number | null {
  let best: number | null = null;
  let key: number[] = [];
  for (let x = 0; x < r.own.length; x++) {
    const pay = r.own[x]!;
    if (pay < floor - EPS || excluded.has(x)) continue;
    const reach = reachOf(r, x);
    let shortfall = 0;
    let given = 0;
    r.others.forEach((b, j) => {
      if (!b) return;
      given += b.estimate[x]!;
      shortfall += Math.max(0, r.demands[j]! - b.estimate[x]!);
    });
    const k = [Math.min(reach, r.quorum - 1), reach, pay, -shortfall, given];
    if (best === null || greater(k, key)) [best, key] = [x, k];
  }
  return best;
}

const greater = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 1e-6) return a[i]! > b[i]!;
  return false;
};

/**
 * The accords this seat offered since the table last told it something new (a claim or a sworn aim it had not heard
 * from that seat before, in public or whispered to it): refused, so not offered again until something changes.
 */
function refusedSinceNews(r: Reading, acts: readonly Act[], seat: number, seats: number): Set<number> {
  let news = -Infinity;
  for (const b of r.others) if (b && b.newsAt > news) news = b.newsAt;
  const refused = new Set<number>();
  for (let i = seat; i < acts.length; i += seats) {
    const act = acts[i]!;
    if (act.type === "offer" && act.at > news) refused.add(r.table.indexOf(act.accord));
  }
  return refused;
}

/**
 * The house bot's act for its seat at `now`. It accepts a standing offer that pays it its aspiration; lets through
 * one its character tolerates that looks set to bind; otherwise offers the best accord it judges could bind (talking
 * first into a silent table), or passes while its own accepted offer still gathers acceptances. Out of turn, or once
 * the table is over, it passes (and check() refuses that, as it would any act).
 */
export function chooseBotAct(input: BotInput): ProposedAct {
  const { seat, charge, game, now } = input;
  const strategy = input.strategy ?? "cooperative";
  const t = tallyOf(game, null, game.acts);
  if (t.boundAt !== null) return { type: "pass" };
  runClock(t, now);
  if (now >= t.deadlineAt || seatToAct(t) !== seat) return { type: "pass" };

  const progress = progressOf(t, game.startedAt, game.deadlineMs, now);
  const r = readTable(input, t, progress);
  const asp = aspiration(strategy, bestReachable(r), charge.fallback, progress);
  const offer = t.standingOffer;
  const offered = offer ? r.table.indexOf(offer.accord) : -1;
  const said = botSaid(strategy, charge, talkSeenOf(game, seat, t), input.luck ?? new Uint8Array(32));
  const withSaid = <A extends ProposedAct>(act: A): A => (said ? { ...act, said } : act);

  // An offer made now could not gather a quorum before the deadline: only a standing offer can still bind, so the bot
  // blocks one only if it pays less than its fallback.
  const tooLate = actsLeft(t, game.startedAt, now) < t.quorum;
  if (offer && !t.acceptances.includes(seat)) {
    const pay = r.own[offered]!;
    if (pay > charge.fallback && pay >= asp - EPS) return withSaid({ type: "accept" });
    if (tooLate && pay >= charge.fallback) return withSaid({ type: "pass" });
    const lenience = LENIENCE[strategy];
    const tolerated = lenience && charge.fallback + 1 + (asp - charge.fallback - 1) * lenience.share;
    if (lenience && pay > charge.fallback && pay >= tolerated! - EPS)
      if (!lenience.setToBind || setToBind(r, t, offered, seat)) return withSaid({ type: "pass" });
  } else if (offer && (tooLate || t.count - (t.lastMoveAct ?? 0) < t.seats)) {
    // Its own accepted offer keeps its chance for a full round of silence before the bot tries another.
    return withSaid({ type: "pass" });
  }

  const choice = chooseOffer(
    r,
    Math.max(asp, charge.fallback + 1),
    refusedSinceNews(r, game.acts, seat, t.seats),
  );
  const hasSaid = t.said.some((s) => s.seat === seat && s.clause !== undefined);
  const heard = r.others.filter((b) => b && b.known > 0).length;
  if (choice === null || choice === offered || (!offer && !hasSaid && heard < t.quorum - 1))
    return withSaid({ type: "pass" });
  return withSaid({ type: "offer", accord: { ...r.table.accords[choice]! } });
}

/** Whether the standing offer looks set to bind without the seat: its acceptances and those judged to come. */
function setToBind(r: Reading, t: Tally, offered: number, seat: number): boolean {
  let coming = t.acceptances.length;
  r.others.forEach((b, j) => {
    if (!b || j === seat || t.acceptances.includes(j)) return;
    if (j === t.standingOffer?.seat || b.estimate[offered]! >= r.demands[j]! - EPS) coming++;
  });
  return coming >= t.quorum;
}
