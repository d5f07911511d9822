// The deal of §5: the charter and every charge, drawn from the seed and redrawn until the deal is kept.

import { fail, ok, type Result } from "../result";
import { accordsOf } from "./accords";
import {
  AIM_WEIGHTS,
  CHARTER_CLAUSES,
  FALLBACK_MAX,
  FALLBACK_MIN,
  SEATS_MAX,
  SEATS_MIN,
  quorumFor,
} from "./constants";
import { CLAUSE_POOL, settingsOf } from "./pool";
import { streamFrom, type Stream } from "./prng";
import { score } from "./score";
import { commitment, seedBytes } from "./seed";
import type { Aim, Charge, Deal } from "./types";

/** A seed and a seat count fit to deal from, or one sentence saying what is wrong. */
export function validateDealInput(
  seedHex: unknown,
  seats: unknown,
): Result<{ seedHex: string; seats: number }> {
  const bytes = seedBytes(seedHex);
  if (!bytes.ok) return bytes;
  if (typeof seats !== "number" || !Number.isInteger(seats) || seats < SEATS_MIN || seats > SEATS_MAX) {
    return fail("invalid", `Deal for ${SEATS_MIN} to ${SEATS_MAX} seats.`);
  }
  return ok({ seedHex: (seedHex as string).toLowerCase(), seats });
}

/** Takes one element at a uniformly drawn place out of `left`. */
function takeOne<T>(stream: Stream, left: T[]): T {
  return left.splice(stream.int(left.length), 1)[0] as T;
}

/** One draw of a whole deal: the charter (kept in pool order), then each seat's aims and fallback. */
export function drawDeal(stream: Stream, seats: number): Deal {
  const poolLeft = CLAUSE_POOL.map((_, index) => index);
  const picked: number[] = [];
  for (let i = 0; i < CHARTER_CLAUSES; i++) picked.push(takeOne(stream, poolLeft));
  const charter = picked.sort((a, b) => a - b).map((index) => CLAUSE_POOL[index]?.clause ?? "");

  const charges: Charge[] = [];
  for (let seat = 0; seat < seats; seat++) {
    const charterLeft = [...charter];
    const aims: Aim[] = AIM_WEIGHTS.map((weight) => {
      const clause = takeOne(stream, charterLeft);
      const settings = settingsOf(clause) ?? [];
      const setting = settings[stream.int(settings.length)] ?? "";
      return { clause, setting, weight };
    });
    const fallback = FALLBACK_MIN + stream.int(FALLBACK_MAX - FALLBACK_MIN + 1);
    charges.push({ aims, fallback });
  }
  return { charter, charges };
}

/** (a) Every seat's weight-3 aim is contested: another seat aims at the same clause with another setting. */
export function everyTopAimContested(charges: readonly Charge[]): boolean {
  const top = Math.max(...AIM_WEIGHTS);
  return charges.every((charge, seat) => {
    const aim = charge.aims.find((a) => a.weight === top);
    return (
      aim !== undefined &&
      charges.some(
        (other, otherSeat) =>
          otherSeat !== seat && other.aims.some((a) => a.clause === aim.clause && a.setting !== aim.setting),
      )
    );
  });
}

/** (b) Some accord pays at least a quorum of seats strictly more than their fallback. */
export function someAccordCanBind(charter: readonly string[], charges: readonly Charge[]): boolean {
  const quorum = quorumFor(charges.length);
  return accordsOf(charter).some(
    (accord) => charges.filter((charge) => score(charge, accord) > charge.fallback).length >= quorum,
  );
}

/**
 * The deal for a seed and a seat count. Draws are taken from the SHA-256 counter-mode stream of prng.ts;
 * a draw failing (a) or (b) is thrown away and the whole deal (charter included) is drawn again from where
 * the stream stopped, so the same seed always gives the same table. Most draws are kept (see deal.test.ts),
 * so the loop ends at once in practice. Inputs must pass validateDealInput; anything else is a caller's bug.
 */
export function deal(seedHex: string, seats: number): Deal {
  const input = validateDealInput(seedHex, seats);
  if (!input.ok) throw new RangeError(input.message);
  const bytes = seedBytes(input.value.seedHex);
  if (!bytes.ok) throw new RangeError(bytes.message);
  const stream = streamFrom(bytes.value);
  for (;;) {
    const drawn = drawDeal(stream, seats);
    if (everyTopAimContested(drawn.charges) && someAccordCanBind(drawn.charter, drawn.charges)) return drawn;
  }
}

/** What `parley game deal --seed HEX --seats N` prints: the commitment and the deal in the record's format. */
export function dealOutput(
  seedHex: string,
  seats: number,
): { commitment: string; charter: string[]; charges: Charge[] } {
  const { charter, charges } = deal(seedHex, seats);
  return { commitment: commitment(seedHex), charter, charges };
}
