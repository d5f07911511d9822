// Who at a table is told what (shared/spec/notifications.md, "What notifies whom"), as a pure function of the ledger
// before and after an append, and of the clock for reminders. The doors turn a notice into a notification for the
// identity in that seat; `once` keys a notice so writing it twice (two sweepers, a retried append) tells once.
import { derive, type Derived } from "./derive";
import type { Game } from "./types";

export type GameNotice = {
  seat: number;
  kind: "started" | "turn" | "clock" | "offer" | "bound" | "ended" | "reminder";
  /** Unique per table and seat: the same notice derived twice is written once. */
  once: string;
};

/** The longest lead of a reminder before a turn window ends. */
export const REMINDER_LEAD_MAX_MS = 3_600_000;
/** The share of a window a shorter one is reminded before its end: a quarter. */
export const REMINDER_LEAD_SHARE = 4;

/** How long before a turn window ends its seat is reminded: 1 h, or a quarter of the window if that is shorter. */
export const reminderLeadMs = (turnWindowMs: number) =>
  Math.min(REMINDER_LEAD_MAX_MS, Math.floor(turnWindowMs / REMINDER_LEAD_SHARE));

const everySeat = (seats: number) => Array.from({ length: seats }, (_, s) => s);

/** A table just started: every seat is told, and the first seat that it is its turn. */
export function noticesAtStart(game: Game): GameNotice[] {
  return [
    ...everySeat(game.seats).map((seat) => ({ seat, kind: "started" as const, once: "started" })),
    { seat: 0, kind: "turn", once: "turn:0" },
  ];
}

/**
 * What `appended` (acts written at the end of `game.acts`, due clock passes first) tells whom, at `now`: the clock
 * passed for a seat; an offer stands that the others may accept; the accord bound or the table ended (every seat,
 * once `finished` says this append is the one that noted the end); else whose turn it is now.
 */
export function noticesAfter(
  game: Game,
  appended: readonly Game["acts"][number][],
  now: number,
  finished: boolean,
  /** derive of the ledger after the append at `now`, when the caller has it (else derived here). */
  derived?: Derived,
) {
  const notices: GameNotice[] = [];
  const first = game.acts.length;
  appended.forEach((act, i) => {
    const index = first + i;
    const seat = index % game.seats;
    if (act.type === "pass" && act.by === "clock")
      notices.push({ seat, kind: "clock", once: `clock:${index}` });
  });
  const after = derived ?? derive({ ...game, acts: [...game.acts, ...appended] }, now);
  if (finished && after.status !== "playing") {
    const kind = after.status === "bound" ? "bound" : "ended";
    return [
      ...notices,
      ...everySeat(game.seats).map((seat) => ({ seat, kind, once: "finished" }) as GameNotice),
    ];
  }
  if (after.status !== "playing" || after.turn === null || appended.length === 0) return notices;
  const offer = after.standingOffer;
  if (offer && offer.act >= first)
    for (const seat of everySeat(game.seats))
      if (seat !== offer.seat && seat !== after.turn && !after.acceptances.includes(seat))
        notices.push({ seat, kind: "offer", once: `offer:${offer.act}` });
  notices.push({ seat: after.turn, kind: "turn", once: `turn:${after.actCount}` });
  return notices;
}

/** The reminder due at `now`, if the seat to act is within its lead of the window's end and has not acted. */
export function reminderDue(game: Game, now: number): GameNotice | null {
  const d = derive(game, now);
  if (d.status !== "playing" || d.turn === null || d.turnEndsAt === null || d.dueClockActs.length)
    return null;
  if (d.turnEndsAt - now > reminderLeadMs(game.turnWindowMs) || d.turnEndsAt <= now) return null;
  return { seat: d.turn, kind: "reminder", once: `reminder:${d.actCount}` };
}
