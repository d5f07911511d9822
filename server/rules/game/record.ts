// The table's record (§11): the whole table as JSON after the reveal, and its zod shape for offline replay.

import { z } from "zod";
import { instantText } from "../span";
import type { Accord, Act, Charge, Claim, Game, Said, Whisper } from "./types";

/** An act as the record writes it: its time as ISO 8601; its seat is implied by the turn order. */
export type RecordAct =
  | { type: "offer"; accord: Accord; said?: Said; at: string }
  | { type: "accept"; cite?: Claim; said?: Said; at: string }
  | { type: "pass"; said?: Said; by?: "clock"; at: string };

/** A whisper as the record writes it (§12): its seats by index, its time as ISO 8601. */
export type RecordWhisper = { from: number; to: number; at: string; text?: string; claims?: Claim[] };

export type TableRecord = {
  /** The seats' names, in seat order. */
  seats: string[];
  charter: string[];
  charges: Charge[];
  startedAt: string;
  turnWindowMs: number;
  deadlineMs: number;
  /** Hex, when the table was dealt from one. */
  seed?: string;
  /** When a moderator cancelled the table, if one did: it ended there (shared/spec/access.md). */
  cancelledAt?: string;
  acts: RecordAct[];
  /** Every whisper, in time order, once revealed (§12); absent when there were none. */
  whispers?: RecordWhisper[];
};

const copySaid = (said: Said): Said => ({
  ...(said.text !== undefined ? { text: said.text } : {}),
  ...(said.claims ? { claims: said.claims.map((c) => ({ clause: c.clause, setting: c.setting })) } : {}),
});

/** One act in the record's form (keys in the order §11 shows). */
export function recordAct(act: Act): RecordAct {
  const said = act.said ? { said: copySaid(act.said) } : {};
  const at = instantText(act.at);
  if (act.type === "offer") return { type: "offer", accord: { ...act.accord }, ...said, at };
  if (act.type === "accept") {
    const cite = act.cite ? { cite: { clause: act.cite.clause, setting: act.cite.setting } } : {};
    return { type: "accept", ...cite, ...said, at };
  }
  return { type: "pass", ...said, ...(act.by === "clock" ? { by: "clock" as const } : {}), at };
}

/** One whisper in the record's form (keys in the order §12 shows). */
export function recordWhisper(w: Whisper): RecordWhisper {
  return {
    from: w.from,
    to: w.to,
    at: instantText(w.at),
    ...(w.text !== undefined ? { text: w.text } : {}),
    ...(w.claims ? { claims: w.claims.map((c) => ({ clause: c.clause, setting: c.setting })) } : {}),
  };
}

/** The record of a table: names by seat (a missing name becomes "seat N"), and the seed once revealed. */
export function toRecord(game: Game, names: string[], seed?: string): TableRecord {
  return {
    seats: Array.from({ length: game.seats }, (_, seat) => names[seat] ?? `seat ${seat + 1}`),
    charter: [...game.charter],
    charges: game.charges.map((charge) => ({
      aims: charge.aims.map((aim) => ({ clause: aim.clause, setting: aim.setting, weight: aim.weight })),
      fallback: charge.fallback,
    })),
    startedAt: instantText(game.startedAt),
    turnWindowMs: game.turnWindowMs,
    deadlineMs: game.deadlineMs,
    ...(seed !== undefined ? { seed } : {}),
    ...(game.cancelledAt !== undefined ? { cancelledAt: instantText(game.cancelledAt) } : {}),
    acts: game.acts.map(recordAct),
    ...(game.whispers?.length ? { whispers: game.whispers.map(recordWhisper) } : {}),
  };
}

const ZInstant = z.iso.datetime({ offset: true, error: "must be an ISO 8601 time" });
const ZClaim = z.object({ clause: z.string(), setting: z.string() });
const ZSaid = z.object({ text: z.string().optional(), claims: z.array(ZClaim).optional() });
const notByClock = z.never({ error: "only a pass can be the clock's" }).optional();

/** The record's shape; the rules themselves (charter, charges, acts) are checked by replay. */
export const ZTableRecord = z.object({
  seats: z.array(z.string()),
  charter: z.array(z.string()),
  charges: z.array(
    z.object({
      aims: z.array(z.object({ clause: z.string(), setting: z.string(), weight: z.number() })),
      fallback: z.number(),
    }),
  ),
  startedAt: ZInstant,
  turnWindowMs: z.number(),
  deadlineMs: z.number(),
  seed: z.string().optional(),
  cancelledAt: ZInstant.optional(),
  acts: z.array(
    z.discriminatedUnion(
      "type",
      [
        z.object({
          type: z.literal("offer"),
          accord: z.record(z.string(), z.string()),
          said: ZSaid.optional(),
          by: notByClock,
          at: ZInstant,
        }),
        z.object({
          type: z.literal("accept"),
          cite: ZClaim.optional(),
          said: ZSaid.optional(),
          by: notByClock,
          at: ZInstant,
        }),
        z.object({
          type: z.literal("pass"),
          said: ZSaid.optional(),
          by: z.literal("clock").optional(),
          at: ZInstant,
        }),
      ],
      { error: "an act's type is offer, accept or pass" },
    ),
  ),
  whispers: z
    .array(
      z.object({
        from: z.number(),
        to: z.number(),
        at: ZInstant,
        text: z.string().optional(),
        claims: z.array(ZClaim).optional(),
      }),
    )
    .optional(),
});
