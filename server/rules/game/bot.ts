// The house bot: a seat that plays from its own charge and the public record only, deterministically.

import { accordsOf, sameAccord } from "./accords";
import { AIM_WEIGHTS, FALLBACK_MAX } from "./constants";
import { runClock, seatToAct, tallyOf, type Tally } from "./ledger";
import { claimOf, score } from "./score";
import { claimsFor, HARD_MARGIN, HARD_UNTIL, type BotStrategy } from "./strategies";
import type { Accord, Charge, Claim, Game, ProposedAct, PublicGame, Said } from "./types";

/**
 * All a bot may read. `charges?: never` makes handing it a whole Game a type error, so the bot cannot
 * see another seat's charge even by accident; publicGame() strips one.
 */
export type BotInput = {
  seat: number;
  charge: Charge;
  game: PublicGame & { charges?: never };
  now: number;
  /** How it plays (default cooperative); see strategies.ts. */
  strategy?: BotStrategy;
  /** Its own seed (botLuck), for a strategy that draws: the same draws on every replay. */
  luck?: Uint8Array;
};

/** The public part of a game: everything but the charges. */
export function publicGame(game: Game | PublicGame): PublicGame {
  const { seats, charter, startedAt, turnWindowMs, deadlineMs, acts } = game;
  return { seats, charter, startedAt, turnWindowMs, deadlineMs, acts };
}

/** What the bot believes another seat wants on a clause, and how much (a guess). */
type Want = { setting: string; weight: number };

// A sworn aim's weight is never public; the middle weight is the honest guess.
const SWORN_WEIGHT_GUESS = AIM_WEIGHTS[1];
// Said claims beyond the first three get the least weight.
const LATE_CLAIM_WEIGHT = Math.min(...AIM_WEIGHTS);
// Chance that a seat accepts, by what the accord is believed to pay it. A guess above the highest
// fallback is near-sure; with nothing known, a seat is a coin toss weighted against.
const ACCEPT_CHANCE_SURE = 0.9;
const ACCEPT_CHANCE_BY_GUESS = [0.1, 0.25, 0.5] as const;
const ACCEPT_CHANCE_UNKNOWN = 0.3;
// An offer expected to gather this close to the quorum without the bot is let through, not blocked:
// counter-offering it only clears its acceptances, and two such bots would cycle until the deadline.
const LET_THROUGH_MARGIN = 0.5;

/**
 * Each seat's wants as the public record shows them: said claims (first three weighed 3, 2, 1 in the order
 * said — the bot says its own aims that way) overridden by sworn truths, which are certain.
 */
function wantsBySeat(t: Tally): Map<string, Want>[] {
  const wants = Array.from({ length: t.seats }, () => new Map<string, Want>());
  for (const entry of t.said) {
    if (entry.clause === undefined || entry.setting === undefined) continue;
    const seatWants = wants[entry.seat];
    if (!seatWants) continue;
    const known = seatWants.get(entry.clause);
    const weight = known?.weight ?? AIM_WEIGHTS[seatWants.size] ?? LATE_CLAIM_WEIGHT;
    seatWants.set(entry.clause, { setting: entry.setting, weight });
  }
  for (const sworn of t.sworn) {
    const seatWants = wants[sworn.seat];
    const known = seatWants?.get(sworn.clause);
    const weight = known !== undefined && known.setting === sworn.setting ? known.weight : SWORN_WEIGHT_GUESS;
    seatWants?.set(sworn.clause, { setting: sworn.setting, weight });
  }
  return wants;
}

/** The chance the bot gives a seat with these wants of accepting the accord. */
function acceptChance(wants: Map<string, Want>, accord: Accord): number {
  if (wants.size === 0) return ACCEPT_CHANCE_UNKNOWN;
  let guess = 0;
  for (const [clause, want] of wants) if (accord[clause] === want.setting) guess += want.weight;
  if (guess > FALLBACK_MAX) return ACCEPT_CHANCE_SURE;
  // Every aim known and none met: it cannot accept at all.
  if (guess === 0 && wants.size >= AIM_WEIGHTS.length) return 0;
  return ACCEPT_CHANCE_BY_GUESS[guess] ?? ACCEPT_CHANCE_SURE;
}

/** Expected acceptances of an accord: the bot itself (if it pays) plus every other seat's chance. */
function support(seat: number, charge: Charge, wants: Map<string, Want>[], accord: Accord): number {
  let total = score(charge, accord) > charge.fallback ? 1 : 0;
  wants.forEach((seatWants, other) => {
    if (other !== seat) total += acceptChance(seatWants, accord);
  });
  return total;
}

/**
 * The accord the bot would offer: among those paying it at least `floor`, the one most likely to
 * reach the quorum, then the best for the bot, then the likeliest overall; ties go to the first in order.
 */
