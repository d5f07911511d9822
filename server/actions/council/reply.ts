// Taking one seat's reply to the open round, whoever wears it: valid → the answer; malformed or off-option → the
// first is asked again, the second empties the seat. Runs inside the caller's transaction (the council locked).
import type { Prisma } from "../../generated/prisma/client";
import {
  afterBadReply,
  parseReplyText,
  validateReply,
  type Reply,
  type RoundNumber,
} from "../../rules/council";
import { fail, ok, type Result } from "../../rules/result";
import { announceChange } from "./events";
import { seatEmptied } from "./notices";
import type { LoadedCouncil, SeatRow } from "./load";

const RAW_MAX = 8_000;

/** What became of a reply. */
export type Taken = { answered: true; round: RoundNumber };

/** The reply as text for the record of bad replies. */
const rawOf = (reply: unknown): string =>
  (typeof reply === "string" ? reply : (JSON.stringify(reply) ?? String(reply))).slice(0, RAW_MAX);

/** Checks `reply` (an object, or a model's text) against the round's schema and writes what follows. */
export async function takeReply(
  tx: Prisma.TransactionClient,
  l: LoadedCouncil,
  seat: SeatRow,
  round: RoundNumber,
  reply: unknown,
  now: number,
): Promise<Result<Taken>> {
  const object = typeof reply === "string" ? parseReplyText(reply) : ok(reply);
  const valid: Result<Reply> = object.ok
    ? validateReply(round, object.value, {
        options: l.options,
        names: l.seats.map((s) => s.name),
        self: seat.name,
      })
    : object;
  if (valid.ok) {
    await tx.councilAnswer.create({
      data: {
        councilId: l.id,
        seatId: seat.id,
        round,
        reply: valid.value as Prisma.InputJsonValue,
        at: new Date(now),
      },
    });
    await announceChange(tx, l.id, "council.answered", { round, seat: seat.name });
    return ok({ answered: true, round });
  }
  return badReply(tx, l, seat, round, rawOf(reply), valid.message, now);
}

/** A bad reply (or a provider's failure) is written; the second in a round empties the seat. */
export async function badReply(
  tx: Prisma.TransactionClient,
  l: LoadedCouncil,
  seat: SeatRow,
  round: RoundNumber,
  raw: string,
  problem: string,
  now: number,
  cause: "reply" | "call" | "budget" = "reply",
): Promise<Result<never>> {
  const attempt = l.failures.filter((f) => f.seatId === seat.id && f.round === round).length + 1;
  await tx.councilFailure.create({
    data: { councilId: l.id, seatId: seat.id, round, attempt, raw, problem, at: new Date(now) },
  });
  const next = afterBadReply(round, attempt);
  if (next.action === "empty") {
    // The rules word it for a bad reply; a model call that failed outright, or was never made, is said as such.
    const reason =
      cause === "call"
        ? `no usable reply ${attempt} times in round ${round} (the model call failed)`
        : cause === "budget"
          ? `not asked in round ${round}: the server's budget for model calls today is spent`
          : next.reason;
    await tx.councilSeat.updateMany({
      where: { id: seat.id, emptiedAt: null },
      data: { emptiedAt: new Date(now), emptiedRound: round, emptiedReason: reason },
    });
    await announceChange(tx, l.id, "council.seat.emptied", { seat: seat.name, reason });
    await seatEmptied(tx, l, seat.name, reason, now);
    return fail(
      "invalid",
      `${problem} That was the second bad reply in round ${round}, so the seat is now emptied.`,
    );
  }
  await announceChange(tx, l.id, "council.reply.refused", { round, seat: seat.name, attempt });
  return fail("invalid", `${problem} Answer once more: a second bad reply empties the seat.`);
}
