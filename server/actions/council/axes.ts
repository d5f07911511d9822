// Round 3's axes drafted by a model (council.md, the rounds table): after round 2, the facilitator asks a model soul
// of the table, or a provider they name when the server holds its key, to draft 2–4 axes from rounds 1–2. The draft
// is offered for editing; the facilitator confirms it (councils.axes), and the template stays the fallback.
import { z } from "zod";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { AXES_SYSTEM, readDraftedAxes, renderAxesPrompt } from "../../rules/council";
import { fail, ok, type Result } from "../../rules/result";
import {
  checkModelSeat,
  PROVIDERS,
  providerFor,
  soulsEnv,
  type ProviderName,
  type SoulReply,
} from "../../souls";
import { failed } from "../../souls/provider";
import { serverBudgetSpent } from "../modelBudget";
import { isUniqueViolation, LOST_RACE, type OnCouncil } from "./common";
import { announceChange } from "./events";
import { facilitatorStep } from "./facilitate";
import { heard } from "./prompt";
import type { LoadedCouncil, SeatRow } from "./load";

export const ZDraftAxes = z
  .object({
    seat: z
      .string()
      .trim()
      .max(40)
      .optional()
      .describe("a model seat of the table to draft them (default: the first model seat)"),
    provider: z
      .enum(PROVIDERS)
      .optional()
      .describe("instead of a seat: a provider the server holds a key for"),
    model: z
      .string()
      .trim()
      .max(120)
      .optional()
      .describe("with provider: the model (a default per provider)"),
    base_url: z
      .string()
      .trim()
      .max(300)
      .optional()
      .describe("with provider openai-compatible: a base URL the server allows"),
  })
  .strict();

const modelSeats = (l: LoadedCouncil) => l.seats.filter((s) => s.wearer === "model" && s.provider);

/** Whom the facilitator may ask: the table's model seats, and each provider whose key the server holds. */
export function axesDrafters(l: LoadedCouncil): { seats: string[]; providers: string[] } {
  const env = soulsEnv();
  const providers = PROVIDERS.filter((p) =>
    p === "anthropic"
      ? !!env.anthropicKey
      : p === "openai-compatible"
        ? !!env.openaiKey || env.allowedBaseUrls.length > 0
        : false,
  );
  return { seats: modelSeats(l).map((s) => s.name), providers };
}

type Asker = {
  provider: ProviderName;
  model: string;
  baseUrl: string | null;
  script: unknown;
  seat: Pick<SeatRow, "id" | "name" | "soul"> | null;
  label: string;
};

/** The asker named, or why it cannot be asked. */
function askerOf(l: LoadedCouncil, i: z.infer<typeof ZDraftAxes>): Result<Asker> {
  if (i.provider) {
    if (i.seat) return fail("invalid", "Name either a seat or a provider, not both.");
    if (!axesDrafters(l).providers.includes(i.provider) && i.provider !== "scripted")
      return fail("invalid", `The server holds no key for ${i.provider}; ask a model seat of the table.`);
    const m = checkModelSeat({
      name: "The draft",
      provider: i.provider,
      model: i.model,
      baseUrl: i.base_url,
    });
    if (!m.ok) return m;
    return ok({ ...m.value, script: null, seat: null, label: `${m.value.provider} · ${m.value.model}` });
  }
  const seats = modelSeats(l);
  const seat = i.seat ? seats.find((s) => s.name === i.seat) : (seats.find((s) => !s.emptiedAt) ?? seats[0]);
  if (!seat)
    return i.seat
      ? fail("invalid", `${i.seat} is not a model seat of this table.`)
      : fail(
          "conflict",
          "No model sits at this table and no provider was named: edit the template's draft, or name a provider.",
        );
  return ok({
    provider: seat.provider as ProviderName,
    model: seat.model ?? "",
    baseUrl: seat.baseUrl,
    script: seat.script,
    seat,
    label: `the ${seat.name} soul (${seat.provider} · ${seat.model})`,
  });
}

/** Why the axes cannot be drafted now, or null. */
function notNow(l: LoadedCouncil): string | null {
  if (l.closedAt) return "The round table has finished.";
  if (l.rounds.some((r) => r.round >= 3)) return "Round 3 has opened; its axes are fixed.";
  if (l.axes) return "The axes are written already.";
  if (!l.rounds.some((r) => r.round === 2 && r.closedAt !== null))
    return "The axes are drafted from rounds 1 and 2; round 2 has not closed yet.";
  return null;
}

