// check: whether a seat may take a proposed act now (§6, §7), and the normalized Act to append if so.

import { fail, type Failure, type Result } from "../result";
import { derive, summarize, type Derived } from "./derive";
import { judgeAct } from "./judge";
import { applyAct, runClock, seatToAct, tallyOf, turnEndsAt, type Tally } from "./ledger";
import { instantText } from "../span";
import type { Act, Game } from "./types";

/** Whether `seat` is a seat index of this game. */
export const isSeatOf = (game: Pick<Game, "seats">, seat: unknown): seat is number =>
  typeof seat === "number" && Number.isInteger(seat) && seat >= 0 && seat < game.seats;

/**
 * The table at `now` as a tally (clock applied), or the reason no seat can act at all: a `now` before
 * the ledger's latest act, a bound accord, or a passed deadline. Also tells which seats the clock passed for.
 */
export function tallyAt(game: Game, now: number): { t: Tally; due: Act[]; clockedFrom: number } | Failure {
  if (!Number.isFinite(now)) return fail("invalid", "The time of an act must be a number of milliseconds.");
  const t = tallyOf(game, game.charges, game.acts, game.mark);
  if (t.boundAt !== null)
    return fail("conflict", "The accord is bound and the table is settled; no more acts are taken.");
  if (game.cancelledAt !== undefined && now >= game.cancelledAt)
    return fail("conflict", "A moderator cancelled this table; no more acts are taken.");
  if (now < t.lastAt)
    return fail("conflict", "The ledger already holds a later act; reload the table and try again.");
  const clockedFrom = t.count;
  const due = runClock(t, now);
  if (now >= t.deadlineAt) {
    return fail(
      "conflict",
      `The deadline passed at ${instantText(t.deadlineAt)} and the table ended unsettled; no more acts are taken.`,
    );
  }
  return { t, due, clockedFrom };
}

/** Why `seat` cannot act at all now (turn, window), or null if it is its turn. */
export function turnProblem(t: Tally, due: readonly Act[], clockedFrom: number, seat: number): string | null {
  if (seatToAct(t) === seat) return null;
  // The latest clock pass that was this seat's: its window ran out rather than never having come.
  for (let i = due.length - 1; i >= 0; i--) {
    if ((clockedFrom + i) % t.seats === seat) {
      return `Your turn window ran out at ${instantText(due[i]?.at ?? t.lastAt)} and the clock passed for you; wait for your next turn.`;
    }
  }
  return `It is not your turn; the seat to act has until ${instantText(turnEndsAt(t))}.`;
}

/**
 * The Act to append for this seat's proposal at `now`, or one sentence why not. Due clock passes are
 * applied first, so the caller must append derive(game, now).dueClockActs (with their own `at`) and then
 * this act: its index, and so its turn, is game.acts.length + dueClockActs.length. An accept comes back
 * with its cite resolved (§6 default rule), said comes back trimmed, and `at` is `now`.
 */
export function check(game: Game, seat: number, proposed: unknown, now: number): Result<Act> {
  return judged(game, seat, proposed, now, false).checked;
}

/**
 * check's answer and derive(game, now).dueClockActs, the clock passes an append writes first whether or not the act
 * is taken, and, when it is taken, the table after it: derive of the ledger with those passes and the act appended,
 * at `now`. All from one pass over the ledger where check's own tally gets that far (every append asked all three,
 * and each replayed the whole ledger).
 */
export function checkWithDue(
  game: Game,
  seat: number,
  proposed: unknown,
  now: number,
): { checked: Result<Act>; due: Act[]; after: Derived | null } {
  const { checked, due, after } = judged(game, seat, proposed, now, true);
  // Where no seat can act (a bad seat, bound, cancelled, past the deadline, a time before the ledger's), derive says.
  return { checked, due: due ?? derive(game, now).dueClockActs, after };
}

/**
 * check's answer, the due clock passes where its tally ran the clock (null where it did not get that far), and the
 * table after a taken act (when asked: check alone does not pay for it).
 */
function judged(
  game: Game,
  seat: number,
  proposed: unknown,
  now: number,
  withAfter: boolean,
): { checked: Result<Act>; due: Act[] | null; after: Derived | null } {
  if (!isSeatOf(game, seat))
    return {
      checked: fail("invalid", `Seat must be a seat index from 0 to ${game.seats - 1}.`),
      due: null,
      after: null,
    };
  const state = tallyAt(game, now);
  if ("ok" in state) return { checked: state, due: null, after: null };
  const { due } = state;
  const problem = turnProblem(state.t, due, state.clockedFrom, seat);
  if (problem !== null) return { checked: fail("conflict", problem), due, after: null };
  const act = judgeAct(state.t, seat, proposed, now);
  if (!act.ok) return { checked: act, due, after: null };
  if (bindsBeforeAWhisper(state.t, act.value, game.whispers?.at(-1)?.at))
    return { checked: WHISPERED_LATER, due, after: null };
  if (!withAfter) return { checked: act, due, after: null };
  // The act at `now` opens a window that ends after `now`, and tallyAt refused a table cancelled by `now`, so no
  // clock pass falls due after it: what derive would add to this tally is the act alone.
  applyAct(state.t, act.value);
  return { checked: act, due, after: summarize(state.t, [], now, game.cancelledAt) };
}

/**
 * Whispers are sent only before the table's end (§12), and binding ends it: an accept that would bind at or before
 * the latest whisper's moment would leave that whisper after the end, so it waits for a later moment (a retry).
 */
function bindsBeforeAWhisper(t: Tally, act: Act, lastWhisperAt: number | undefined): boolean {
  if (lastWhisperAt === undefined || act.at > lastWhisperAt || act.type !== "accept") return false;
  return t.acceptances.length + 1 >= t.quorum;
}

export const WHISPERED_LATER = fail(
  "conflict",
  "A whisper was sent at this very moment, and the accord cannot bind before it; act once more.",
);
