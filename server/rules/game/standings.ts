// Standings (§8): seats by payoff, ties sharing a place, with payoff − fallback; only once bound or ended.

import { derive } from "./derive";
import type { Charge, Game } from "./types";

export type Standing = { seat: number; payoff: number; overFallback: number; place: number };

/** Standings from payoffs already known (shared by standings, view and replay). */
export function standingsOf(payoffs: readonly number[], charges: readonly Charge[]): Standing[] {
  return payoffs
    .map((payoff, seat) => ({
      seat,
      payoff,
      overFallback: payoff - (charges[seat]?.fallback ?? 0),
      place: 1 + payoffs.filter((other) => other > payoff).length,
    }))
    .sort((a, b) => a.place - b.place || a.seat - b.seat);
}

/** Seats in order of payoff (ties share a place), or null while the table is still playing. */
export function standings(game: Game, now?: number): Standing[] | null {
  const { payoffs } = derive(game, now);
  return payoffs ? standingsOf(payoffs, game.charges) : null;
}