export type Drafting = { providerFor?: typeof providerFor; clock?: () => number };

/**
 * Ask a model for a draft of the axes and offer it (the page shows it for editing). The call is recorded like a
 * seat's (claimed with the checks, its tokens, cost and latency written when it answers), so the day's budget counts
 * it and the round table's calls show it. It is made outside any transaction; the draft is written only if round 3
 * still waits for its axes. A failed call is said as such and the draft on offer stays what it was (the template's,
 * or an earlier model's).
 */
export async function draftAxesByModel(
  db: Db,
  who: Who,
  input: OnCouncil<typeof ZDraftAxes>,
  now: number,
  opts: Drafting = {},
): Promise<Result<{ axes: string[]; by: string }>> {
  // The checks, the prompt and the call's claim, with the clock's due writes: the facilitator's step.
  const asked = await facilitatorStep(db, who, input.councilId, now, async (tx, l) => {
    const why = notNow(l);
    if (why) return fail("conflict", why);
    const asker = askerOf(l, input);
    if (!asker.ok) return asker;
    if (asker.value.provider !== "scripted" && (await serverBudgetSpent(tx, now, soulsEnv().budget)))
      return fail(
        "conflict",
        "The server's budget for model calls today is spent; edit the template's draft.",
      );
    const transcript = heard(l);
    // the call is recorded (and so charged to the day's budget) like a seat's, claimed before it is made
    const call = await tx.modelCall.create({
      data: {
        councilId: l.id,
        seatId: asker.value.seat?.id ?? null,
        task: "axes",
        round: 2,
        attempt: l.calls.filter((c) => c.task === "axes").length + 1,
        provider: asker.value.provider,
        model: asker.value.model,
        startedAt: new Date(now),
      },
      select: { id: true },
    });
    return ok({
      callId: call.id,
      asker: asker.value,
      request: {
        prompt: renderAxesPrompt({
          question: l.question,
          context: l.context,
          options: l.options,
          transcript,
        }),
        system: AXES_SYSTEM,
        task: "axes" as const,
        model: asker.value.model,
        baseUrl: asker.value.baseUrl,
        attempt: 1,
        script: asker.value.script,
        round: 3 as const,
        seat: asker.value.seat ?? { name: "drafter", soul: "" },
        options: l.options,
        names: l.seats.map((s) => s.name),
        transcript,
        axes: [],
      },
    });
  });
  if (!asked.ok) return asked;
  const { asker, request, callId } = asked.value;
  const provider = (opts.providerFor ?? providerFor)(asker.provider);
  const reply: SoulReply = await provider
    .call(request)
    .catch((e: unknown) => failed(`the provider threw: ${(e as Error).message}`));
  const later = opts.clock?.() ?? now;
  // what it spent, whatever comes of the draft (unless the sweeper closed it as cut off meanwhile)
  await db.modelCall.updateMany({
    where: { id: callId, finishedAt: null },
    data: {
      finishedAt: new Date(later),
      ok: reply.ok,
      tokensIn: reply.tokensIn,
      tokensOut: reply.tokensOut,
      costUsd: reply.costUsd,
      latencyMs: Math.max(0, later - now),
      error: reply.ok ? null : reply.error,
    },
  });
  if (!reply.ok)
    return fail("conflict", `The ${asker.label} draft failed: ${reply.error}. The draft on offer stands.`);
  const axes = readDraftedAxes(reply.text);
  if (!axes.ok) return fail("conflict", `${axes.message} The draft on offer stands; ask again or edit it.`);
  try {
    return await facilitatorStep(db, who, input.councilId, later, async (tx, l) => {
      const why = notNow(l);
      if (why) return fail("conflict", why);
      await tx.council.update({
        where: { id: l.id },
        data: { axesDraft: axes.value, axesDraftBy: asker.label },
      });
      await announceChange(tx, l.id, "council.axes.drafted", { by: asker.label });
      return ok({ axes: axes.value, by: asker.label });
    });
  } catch (e) {
    if (isUniqueViolation(e)) return LOST_RACE;
    throw e;
  }
}
