// A person (in the browser) or an agent (JSON API, MCP) answers the open round for the seat it wears.
import { z } from "zod";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { FORBIDDEN_FINAL_CONFIDENCE, RATIONALE_MAX, ROUNDS, type RoundNumber } from "../../rules/council";
import { fail, ok, type Result } from "../../rules/result";
import { signedIn } from "../guard";
import { advanceIn } from "./advance";
import { isUniqueViolation, kickModels, LOST_RACE, NO_COUNCIL, type OnCouncil } from "./common";
import { councilReadable, lockCouncil, openRound, seatOf } from "./load";
import { takeReply } from "./reply";

export const ZAnswer = z
  .object({
    round: z
      .number()
      .int()
      .min(1)
      .max(ROUNDS)
      .optional()
      .describe(`the round you answer (1–${ROUNDS}); when given, it must be the open round`),
    reply: z
      .union([z.record(z.string(), z.unknown()), z.string().max(20_000)])
      .describe(
        `the round's JSON fields as an object (or as JSON text). Round 1: position, reasoning, confidence_now, what_would_change_your_mind. Round 2: challenge {target, critique}, self_update, position, reasoning, confidence_now. Round 3: axis_that_decides_my_vote, coalition_with [names], flip_condition, position, confidence_now. Round 4: final_vote, final_confidence (never ${FORBIDDEN_FINAL_CONFIDENCE}), one_line_rationale (≤ ${RATIONALE_MAX} characters), dissent_note (or null)`,
      ),
  })
  .strict();

export async function answerRound(
  db: Db,
  who: Who,
  input: OnCouncil<typeof ZAnswer>,
  now: number,
): Promise<Result<{ round: RoundNumber; seat: string }>> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  const id = input.councilId;
  let r: Result<{ round: RoundNumber; seat: string }>;
  try {
    r = await db.$transaction(async (tx) => {
      await lockCouncil(tx, id);
      // The clock first: an answer after the deadline finds its seat emptied and its round closed.
      const { loaded: l } = await advanceIn(tx, id, now);
      if (!l || !councilReadable(l, who)) return NO_COUNCIL;
      if (l.imported) return fail("conflict", "This round table is an imported record; nobody answers it.");
      const seat = seatOf(l, who);
      if (!seat) return fail("forbidden", "You wear no seat at this round table.");
      if (seat.emptiedAt)
        return fail(
          "conflict",
          `Your seat was emptied (${seat.emptiedReason ?? "no reason recorded"}); it answers no more.`,
        );
      const open = openRound(l);
      if (!open)
        return fail(
          "conflict",
          l.closedAt
            ? "The round table has finished; no round is open."
            : "No round is open now; the facilitator is owed a step first.",
        );
      const round = open.round as RoundNumber;
      if (input.round !== undefined && input.round !== round)
        return fail("conflict", `Round ${round} is open, not round ${input.round}.`);
      if (l.answers.some((a) => a.seatId === seat.id && a.round === round))
        return fail("conflict", `You have already answered round ${round}; one answer per seat and round.`);
      const taken = await takeReply(tx, l, seat, round, input.reply, now);
      await advanceIn(tx, id, now);
      if (!taken.ok) return taken;
      return ok({ round, seat: seat.name });
    });
  } catch (e) {
    if (isUniqueViolation(e)) return LOST_RACE;
    throw e;
  }
  kickModels(id);
  return r;
}
