// The facilitator's steps: confirm (or not) what the inspector asks, write or accept round 3's axes, and record the
// human ruling on an escalation — beside the table's result, never instead of it.
import { z } from "zod";
import type { Prisma } from "../../generated/prisma/client";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { AXES_MAX, AXES_MIN, draftAxes, RATIONALE_MAX } from "../../rules/council";
import { fail, ok, type Result } from "../../rules/result";
import { person } from "../guard";
import { ZOneLine } from "../input";
import { advanceIn } from "./advance";
import { isUniqueViolation, kickModels, LOST_RACE, NO_COUNCIL, type OnCouncil } from "./common";
import { announceChange } from "./events";
import { councilReadable, isFacilitator, lockCouncil, rulesCouncil, type LoadedCouncil } from "./load";

export const NO_DECISION = "no decision";

export const ZConfirm = z
  .object({
    confirm: z.boolean().describe("true: yes, do what the inspector proposes; false: no, run the next round"),
    after_round: z.number().int().min(2).max(3).optional().describe("the round whose verdict you answer"),
  })
  .strict();

export const ZAxes = z
  .object({
    axes: z
      .array(
        ZOneLine.min(1, "an axis may not be empty").max(
          RATIONALE_MAX,
          `keep each axis to ${RATIONALE_MAX} characters`,
        ),
      )
      .min(AXES_MIN, `write at least ${AXES_MIN} axes`)
      .max(AXES_MAX, `write at most ${AXES_MAX} axes`)
      .optional()
      .describe(`${AXES_MIN}–${AXES_MAX} one-line disagreement axes`),
    accept_draft: z.boolean().optional().describe("true: take the engine's draft as it stands"),
  })
  .strict();

export const ZRuling = z
  .object({
    choice: z
      .string()
      .trim()
      .min(1, 'choose an option, or "no decision"')
      .describe(`one of the options, or "${NO_DECISION}"`),
    reason: z
      .string()
      .trim()
      .min(1, "write the reason for the ruling")
      .max(4_000)
      .describe("why, in the human's words"),
  })
  .strict();

type Step<T> = (
  tx: Prisma.TransactionClient,
  l: LoadedCouncil,
  me: { userId: number; name: string },
) => Promise<Result<T>>;

/** Every facilitator step: a person, the facilitator, the table live; the clock's due writes first and after. */
export async function facilitatorStep<T>(
  db: Db,
  who: Who,
  id: number,
  now: number,
  step: Step<T>,
  opts: { onRecords?: boolean } = {},
): Promise<Result<T>> {
  const me = person(who);
  if (!me.ok) return me;
  let r: Result<T>;
  try {
    r = await db.$transaction(async (tx) => {
      await lockCouncil(tx, id);
      const { loaded: l } = await advanceIn(tx, id, now);
      if (!l || !councilReadable(l, who)) return NO_COUNCIL;
      if (!isFacilitator(l, who))
        return fail("forbidden", "Only the round table's facilitator takes this step.");
      if (l.imported && !opts.onRecords)
        return fail("conflict", "This round table is an imported record; it takes no more steps.");
      const done = await step(tx, l, me.value);
      if (done.ok) await advanceIn(tx, id, now);
      return done;
    });
  } catch (e) {
    if (isUniqueViolation(e)) return LOST_RACE;
    throw e;
  }
  if (r.ok) kickModels(id);
  return r;
}

/** Answer the inspector's question (SKIP-ROUND-3, EXPERT-DEFERENCE). */
export function confirmStep(
  db: Db,
  who: Who,
  input: OnCouncil<typeof ZConfirm>,
  now: number,
): Promise<Result<{ afterRound: number; confirmed: boolean }>> {
  return facilitatorStep(db, who, input.councilId, now, async (tx, l, me) => {
    const pending = l.verdicts.find((v) => v.ask !== null && v.confirmed === null);
    if (!pending) return fail("conflict", "Nothing is waiting for your confirmation now.");
    if (input.after_round !== undefined && input.after_round !== pending.afterRound)
      return fail("conflict", `The question waiting is the one after round ${pending.afterRound}.`);
    const n = await tx.councilVerdict.updateMany({
      where: { id: pending.id, confirmed: null },
      data: { confirmed: input.confirm, confirmedById: me.userId, confirmedAt: new Date(now) },
    });
    if (!n.count) return LOST_RACE;
    await announceChange(tx, l.id, "council.confirmed", {
      afterRound: pending.afterRound,
      confirmed: input.confirm,
      by: me.name,
    });
    return ok({ afterRound: pending.afterRound, confirmed: input.confirm });
  });
}

