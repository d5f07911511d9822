// derive: the state of a table as a pure function of (ledger, now), per §6–§8.

import { runClock, seatToAct, tallyOf, turnEndsAt, type Tally } from "./ledger";
import { isOwnAim, score } from "./score";
import type { Act, Charge, Game, SaidEntry, StandingOffer, Status, Sworn } from "./types";

export type Derived = {
  status: Status;
  quorum: number;
  /** The seat index to act, while playing. */
  turn: number | null;
  /** When the seat to act can no longer act: its window's end, or the deadline if that is sooner. */
  turnEndsAt: number | null;
  deadlineAt: number;
  standingOffer: StandingOffer | null;
  /** Seats that accepted the standing offer, in the order they did. */
  acceptances: number[];
  sworn: Sworn[];
  said: SaidEntry[];
  /** By seat index, once bound (the accord's score) or ended (each fallback). */
  payoffs: number[] | null;
  boundAt: number | null;
  /** Index of the accept that bound the accord. */
  boundAct: number | null;
  endedAt: number | null;
  /** With `now`: clock passes due but not yet in the ledger, in order (the caller appends them). */
  dueClockActs: Act[];
  /** Acts in the ledger plus the due clock passes: the index the next act will take. */
  actCount: number;
  /** Time of the latest act (due clock passes included), or the start. */
  lastActAt: number;
};

/** The seat that took the act at this index: (act index) mod (seats). */
export const seatOfAct = (game: Pick<Game, "seats">, actIndex: number): number => actIndex % game.seats;

/** Turns a finished tally into the public shape; shared by derive and replay. */
export function summarize(
  t: Tally,
  dueClockActs: Act[],
  now: number | undefined,
  cancelledAt?: number,
): Derived {
  const bound = t.boundAt !== null;
  const ended = !bound && now !== undefined && now >= t.deadlineAt;
  // A moderator's cancellation ends a table still playing; one bound or past its deadline by then stays so.
  const cancelled = !bound && !ended && cancelledAt !== undefined && now !== undefined && now >= cancelledAt;
  const status: Status = bound ? "bound" : ended ? "ended" : cancelled ? "cancelled" : "playing";
  const offer = t.standingOffer;
  const charges: readonly Charge[] | null = t.charges;

  let payoffs: number[] | null = null;
  if (charges && bound && offer) payoffs = charges.map((charge) => score(charge, offer.accord));
  if (charges && ended) payoffs = charges.map((charge) => charge.fallback);

  const revealed = status !== "playing" && charges !== null;
  const said = t.said.map((entry) => {
    if (!revealed || entry.clause === undefined || entry.setting === undefined) return entry;
    return {
      ...entry,
      truthful: isOwnAim(charges[entry.seat], { clause: entry.clause, setting: entry.setting }),
    };
  });

  return {
    status,
    quorum: t.quorum,
    turn: status === "playing" ? seatToAct(t) : null,
    turnEndsAt: status === "playing" ? turnEndsAt(t) : null,
    deadlineAt: t.deadlineAt,
    standingOffer: offer ? { accord: { ...offer.accord }, seat: offer.seat, act: offer.act } : null,
    acceptances: [...t.acceptances],
    sworn: t.sworn,
    said,
    payoffs,
    boundAt: t.boundAt,
    boundAct: t.boundAct,
    endedAt: ended ? t.deadlineAt : cancelled ? cancelledAt! : null,
    dueClockActs,
    actCount: t.count,
    lastActAt: t.lastAt,
  };
}

/**
 * The state of the table. Without `now`, the ledger alone (no clock, no deadline). With `now`, as if the
 * due clock passes were appended (they are listed in dueClockActs), and ended once `now` reaches the deadline.
 */
export function derive(game: Game, now?: number): Derived {
  const t = tallyOf(game, game.charges, game.acts, game.mark);
  // Nothing happens at a cancelled table after its cancellation: the clock stops there too.
  const until = now !== undefined && game.cancelledAt !== undefined ? Math.min(now, game.cancelledAt) : now;
  const due = until === undefined ? [] : runClock(t, until);
  return summarize(t, due, until, game.cancelledAt);
}
