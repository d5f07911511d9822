// Whispers (§12): private talk between two seats. One judgement serves a seat sending one (checkWhisper) and a record
// replayed offline (replay); one redaction (viewWhispers) decides what each viewer reads of them.

import { fail, ok, type Failure, type Result } from "../result";
import { instantText } from "../span";
import { isSeatOf } from "./check";
import { WHISPERS_PER_SEAT } from "./constants";
import { derive } from "./derive";
import { isRecord, readSaid } from "./proposal";
import { claimOf, isOwnAim } from "./score";
import type { Claim, Game, Whisper } from "./types";

export type WhisperTerms = { seats: number; charter: readonly string[]; startedAt: number };

/** The moment a table stops taking whispers, as the ledger stands: the binding act's, else the deadline or a cancellation. */
export function whispersEndAt(game: Game): number {
  const bound = derive(game).boundAt;
  if (bound !== null) return bound;
  return Math.min(game.startedAt + game.deadlineMs, game.cancelledAt ?? Infinity);
}

/**
 * Why `from` may send no whisper at `at` whatever it says — before the start, at or after the end, earlier than the
 * latest whisper, or its WHISPERS_PER_SEAT spent — or null. The same answer is the view's `mayWhisper` and the check's.
 */
export function whisperProblem(
  terms: WhisperTerms,
  prior: readonly Whisper[],
  endsAt: number,
  from: number,
  at: number,
): Failure | null {
  if (at < terms.startedAt)
    return fail(
      "conflict",
      `This whisper is at ${instantText(at)}, before the table started (${instantText(terms.startedAt)}).`,
    );
  if (at >= endsAt)
    return fail(
      "conflict",
      `The table ended at ${instantText(endsAt)}; whispers are sent only while it plays.`,
    );
  const last = prior.at(-1);
  if (last && at < last.at) {
    return fail(
      "conflict",
      `This whisper is at ${instantText(at)}, before the whisper before it (${instantText(last.at)}); whispers are in time order.`,
    );
  }
  if (prior.filter((w) => w.from === from).length >= WHISPERS_PER_SEAT)
    return fail(
      "conflict",
      `This seat has sent all ${WHISPERS_PER_SEAT} whispers a seat may send at one table.`,
    );
  return null;
}

/**
 * The whisper that `raw` ({to, text?, claims?}) from seat `from` at `at` becomes, or one sentence why not: given the
 * whispers before it (in time order) and the moment the table ends. Shape first (invalid), then time and the per-seat
 * limit (conflict), in the order §12 lists them.
 */
export function judgeWhisper(
  terms: WhisperTerms,
  prior: readonly Whisper[],
  endsAt: number,
  from: number,
  raw: unknown,
  at: number,
): Result<Whisper> {
  if (!isSeatOf(terms, from))
    return fail("invalid", `A whisper's sender must be a seat index from 0 to ${terms.seats - 1}.`);
  const to = isRecord(raw) ? raw.to : undefined;
  if (!isSeatOf(terms, to)) return fail("invalid", `Whisper to a seat index from 0 to ${terms.seats - 1}.`);
  if (to === from) return fail("invalid", "A whisper goes to another seat, not to your own.");
  const payload = readSaid(
    terms.charter,
    isRecord(raw) ? { text: raw.text, claims: raw.claims } : raw,
    "whisper",
  );
  if (!payload.ok) return payload;
  if (!payload.value) return fail("invalid", "A whisper needs text or a claim; an empty one is not sent.");
  if (!Number.isFinite(at)) return fail("invalid", "The time of a whisper must be a number of milliseconds.");
  const problem = whisperProblem(terms, prior, endsAt, from, at);
  if (problem) return problem;
  return ok({ from, to, at, ...payload.value });
}

/** What the view answers a seat: true, or why it may send no whisper now (§12). */
export function mayWhisper(game: Game, from: number, now: number): true | string {
  return whisperProblem(game, game.whispers ?? [], whispersEndAt(game), from, now)?.message ?? true;
}

/** A seat's whisper at `now` to the seat `raw.to` names, judged against the table as it stands (§12). */
export function checkWhisper(game: Game, from: number, raw: unknown, now: number): Result<Whisper> {
  return judgeWhisper(game, game.whispers ?? [], whispersEndAt(game), from, raw, now);
}

/** One claim of one whisper (its index), as replay prints it: `truthful` once revealed, null before. */
export type WhisperedClaim = {
  whisper: number;
  from: number;
  to: number;
  clause: string;
  setting: string;
  truthful: boolean | null;
};

/** Every claim of every whisper, in order, each judged once revealed (null before), as replay prints them. */
export function whispered(game: Pick<Game, "charges" | "whispers">, revealed: boolean): WhisperedClaim[] {
  return (game.whispers ?? []).flatMap((w, whisper) =>
    (w.claims ?? []).map((c) => ({
      whisper,
      from: w.from,
      to: w.to,
      clause: c.clause,
      setting: c.setting,
      truthful: revealed ? isOwnAim(game.charges[w.from], c) : null,
    })),
  );
}

/**
 * A whisper as one viewer may read it: its two seats read it whole; anyone else reads that it happened (who to whom,
 * when) and nothing of what it said, until the reveal publishes every whisper with its claims judged.
 */
export type ViewWhisper = {
  index: number;
  from: number;
  to: number;
  at: number;
  /** True while this viewer may not read it: then it carries neither text nor claims. */
  sealed: boolean;
  text?: string;
  claims?: (Claim & { truthful: boolean | null })[];
};

export function viewWhispers(game: Game, seat: number | null, revealed: boolean): ViewWhisper[] {
  return (game.whispers ?? []).map((w, index) => {
    const base = { index, from: w.from, to: w.to, at: w.at };
    if (!revealed && seat !== w.from && seat !== w.to) return { ...base, sealed: true };
    // Copied field by field, so nothing stored beside a whisper can ride along.
    return {
      ...base,
      sealed: false,
      ...(w.text !== undefined ? { text: w.text } : {}),
      ...(w.claims
        ? {
            claims: w.claims.map((c) => ({
              ...claimOf(c),
              truthful: revealed ? isOwnAim(game.charges[w.from], c) : null,
            })),
          }
        : {}),
    };
  });
}
