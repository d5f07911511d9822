// Convening: a facilitator sets one decision (question, context, options, aggregator, values keywords, round
// deadline) and seats its souls, each with where its text came from and who wears it; round 1 opens at once.
import { z } from "zod";
import { Prisma } from "../../generated/prisma/client";
import { VISIBILITIES, type Visibility } from "../../rules/access";
import { resolveInvitee, tellInvitee } from "../access";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import {
  AGGREGATORS,
  DEFAULT_AGGREGATOR,
  DEFAULT_VALUES_KEYWORDS,
  FIT_ASKS,
  FIT_MAX,
  HABIT_MAX,
  OPTIONS_MAX,
  OPTIONS_MIN,
  QUESTION_MAX,
  ROUND_DEADLINE_DEFAULT_MS,
  ROUND_DEADLINE_MAX_MS,
  ROUND_DEADLINE_MIN_MS,
  SEAT_NAME_MAX,
  SEATS_MAX,
  SEATS_MIN,
} from "../../rules/council";
import { fail, ok, type Result } from "../../rules/result";
import { spanText } from "../../rules/span";
import { checkModelSeat, PROVIDERS, ZScript } from "../../souls";
import { signedIn } from "../guard";
import { parseInput, ZOneLine } from "../input";
import { advanceIn } from "./advance";
import { kickModels } from "./common";
import { announceChange } from "./events";
import { lockCouncil } from "./load";

export const SOUL_SOURCES = ["pasted", "uploaded", "habit"] as const;
export const WEARERS = ["person", "agent", "model"] as const;

/** Whom a wearer names: a person, an agent, or a model's provider (fresh schemas for each input that holds them). */
export const wearerNamed = () => ({
  person: z.string().trim().max(80).optional().describe("wearer person: the person's account name"),
  agent: z
    .union([z.number().int().positive(), z.string().trim().max(120)])
    .optional()
    .describe("wearer agent: the agent's id, or owner/name"),
  provider: z.enum(PROVIDERS).optional().describe("wearer model: anthropic, openai-compatible or scripted"),
});

const ZSeat = z
  .object({
    name: ZOneLine.min(1, "give the seat a name")
      .max(SEAT_NAME_MAX, `use at most ${SEAT_NAME_MAX} characters`)
      .regex(/^[^,]+$/, "no commas")
      .describe(
        "the soul's name at this table, unique (e.g. finance); the minutes call it “the finance lens”",
      ),
    soul: z
      .string()
      .trim()
      .min(1, "give the soul its text")
      .max(20_000)
      .describe("the persona text, or a person's one-line habit"),
    source: z
      .enum(SOUL_SOURCES)
      .describe(
        "where the soul came from: pasted (a persona file's text), uploaded (a file), habit (a real person's one-line habit)",
      ),
    source_label: ZOneLine.max(200)
      .optional()
      .describe("the uploaded file's name, or a note on where the text came from"),
    wearer: z
      .enum(WEARERS)
      .describe("who answers for the soul: a signed-in person, an agent (token), or a model the server runs"),
    ...wearerNamed(),
    model: ZOneLine.max(120).optional().describe("wearer model: the model name (a default per provider)"),
    base_url: z
      .string()
      .trim()
      .max(300)
      .optional()
      .describe("wearer model, openai-compatible only: a base URL the server allows"),
    script: ZScript.optional().describe(
      "wearer model, scripted only: replies by round and a pace (after_ms)",
    ),
  })
  .strict();

/** One Step 0 answer: a sentence, on one line. */
const fitAnswer = (key: keyof typeof FIT_ASKS, example: string) =>
  ZOneLine.min(1, `say ${FIT_ASKS[key]}, in one sentence`)
    .max(FIT_MAX, `keep it to one sentence (at most ${FIT_MAX} characters)`)
    .describe(`${FIT_ASKS[key]}, in one sentence (e.g. “${example}”)`);

