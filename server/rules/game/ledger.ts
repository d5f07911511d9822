// The running tally of a ledger: one pass over the acts (O(1) each) that derive, check, replay and the bot share.

import { quorumFor } from "./constants";
import { claimOf, swearable } from "./score";
import type { Accord, Act, Aim, Charge, Claim, PublicGame, SaidEntry, StandingOffer, Sworn } from "./types";
import { frozen } from "../frozen";

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

/**
 * The ledger replayed into a fresh tally, trusting every act; from `mark` on, when it is a mark of this ledger's
 * first acts (resumeAt), so only the acts after it are applied.
 */
export function tallyOf(
  terms: TableTerms,
  charges: readonly Charge[] | null,
  acts: readonly Act[],
  mark?: LedgerMark,
): Tally {
  return applyRest((mark && resumeAt(terms, charges, acts, mark)) || openTally(terms, charges), acts);
}

/** Applies the acts the tally has not counted yet. */
function applyRest(t: Tally, acts: readonly Act[]): Tally {
  for (let i = t.count; i < acts.length; i++) {
    if (t.boundAt !== null) break; // nothing after binding can count; a trusted ledger has none
    applyAct(t, acts[i]!);
  }
  return t;
}

/**
 * A ledger's tally kept to go on from: the acts it counted (the same objects) and the tally after them. A server
 * that keeps a table's acts between reads keeps one, so each read and act applies only the acts written since,
 * not the whole ledger again (its replay was the rules' share of an act's CPU). Made by markLedger; never changed:
 * resuming copies it. It holds no charge.
 */
export type LedgerMark = {
  readonly acts: readonly Act[];
  readonly startedAt: number;
  readonly tally: Readonly<Omit<Tally, "charges">>;
};

/** A mark of `game`'s whole ledger (going on from game.mark where that is one of its first acts). */
export function markLedger(
  game: TableTerms & { charges: readonly Charge[]; acts: readonly Act[]; mark?: LedgerMark },
): LedgerMark | undefined {
  const resumed = game.mark ? resumeAt(game, game.charges, game.acts, game.mark) : null;
  // An accept without its cite takes the default from the seat's charge: a mark of one would carry that charge
  // into every tally resumed from it, charges or not. Stored accepts carry their cite; a hand-written ledger may
  // not. (A mark resumed from has none: only the acts after it are looked at.)
  for (let i = resumed?.count ?? 0; i < game.acts.length; i++) {
    const act = game.acts[i]!;
    if (act.type === "accept" && !act.cite) return undefined;
  }
  const t = resumed ?? openTally(game, game.charges);
  const [said, sworn] = [t.said.length, t.sworn.length];
  applyRest(t, game.acts);
  // Frozen, down to each entry a Derived hands out: the entries are shared with every tally resumed from it (those
  // of the mark resumed from are frozen already).
  for (let i = said; i < t.said.length; i++) frozen(t.said[i]);
  for (let i = sworn; i < t.sworn.length; i++) Object.freeze(t.sworn[i]);
  const tally = Object.freeze({
    ...t,
    charges: undefined,
    standingOffer: t.standingOffer && Object.freeze(t.standingOffer),
    acceptances: Object.freeze(t.acceptances),
    sworn: Object.freeze(t.sworn),
    said: Object.freeze(t.said),
  }) as unknown as LedgerMark["tally"];
  return Object.freeze({ acts: game.acts, startedAt: game.startedAt, tally });
}

/** A copy of the mark's tally to go on from, or null when the mark is not of these terms and these first acts. */
function resumeAt(
  terms: TableTerms,
  charges: readonly Charge[] | null,
  acts: readonly Act[],
  mark: LedgerMark,
): Tally | null {
  const m = mark.tally;
  if (
    m.count !== mark.acts.length ||
    mark.startedAt !== terms.startedAt ||
    m.seats !== terms.seats ||
    m.windowMs !== terms.turnWindowMs ||
    m.deadlineAt !== terms.startedAt + terms.deadlineMs ||
    m.charter.length !== terms.charter.length ||
    m.charter.some((c, i) => c !== terms.charter[i])
  )
    return null;
  // The same act objects, in the same places: what was counted is what is there (acts are never changed).
  if (mark.acts !== acts) for (let i = 0; i < m.count; i++) if (mark.acts[i] !== acts[i]) return null;
  // Written out in openTally's order, so every tally has one shape (a spread of the frozen mark made another).
  return {
    seats: m.seats,
    quorum: m.quorum,
    charter: terms.charter,
    charges,
    windowMs: m.windowMs,
    deadlineAt: m.deadlineAt,
    count: m.count,
    lastAt: m.lastAt,
    boundAt: m.boundAt,
    boundAct: m.boundAct,
    standingOffer: m.standingOffer,
    acceptances: [...m.acceptances],
    lastMoveAct: m.lastMoveAct,
    sworn: [...m.sworn],
    swornClauses: m.swornClauses.map((clauses) => new Set(clauses)),
    said: [...m.said],
  };
}
