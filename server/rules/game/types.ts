// The game's data: charges, accords, acts and the ledger (a Game is plain data; the rules are functions over it).

import type { LedgerMark } from "./ledger";

/** "clause = setting": what an aim, a sworn truth, a cite or a said claim names. */
export type Claim = { clause: string; setting: string };

/** One of a seat's three secret aims. */
export type Aim = Claim & { weight: number };

/** A seat's secret: aims in the order drawn (weights 3, 2, 1) and a fallback. */
export type Charge = { aims: Aim[]; fallback: number };

/** One setting for every clause of the charter, keyed by clause. */
export type Accord = Record<string, string>;

/** Cheap talk on any act: free text and/or "I want…" claims, checked only at the reveal. */
export type Said = { text?: string; claims?: Claim[] };

/** One move in the ledger; its seat is implied by its index (see seatOfAct). */
export type Act =
  | { type: "offer"; accord: Accord; said?: Said; at: number }
  | { type: "accept"; cite?: Claim; said?: Said; at: number }
  | { type: "pass"; said?: Said; by?: "clock"; at: number };

/**
 * A whisper (§12): private talk from one seat to another, with the payload of said; not an act (it takes no turn and
 * never moves the clock). Visible to its two seats only until the reveal, when its claims are judged like said ones.
 */
export type Whisper = { from: number; to: number; at: number; text?: string; claims?: Claim[] };

/** A table once started: the deal, the clock settings and the ledger. Times are ms since the epoch. */
export type Game = {
  seats: number;
  charter: string[];
  charges: Charge[];
  startedAt: number;
  turnWindowMs: number;
  deadlineMs: number;
  acts: Act[];
  /** Private messages between two seats (§12), in time order; absent on a table that has none. */
  whispers?: Whisper[];
  /** When a moderator cancelled the table (shared/spec/access.md): it ends there, unsettled, and is revealed. */
  cancelledAt?: number;
  /**
   * A tally of the ledger's first acts kept by the caller (markLedger), which the rules go on from instead of
   * replaying them; not part of the game: a mark of other acts is ignored, and every answer is the same without.
   */
  mark?: LedgerMark;
};

/** A Game without the secrets (charges, whispers): all that the public record (and a house bot) may read. */
export type PublicGame = Omit<Game, "charges" | "whispers" | "mark">;

/** What the deal of §5 produces from a seed. */
export type Deal = { charter: string[]; charges: Charge[] };

/** What a seat asks to do; check() turns it into the Act to append (time stamped, cite resolved). */
export type ProposedAct =
  | { type: "offer"; accord: Accord; said?: Said }
  | { type: "accept"; cite?: Claim; said?: Said }
  | { type: "pass"; said?: Said };

export type Status = "playing" | "bound" | "ended" | "cancelled";

export type StandingOffer = { accord: Accord; seat: number; act: number };

/** A sworn truth: public at once, true by construction. */
export type Sworn = { seat: number; clause: string; setting: string; act: number };

/**
 * One said entry: one per claim (the act's text rides on its first claim), or a single text-only entry.
 * `truthful` is null until the reveal, then whether the claim is one of the seat's aims (null for text only).
 */
export type SaidEntry = {
  seat: number;
  act: number;
  text?: string;
  clause?: string;
  setting?: string;
  truthful: boolean | null;
};