/** Step 0 — is this a Round Table question? Convening without all three answers is refused, naming the missing one. */
export const ZFit = z
  .object({
    decision: fitAnswer("decision", "We sign the vendor contract this quarter, or keep building in-house."),
    options: fitAnswer(
      "options",
      "These are the only two the budget allows; a hybrid was costed and dropped.",
    ),
    stakes: fitAnswer("stakes", "A three-year lock-in: the wrong vendor costs a year to unwind."),
  })
  .strict()
  .describe(
    "Step 0, one sentence each: decision (what will be done differently depending on the answer), options (why these options), stakes (what a wrong call costs)",
  );

export const ZConvene = z
  .object({
    fit: ZFit,
    question: ZOneLine.min(1, "ask one question")
      .max(QUESTION_MAX)
      .describe("the one stakes-bearing decision"),
    context: z
      .string()
      .max(20_000)
      .optional()
      .describe("every fact the souls may use (there is no tool use mid-round)"),
    options: z
      .array(
        z
          .string()
          .trim()
          .regex(
            /^[a-z0-9][a-z0-9-]{0,39}$/,
            "use short slugs: lower-case letters, digits and dashes (e.g. adopt-modified)",
          ),
      )
      .min(OPTIONS_MIN, `give at least ${OPTIONS_MIN} options`)
      .max(OPTIONS_MAX, `give at most ${OPTIONS_MAX} options`)
      .describe(
        `${OPTIONS_MIN}–${OPTIONS_MAX} distinct option slugs, in their canonical order (ties keep it)`,
      ),
    aggregator: z
      .enum(AGGREGATORS)
      .optional()
      .describe(`how round 4 is counted (default ${DEFAULT_AGGREGATOR})`),
    values_keywords: z
      .array(ZOneLine.min(1).max(40))
      .max(12)
      .optional()
      .describe(
        `a dissent note naming one escalates (default ${DEFAULT_VALUES_KEYWORDS.join(", ")}; [] turns it off)`,
      ),
    round_deadline_ms: z
      .number()
      .int()
      .min(ROUND_DEADLINE_MIN_MS, `give each round at least ${spanText(ROUND_DEADLINE_MIN_MS)}`)
      .max(ROUND_DEADLINE_MAX_MS, `give each round at most ${spanText(ROUND_DEADLINE_MAX_MS)}`)
      .optional()
      .describe(`how long each round stays open (default ${ROUND_DEADLINE_DEFAULT_MS / 60_000} minutes)`),
    visibility: z
      .enum(VISIBILITIES)
      .optional()
      .describe(
        "who may read it: invited (default: its facilitator, seats and invitees), signed_in, or public",
      ),
    seats: z
      .array(ZSeat)
      .min(SEATS_MIN, `seat at least ${SEATS_MIN} souls`)
      .max(SEATS_MAX, `seat at most ${SEATS_MAX} souls`)
      .describe(`${SEATS_MIN}–${SEATS_MAX} souls`),
  })
  .strict();
export type ConveneInput = z.infer<typeof ZConvene>;

export type SeatData = Omit<Prisma.CouncilSeatCreateManyInput, "councilId">;

