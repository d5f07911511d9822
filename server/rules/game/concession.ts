// A house bot's aspiration over the table's own clock (§15): from the best payoff it judges reachable down to its
// fallback + 1 by its last turn, along its character's curve. Pure: time is an argument.

import type { Tally } from "./ledger";
import type { BotStrategy } from "./strategies";

/**
 * The exponent of each character's curve: aspiration = floor + (top − floor) · (1 − progress^exponent). Above 1 the
 * bot holds out and concedes late (a Boulware curve); below 1 it concedes early.
 */
export const CONCESSION_EXPONENT: Record<BotStrategy, number> = {
  hard: 5,
  bluffer: 1,
  cooperative: 0.5,
};

/** Rounds before the deadline by which a bot has conceded all it will: an offer needs a round to gather a quorum. */
export const ENDGAME_ROUNDS = 2;

/**
 * How far through the table the seat is, from 0 at the start to 1 some ENDGAME_ROUNDS before the deadline: the time
 * gone over the time there is until then. A round's length is the mean gap between acts so far (a window at most)
 * times the seats, so a quick table of bots and a slow table of people both reach 1 while an accord can still bind,
 * and a 24 h table and a 1 h table concede alike.
 */
export function progressOf(t: Tally, startedAt: number, deadlineMs: number, now: number): number {
  const gap = t.count > 0 ? Math.min((t.lastAt - startedAt) / t.count, t.windowMs) : 0;
  const end = Math.max(deadlineMs / 2, deadlineMs - ENDGAME_ROUNDS * t.seats * gap);
  return Math.min(1, Math.max(0, (now - startedAt) / end));
}

/** The least payoff the bot takes now: its fallback + 1 at the end, `top` at the start. */
export function aspiration(strategy: BotStrategy, top: number, fallback: number, progress: number): number {
  const floor = fallback + 1;
  if (top <= floor) return floor;
  return floor + (top - floor) * (1 - progress ** CONCESSION_EXPONENT[strategy]);
}

/**
 * How many acts the table is expected to take before its deadline, at the mean gap between acts so far (a window at
 * most per act): fewer than a quorum, and an offer made now cannot gather its acceptances in time.
 */
export function actsLeft(t: Tally, startedAt: number, now: number): number {
  const gap = t.count > 0 ? Math.min((t.lastAt - startedAt) / t.count, t.windowMs) : t.windowMs;
  return gap > 0 ? Math.floor((t.deadlineAt - now) / gap) : Infinity;
}