/** The template's draft, read only from closed rounds 1 and 2; null before round 2 closes. */
export function templateDraft(l: LoadedCouncil): string[] | null {
  const closed = l.rounds.find((r) => r.round === 2 && r.closedAt !== null);
  if (!closed) return null;
  // The same draft the rules owe at the deadline (rules/council/progress.ts): rounds 1–2 in seat order.
  const council = rulesCouncil(l);
  return draftAxes({ options: council.options, transcript: council.answers, seats: council.seats });
}

/** The draft on offer: a model's, when the facilitator asked for one, else the template's; null before round 2 closes. */
export function axesDraft(l: LoadedCouncil): { axes: string[]; by: string | null } | null {
  if (l.axesDraft?.length) return { axes: l.axesDraft, by: l.axesDraftBy };
  const template = templateDraft(l);
  return template ? { axes: template, by: null } : null;
}

/** Where written axes came from, as the minutes say it. */
function sourceOf(
  l: LoadedCouncil,
  axes: readonly string[],
): "model" | "model-edited" | "template" | "facilitator" {
  const same = (a: readonly string[] | null) =>
    !!a && a.length === axes.length && a.every((x, i) => x === axes[i]);
  if (l.axesDraft?.length) return same(l.axesDraft) ? "model" : "model-edited";
  return same(templateDraft(l)) ? "template" : "facilitator";
}

/** Write round 3's axes (or accept the draft) any time before round 3 opens. */
export function setAxes(
  db: Db,
  who: Who,
  input: OnCouncil<typeof ZAxes>,
  now: number,
): Promise<Result<{ axes: string[] }>> {
  return facilitatorStep(db, who, input.councilId, now, async (tx, l, me) => {
    if (l.closedAt) return fail("conflict", "The round table has finished.");
    if (l.rounds.some((r) => r.round >= 3))
      return fail("conflict", "Round 3 has opened; its axes are fixed.");
    let axes = input.axes;
    if (input.accept_draft) {
      if (axes) return fail("invalid", "Send either your own axes or accept_draft, not both.");
      axes = axesDraft(l)?.axes;
      if (!axes)
        return fail("conflict", "The draft is made from rounds 1 and 2; round 2 has not closed yet.");
    }
    if (!axes)
      return fail(
        "invalid",
        `"axes" is required (${AXES_MIN}–${AXES_MAX} lines), or send accept_draft: true.`,
      );
    await tx.council.update({
      where: { id: l.id },
      data: { axes, axesAt: new Date(now), axesSource: sourceOf(l, axes) },
    });
    await announceChange(tx, l.id, "council.axes", { by: me.name });
    return ok({ axes });
  });
}

/** The human's ruling on an escalated table: an option or "no decision", with a reason. Once. */
export function recordRuling(
  db: Db,
  who: Who,
  input: OnCouncil<typeof ZRuling>,
  now: number,
): Promise<Result<{ choice: string }>> {
  return facilitatorStep(
    db,
    who,
    input.councilId,
    now,
    async (tx, l, me) => {
      const last = l.verdicts.at(-1);
      if (last?.verdict !== "ESCALATE")
        return fail(
          "conflict",
          "Only an escalated round table takes a human ruling; this one has not escalated.",
        );
      if (l.ruling) return fail("conflict", "The ruling is already recorded; it stands beside the result.");
      const { choice, reason } = input;
      if (choice !== NO_DECISION && !l.options.includes(choice))
        return fail("invalid", `Choose one of ${l.options.join(", ")}, or "${NO_DECISION}".`);
      await tx.councilRuling.create({
        data: { councilId: l.id, choice, reason, byId: me.userId, at: new Date(now) },
      });
      await announceChange(tx, l.id, "council.ruling", { choice, by: me.name });
      return ok({ choice });
    },
    { onRecords: true },
  );
}