/** One seat's wearer, resolved: a person or agent as an invitation (unless the facilitator's own), or a model. */
export async function wearerData(
  db: Db | Prisma.TransactionClient,
  facilitatorId: number,
  s: Pick<
    ConveneInput["seats"][number],
    "name" | "wearer" | "person" | "agent" | "provider" | "model" | "base_url" | "script"
  >,
): Promise<Result<Omit<SeatData, "position" | "name" | "soul" | "soulSource" | "sourceLabel">>> {
  const none = {
    userId: null,
    agentId: null,
    provider: null,
    model: null,
    baseUrl: null,
    consent: null,
    invitee: null,
  };
  if (s.wearer === "person" || s.wearer === "agent") {
    if (s.wearer === "person" && !s.person)
      return fail("invalid", `${s.name}: name the person who wears this seat.`);
    if (s.wearer === "agent" && (s.agent === undefined || s.agent === ""))
      return fail("invalid", `${s.name}: name the agent (its id, or owner/name).`);
    // Nobody is seated without saying yes: anyone but the facilitator and their own agents is invited, and the
    // answer is the same whether or not the account or agent exists (resolveInvitee).
    const n = await resolveInvitee(
      db,
      facilitatorId,
      s.wearer === "person" ? { person: s.person } : { agent: s.agent },
    );
    if (!n.ok) return fail("invalid", `${s.name}: ${n.message}`);
    return ok({
      ...none,
      wearer: s.wearer,
      script: Prisma.DbNull,
      userId: n.value.userId,
      agentId: n.value.agentId,
      consent: n.value.consent ? "invited" : null,
      invitee: n.value.consent ? n.value.label : null,
    });
  }
  if (!s.provider)
    return fail("invalid", `${s.name}: choose the model's provider (${PROVIDERS.join(", ")}).`);
  const m = checkModelSeat({ name: s.name, provider: s.provider, model: s.model, baseUrl: s.base_url });
  if (!m.ok) return m;
  if (s.script && m.value.provider !== "scripted")
    return fail("invalid", `${s.name}: only a scripted soul takes a script.`);
  return ok({
    ...none,
    wearer: "model",
    provider: m.value.provider,
    model: m.value.model,
    baseUrl: m.value.baseUrl,
    script: (s.script ?? Prisma.DbNull) as Prisma.InputJsonValue,
  });
}

/**
 * Whether two seats would be one identity: the same person or agent twice (as the facilitator named them), or —
 * among what the facilitator may see — themself and their own agent. Someone else's person and agent are told
 * apart only when they accept (acceptInvitation refuses the second).
 */
export function sameWearer(
  a: Pick<SeatData, "userId" | "agentId" | "invitee">,
  b: typeof a,
  ownAgents: Set<number>,
) {
  if (a.invitee && b.invitee && a.invitee.toLowerCase() === b.invitee.toLowerCase()) return true;
  if (a.userId && a.userId === b.userId) return true;
  if (a.agentId && a.agentId === b.agentId) return true;
  const mineA = (a.userId && !a.invitee) || (a.agentId && ownAgents.has(a.agentId));
  const mineB = (b.userId && !b.invitee) || (b.agentId && ownAgents.has(b.agentId));
  return !!mineA && !!mineB;
}

/** Resolve who wears each seat: people and others' agents as invitations, the facilitator's own seated at once. */
async function seatData(
  db: Db,
  facilitatorId: number,
  seats: ConveneInput["seats"],
): Promise<Result<SeatData[]>> {
  const out: SeatData[] = [];
  const own = new Set(
    (await db.agent.findMany({ where: { ownerId: facilitatorId }, select: { id: true } })).map((a) => a.id),
  );
  for (const [position, s] of seats.entries()) {
    if (s.source === "habit" && (/[\r\n]/.test(s.soul) || s.soul.length > HABIT_MAX))
      return fail(
        "invalid",
        `${s.name}: a habit is one line of at most ${HABIT_MAX} characters.`,
        `seats.${position}.soul`,
      );
    const w = await wearerData(db, facilitatorId, s);
    // What is wrong with who wears it is about that seat's wearer (its person, agent or model fields).
    if (!w.ok) return { ...w, field: w.field ?? `seats.${position}.wearer` };
    const seat: SeatData = {
      position,
      name: s.name,
      soul: s.soul,
      soulSource: s.source,
      sourceLabel: s.source_label ?? "",
      ...w.value,
    };
    if (seat.wearer !== "model") {
      const twin = out.find((o) => o.wearer !== "model" && sameWearer(o, seat, own));
      if (twin)
        return fail(
          "invalid",
          `${s.name} and ${twin.name} would be worn by one identity: one seat per person (a person and their agents are one).`,
        );
    }
    out.push(seat);
  }
  return ok(out);
}

/** A convening checked and its seats resolved: everything the write needs, nothing written yet. */
export type Convening = {
  input: z.infer<typeof ZConvene>;
  seats: SeatData[];
  facilitatorId: number;
  demo: string | null;
  visibility: Visibility;
};

