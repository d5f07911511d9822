// The running tally of a ledger: one pass over the acts (O(1) each) that derive, check, replay and the bot share.

import { quorumFor } from "./constants";
import { claimOf, swearable } from "./score";
import type { Accord, Act, Aim, Charge, Claim, PublicGame, SaidEntry, StandingOffer, Sworn } from "./types";

/** The table's fixed terms: what a tally needs besides the acts. */
export type TableTerms = Pick<PublicGame, "seats" | "charter" | "startedAt" | "turnWindowMs" | "deadlineMs">;

/**
 * Mutable only inside the function that opened it; every public function opens its own, so the rules stay
 * pure from the outside. `charges` is null for a tally of the public record alone (the house bot's).
 */
export type Tally = {
  readonly seats: number;
  readonly quorum: number;
  readonly charter: readonly string[];
  readonly charges: readonly Charge[] | null;
  readonly windowMs: number;
  readonly deadlineAt: number;
  /** Acts applied so far; also the index of the next act. */
  count: number;
  /** Time of the latest act, or the start: the current window is measured from it. */
  lastAt: number;
  boundAt: number | null;
  /** Index of the accept that bound the standing offer. */
  boundAct: number | null;
  standingOffer: StandingOffer | null;
  acceptances: number[];
  /** Index of the latest offer or accept (the bot reads a long silence as a stale offer). */
  lastMoveAct: number | null;
  sworn: Sworn[];
  /** Per seat, the clauses it has sworn (the default cite prefers an aim not sworn before). */
  swornClauses: Set<string>[];
  said: SaidEntry[];
};

export function openTally(terms: TableTerms, charges: readonly Charge[] | null): Tally {
  return {
    seats: terms.seats,
    quorum: quorumFor(terms.seats),
    charter: terms.charter,
    charges,
    windowMs: terms.turnWindowMs,
    deadlineAt: terms.startedAt + terms.deadlineMs,
    count: 0,
    lastAt: terms.startedAt,
    boundAt: null,
    boundAct: null,
    standingOffer: null,
    acceptances: [],
    lastMoveAct: null,
    sworn: [],
    swornClauses: Array.from({ length: terms.seats }, () => new Set<string>()),
    said: [],
  };
}

/** The seat whose turn it is: (number of acts) mod (number of seats). */
export const seatToAct = (t: Tally): number => t.count % t.seats;

/** When the seat to act can no longer act: its window's end, or the deadline if that comes first. */
export const turnEndsAt = (t: Tally): number => Math.min(t.lastAt + t.windowMs, t.deadlineAt);

/** The default cite of §6: the first swearable aim in charter order not sworn before, else the first. */
export function defaultCite(t: Tally, seat: number, charge: Charge, accord: Accord): Aim | undefined {
  const aims = swearable(charge, accord);
  return aims.find((aim) => !t.swornClauses[seat]?.has(aim.clause)) ?? aims[0];
}

/** Applies an act already judged legal (or read from a trusted ledger). */
export function applyAct(t: Tally, act: Act): void {
  const seat = seatToAct(t);
  const index = t.count;
  if (act.type === "offer") {
    t.standingOffer = { accord: act.accord, seat, act: index };
    t.acceptances = [];
    t.lastMoveAct = index;
  } else if (act.type === "accept" && t.standingOffer !== null) {
    t.acceptances.push(seat);
    t.lastMoveAct = index;
    // A stored accept always carries its cite; resolving a missing one keeps hand-written ledgers honest.
    const charge = t.charges?.[seat];
    const cite: Claim | undefined =
      act.cite ?? (charge ? defaultCite(t, seat, charge, t.standingOffer.accord) : undefined);
    if (cite) {
      t.sworn.push({ seat, clause: cite.clause, setting: cite.setting, act: index });
      t.swornClauses[seat]?.add(cite.clause);
    }
    if (t.acceptances.length >= t.quorum) {
      t.boundAt = act.at;
      t.boundAct = index;
    }
  }
  const said = act.said;
  if (said) {
    const claims = said.claims ?? [];
    if (claims.length === 0 && said.text !== undefined) {
      t.said.push({ seat, act: index, text: said.text, truthful: null });
    }
    claims.forEach((claim, i) => {
      const entry: SaidEntry = { seat, act: index, ...claimOf(claim), truthful: null };
      if (i === 0 && said.text !== undefined) entry.text = said.text;
      t.said.push(entry);
    });
  }
  t.count = index + 1;
  t.lastAt = act.at;
}

/**
 * Applies the clock of §7 up to `now`: while the table is unbound, each window that ran out before the
 * deadline and by `now` becomes a pass by the clock at exactly (previous time + window).
 */
export function runClock(t: Tally, now: number): Act[] {
  const due: Act[] = [];
  while (t.boundAt === null) {
    const at = t.lastAt + t.windowMs;
    if (at > now || at >= t.deadlineAt) break;
    const pass: Act = { type: "pass", by: "clock", at };
    applyAct(t, pass);
    due.push(pass);
  }
  return due;
}

/** The ledger replayed into a fresh tally, trusting every act. */
export function tallyOf(terms: TableTerms, charges: readonly Charge[] | null, acts: readonly Act[]): Tally {
  const t = openTally(terms, charges);
  for (const act of acts) {
    if (t.boundAt !== null) break; // nothing after binding can count; a trusted ledger has none
    applyAct(t, act);
  }
  return t;
}