function bestAccord(
  t: Tally,
  seat: number,
  charge: Charge,
  wants: Map<string, Want>[],
  floor: number,
): Accord {
  let best: { accord: Accord; reach: number; pay: number; expected: number } | null = null;
  for (const accord of accordsOf(t.charter)) {
    const pay = score(charge, accord);
    if (pay < floor) continue;
    const expected = support(seat, charge, wants, accord);
    // Hundredths, so float noise cannot reorder equal guesses.
    const reach = Math.round(Math.min(expected, t.quorum) * 100);
    const roundedExpected = Math.round(expected * 100);
    if (
      best === null ||
      reach > best.reach ||
      (reach === best.reach && (pay > best.pay || (pay === best.pay && roundedExpected > best.expected)))
    ) {
      best = { accord, reach, pay, expected: roundedExpected };
    }
  }
  // Every aim met always pays more than any fallback, so `best` is set; the fallback line keeps types honest.
  return best?.accord ?? Object.fromEntries(charge.aims.map((aim) => [aim.clause, aim.setting]));
}

/** What the bot says of its aims, once: all of them truly (cooperative), its weightiest (hard), or a bluff. */
function aimsSaid(charge: Charge, strategy: BotStrategy = "cooperative", luck?: Uint8Array): Said {
  if (strategy === "hard")
    return { text: "This one I will not give up.", claims: claimsFor("hard", charge, luck) };
  if (strategy === "bluffer")
    return { text: "My aims, most wanted first.", claims: claimsFor("bluffer", charge, luck) };
  return { text: "My aims, most wanted first.", claims: charge.aims.map(claimOf) };
}

/**
 * The least an accord must pay the bot for it to accept or offer it: more than its fallback; a hard bargainer
 * holds out for HARD_MARGIN over it until HARD_UNTIL of the game's time has gone.
 */
function floorOf(strategy: BotStrategy, charge: Charge, game: PublicGame, now: number): number {
  const late = now - game.startedAt >= HARD_UNTIL * game.deadlineMs;
  return charge.fallback + (strategy === "hard" && !late ? HARD_MARGIN : 1);
}

/**
 * The house bot's act for its seat at `now`: accept a standing offer that pays more than its fallback;
 * let through (pass) one it cannot accept but that looks set to bind without it; otherwise offer the
 * accord likeliest to reach the quorum that pays it more than its fallback (after a first round of talk
 * if the table has said nothing), and pass while an offer it accepted is still gathering acceptances.
 * It says its aims truthfully, once. Out of turn, or once the table is over, it passes (and check()
 * refuses that, as it would any act).
 */
export function chooseBotAct(input: BotInput): ProposedAct {
  const { seat, charge, game, now } = input;
  const strategy = input.strategy ?? "cooperative";
  const t = tallyOf(game, null, game.acts);
  if (t.boundAt !== null) return { type: "pass" };
  runClock(t, now);
  if (now >= t.deadlineAt || seatToAct(t) !== seat) return { type: "pass" };

  const hasSaid = t.said.some((entry) => entry.seat === seat && entry.clause !== undefined);
  const withSaid = <A extends ProposedAct>(act: A): A =>
    hasSaid ? act : { ...act, said: aimsSaid(charge, strategy, input.luck) };
  const offer = t.standingOffer;
  const accepted = offer !== null && t.acceptances.includes(seat);
  const floor = floorOf(strategy, charge, game, now);

  if (offer && !accepted && score(charge, offer.accord) >= floor) {
    return withSaid({ type: "accept" });
  }

  const wants = wantsBySeat(t);
  const othersKnown = wants.filter((w, other) => other !== seat && w.size > 0).length;
  if (!offer && !hasSaid && othersKnown < t.quorum - 1) return withSaid({ type: "pass" });

  if (offer && !accepted) {
    const pending = wants.reduce(
      (sum, seatWants, other) =>
        other === seat || t.acceptances.includes(other) ? sum : sum + acceptChance(seatWants, offer.accord),
      t.acceptances.length,
    );
    if (pending >= t.quorum - LET_THROUGH_MARGIN) return withSaid({ type: "pass" });
  }

  const best = bestAccord(t, seat, charge, wants, floor);
  if (offer && accepted) {
    // Its own accepted offer keeps its chance for a full round of silence before the bot gives up on it.
    const stale = t.count - (t.lastMoveAct ?? 0) >= t.seats;
    if (!stale || sameAccord(best, offer.accord)) return withSaid({ type: "pass" });
  }
  return withSaid({ type: "offer", accord: best });
}

/** The claims a cooperative bot would say for a charge (exported for tests: its said is always true). */
export const botClaims = (charge: Charge): Claim[] => aimsSaid(charge).claims ?? [];