/** Checks a convening and reads what its seats name, so a caller can write it inside a transaction of its own. */
export async function prepareConvening(
  db: Db,
  who: Who,
  input: unknown,
  opts: { demo?: string; visibility?: Visibility } = {},
): Promise<Result<Convening>> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  const p = parseInput(ZConvene, input);
  if (!p.ok) return p;
  const c = p.value;
  const twice = c.options.findIndex((o, i) => c.options.indexOf(o) !== i);
  if (twice >= 0) return fail("invalid", "The options must be distinct.", `options.${twice}`);
  const names = c.seats.map((s) => s.name.toLowerCase());
  const named = names.findIndex((n, i) => names.indexOf(n) !== i);
  if (named >= 0) return fail("invalid", "Each seat needs its own name.", `seats.${named}.name`);
  const facilitatorId = who.kind === "user" ? who.userId : who.kind === "agent" ? who.ownerId : 0;
  const seats = await seatData(db, facilitatorId, c.seats);
  if (!seats.ok) return seats;
  return ok({
    input: c,
    seats: seats.value,
    facilitatorId,
    demo: opts.demo ?? null,
    // A caller module that convenes for its own ends (a checkpoint's escalation) says who may read it; until it
    // does, the table stays as readable as the thing it advises. `convene` (every door's) defaults to invited.
    visibility: c.visibility ?? opts.visibility ?? "public",
  });
}

/** Writes a prepared convening and opens round 1, in the caller's transaction; the models are kicked after it. */
export async function writeConvening(
  tx: Prisma.TransactionClient,
  v: Convening,
  now: number,
): Promise<number> {
  const c = v.input;
  const council = await tx.council.create({
    data: {
      question: c.question,
      fit: c.fit,
      context: c.context?.trim() ?? "",
      options: c.options,
      aggregator: c.aggregator ?? DEFAULT_AGGREGATOR,
      valuesKeywords: c.values_keywords ?? [...DEFAULT_VALUES_KEYWORDS],
      facilitatorId: v.facilitatorId,
      roundDeadlineMs: c.round_deadline_ms ?? ROUND_DEADLINE_DEFAULT_MS,
      demo: v.demo,
      visibility: v.visibility,
      createdAt: new Date(now),
    },
    select: { id: true },
  });
  await tx.councilSeat.createMany({
    data: v.seats.map((s) => ({ ...s, councilId: council.id })),
  });
  await announceChange(tx, council.id, "council.convened", { question: c.question });
  await tellInvitees(tx, council.id, c.question, v.seats, now);
  await lockCouncil(tx, council.id);
  await advanceIn(tx, council.id, now);
  return council.id;
}

/** Each invitee hears of their invitation on their own topic (an agent's, through its owner). */
export async function tellInvitees(
  tx: Prisma.TransactionClient,
  councilId: number,
  question: string,
  seats: Pick<SeatData, "userId" | "agentId" | "consent" | "name">[],
  now: number,
): Promise<void> {
  for (const s of seats)
    if (s.consent === "invited")
      await tellInvitee(
        tx,
        { userId: s.userId ?? null, agentId: s.agentId ?? null },
        "invitation.received",
        { councilId, question, seat: s.name },
        {
          what: `the seat ${s.name} at the round table “${question}”`,
          once: `invitation:council:${councilId}:${s.name}:${now}`,
          now,
        },
      );
}

/**
 * A person convenes and facilitates; an agent may convene for its owner, who facilitates. Round 1 opens in the same
 * transaction, and the model seats are asked in the background.
 */
export async function convene(
  db: Db,
  who: Who,
  input: unknown,
  now: number,
  opts: { demo?: string; visibility?: Visibility } = {},
): Promise<Result<{ id: number }>> {
  const prepared = await prepareConvening(db, who, input, { visibility: "invited", ...opts });
  if (!prepared.ok) return prepared;
  const id = await db.$transaction((tx) => writeConvening(tx, prepared.value, now));
  kickModels(id);
  return ok({ id });
}
