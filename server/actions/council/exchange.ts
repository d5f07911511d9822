// Import and export of the original skill's state file: a table goes out as `parley council vote` reads it, and a
// state file comes in as a read-only record (its rounds, the inspector's verdicts, the count).
import type { Prisma } from "../../generated/prisma/client";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import {
  countVerdict,
  fromState,
  nextStep,
  OPTIONS_MAX,
  OPTIONS_MIN,
  parseState,
  SEATS_MAX,
  SEATS_MIN,
  toState,
  type CouncilState,
  type RoundNumber,
} from "../../rules/council";
import { fail, ok, type Result } from "../../rules/result";
import { person } from "../guard";
import { NO_COUNCIL } from "./common";
import { announceChange } from "./events";
import { councilReadable, rulesCouncil } from "./load";
import type { Visibility } from "../../rules/access";
import { heard } from "./prompt";
import { loadCurrent } from "./current";

/** The state file of a table: closed rounds only (an open round's answers are nobody's yet), live seats only. */
export async function exportState(
  db: Db,
  who: Who,
  input: { id: number },
  now: number,
): Promise<Result<CouncilState>> {
  const l = await loadCurrent(db, input.id, now, who);
  if (!l || !councilReadable(l, who)) return NO_COUNCIL;
  return ok(toState({ ...rulesCouncil(l), answers: heard(l) }));
}

/** A state file becomes a record the importer facilitates: every seat worn by nobody, every round closed. */
export async function importState(
  db: Db,
  who: Who,
  input: unknown,
  now: number,
  opts: { visibility?: Visibility } = {},
): Promise<Result<{ id: number }>> {
  const me = person(who);
  if (!me.ok) return me;
  const state = parseState(input);
  if (!state.ok) return state;
  const council = fromState(state.value);
  if (!council.ok) return council;
  const c = council.value;
  const n = c.seats.length;
  if (n < SEATS_MIN || n > SEATS_MAX)
    return fail("invalid", `A round table seats ${SEATS_MIN} to ${SEATS_MAX} souls; this state has ${n}.`);
  if (c.options.length < OPTIONS_MIN || c.options.length > OPTIONS_MAX)
    return fail(
      "invalid",
      `A round table has ${OPTIONS_MIN} to ${OPTIONS_MAX} options; this state has ${c.options.length}.`,
    );
  if (c.question.trim() === "") return fail("invalid", "The state has no question.");
  const at = new Date(now);
  const id = await db.$transaction(async (tx) => {
    const row = await tx.council.create({
      data: {
        question: c.question,
        context: c.context,
        options: c.options,
        aggregator: c.aggregator,
        valuesKeywords: c.valuesKeywords,
        facilitatorId: me.value.userId,
        roundDeadlineMs: 0,
        stateId: c.id || "imported",
        // A Round Table is invited by default, an imported record too (the demo's worked example is public).
        visibility: opts.visibility ?? "invited",
        createdAt: at,
      },
      select: { id: true },
    });
    const seatIds = new Map<string, number>();
    for (const [position, s] of c.seats.entries()) {
      const seat = await tx.councilSeat.create({
        data: {
          councilId: row.id,
          position,
          name: s.name,
          soul: s.soul,
          soulSource: "pasted",
          sourceLabel: "imported state file",
          wearer: "nobody",
        },
        select: { id: true },
      });
      seatIds.set(s.name, seat.id);
    }
    const rounds = [...new Set(c.answers.map((a) => a.round))].sort((a, b) => a - b);
    for (const round of rounds)
      await tx.councilRound.create({
        data: {
          councilId: row.id,
          round,
          openedAt: at,
          deadlineAt: at,
          closedAt: at,
          closedBecause: "imported",
        },
      });
    for (const a of c.answers)
      await tx.councilAnswer.create({
        data: {
          councilId: row.id,
          seatId: seatIds.get(a.name)!,
          round: a.round,
          reply: a.reply as Prisma.InputJsonValue,
          at,
        },
      });
    // What the inspector said after rounds 2 and 3, as the app would have said it; a question it asked is
    // answered the way the file went on.
    for (const round of [2, 3] as RoundNumber[]) {
      if (!rounds.includes(round)) continue;
      const step = nextStep(c, round);
      if (step.kind !== "round" && step.kind !== "confirm") continue;
      if (!step.inspection) continue;
      const ask = step.kind === "confirm" ? step.ask : null;
      const confirmed = step.kind === "confirm" ? !rounds.includes(step.ifNo) : null;
      await tx.councilVerdict.create({
        data: {
          councilId: row.id,
          afterRound: round,
          verdict: step.inspection.verdict,
          line: step.inspection.line,
          ask,
          confirmed,
          confirmedAt: confirmed === null ? null : at,
          at,
        },
      });
    }
    if (c.seats.every((s) => c.answers.some((a) => a.round === 4 && a.name === s.name))) {
      const counted = countVerdict(c);
      await tx.councilVerdict.create({
        data: { councilId: row.id, afterRound: 4, verdict: counted.verdict, line: counted.line, at },
      });
      const outcome =
        counted.verdict === "DECIDED" ? "decided" : counted.verdict === "ESCALATE" ? "escalated" : "reprompt";
      await tx.council.update({ where: { id: row.id }, data: { closedAt: at, outcome } });
    }
    await announceChange(tx, row.id, "council.imported", { question: c.question });
    return row.id;
  });
  return ok({ id });
}
