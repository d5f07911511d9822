// Convening: a facilitator sets one decision (question, context, options, aggregator, values keywords, round
// deadline) and seats its souls, each with where its text came from and who wears it; round 1 opens at once.
import { z } from "zod";
import type { Prisma } from "../../generated/prisma/client";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { nameKey } from "../../names";
import {
  AGGREGATORS,
  DEFAULT_AGGREGATOR,
  DEFAULT_VALUES_KEYWORDS,
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
import { parseId, parseInput } from "../input";
import { advanceIn } from "./advance";
import { kickModels } from "./common";
import { announceChange } from "./events";
import { lockCouncil } from "./load";

export const SOUL_SOURCES = ["pasted", "uploaded", "habit"] as const;
export const WEARERS = ["person", "agent", "model"] as const;

const ZSeat = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "give the seat a name")
      .max(SEAT_NAME_MAX, `use at most ${SEAT_NAME_MAX} characters`)
      .regex(/^[^\n\r,]+$/, "one line, no commas")
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
    source_label: z
      .string()
      .trim()
      .max(200)
      .optional()
      .describe("the uploaded file's name, or a note on where the text came from"),
    wearer: z
      .enum(WEARERS)
      .describe("who answers for the soul: a signed-in person, an agent (token), or a model the server runs"),
    person: z.string().trim().max(80).optional().describe("wearer person: the person's account name"),
    agent: z
      .union([z.number().int().positive(), z.string().trim().max(120)])
      .optional()
      .describe("wearer agent: the agent's id, or owner/name"),
    provider: z.enum(PROVIDERS).optional().describe("wearer model: anthropic, openai-compatible or scripted"),
    model: z
      .string()
      .trim()
      .max(120)
      .optional()
      .describe("wearer model: the model name (a default per provider)"),
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

export const ZConvene = z
  .object({
    question: z
      .string()
      .trim()
      .min(1, "ask one question")
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
      .array(z.string().trim().min(1).max(40))
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
    seats: z
      .array(ZSeat)
      .min(SEATS_MIN, `seat at least ${SEATS_MIN} souls`)
      .max(SEATS_MAX, `seat at most ${SEATS_MAX} souls`)
      .describe(`${SEATS_MIN}–${SEATS_MAX} souls`),
  })
  .strict();
export type ConveneInput = z.infer<typeof ZConvene>;

type SeatData = Omit<Prisma.CouncilSeatCreateManyInput, "councilId">;

/** Resolve who wears each seat, checking that the person and agent exist and a model is one the server can run. */
async function seatData(db: Db, seats: ConveneInput["seats"]): Promise<Result<SeatData[]>> {
  const out: SeatData[] = [];
  const people = new Set<number>();
  const agents = new Set<number>();
  for (const [position, s] of seats.entries()) {
    if (s.source === "habit" && (/[\r\n]/.test(s.soul) || s.soul.length > HABIT_MAX))
      return fail("invalid", `${s.name}: a habit is one line of at most ${HABIT_MAX} characters.`);
    const base: SeatData = {
      position,
      name: s.name,
      soul: s.soul,
      soulSource: s.source,
      sourceLabel: s.source_label ?? "",
      wearer: s.wearer,
    };
    if (s.wearer === "person") {
      if (!s.person) return fail("invalid", `${s.name}: name the person who wears this seat.`);
      const u = await db.user.findUnique({ where: { nameKey: nameKey(s.person) }, select: { id: true } });
      if (!u) return fail("invalid", `${s.name}: there is no person named "${s.person}".`);
      if (people.has(u.id)) return fail("invalid", `${s.person} wears two seats; one seat per person.`);
      people.add(u.id);
      out.push({ ...base, userId: u.id });
    } else if (s.wearer === "agent") {
      if (s.agent === undefined || s.agent === "")
        return fail("invalid", `${s.name}: name the agent (its id, or owner/name).`);
      const byId = typeof s.agent === "number" || /^\d+$/.test(s.agent) ? parseId(s.agent) : undefined;
      if (byId === null) return fail("invalid", `${s.name}: ${JSON.stringify(s.agent)} is not an agent id.`);
      const a =
        byId !== undefined
          ? await db.agent.findUnique({
              where: { id: byId },
              select: { id: true, revokedAt: true },
            })
          : await db.agent.findFirst({
              where: {
                owner: { name: String(s.agent).split("/")[0] ?? "" },
                name: String(s.agent).split("/").slice(1).join("/"),
              },
              select: { id: true, revokedAt: true },
            });
      if (!a)
        return fail(
          "invalid",
          `${s.name}: there is no agent ${JSON.stringify(s.agent)} (use its id, or owner/name).`,
        );
      if (a.revokedAt) return fail("invalid", `${s.name}: that agent's token is revoked.`);
      if (agents.has(a.id))
        return fail("invalid", `${s.name}: that agent already wears a seat; one seat per agent.`);
      agents.add(a.id);
      out.push({ ...base, agentId: a.id });
    } else {
      if (!s.provider)
        return fail("invalid", `${s.name}: choose the model's provider (${PROVIDERS.join(", ")}).`);
      const m = checkModelSeat({ name: s.name, provider: s.provider, model: s.model, baseUrl: s.base_url });
      if (!m.ok) return m;
      if (s.script && m.value.provider !== "scripted")
        return fail("invalid", `${s.name}: only a scripted soul takes a script.`);
      out.push({
        ...base,
        provider: m.value.provider,
        model: m.value.model,
        baseUrl: m.value.baseUrl,
        script: (s.script ?? undefined) as Prisma.InputJsonValue | undefined,
      });
    }
  }
  return ok(out);
}

/** A convening checked and its seats resolved: everything the write needs, nothing written yet. */
export type Convening = {
  input: z.infer<typeof ZConvene>;
  seats: SeatData[];
  facilitatorId: number;
  demo: string | null;
};

/** Checks a convening and reads what its seats name, so a caller can write it inside a transaction of its own. */
export async function prepareConvening(
  db: Db,
  who: Who,
  input: unknown,
  opts: { demo?: string } = {},
): Promise<Result<Convening>> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  const p = parseInput(ZConvene, input);
  if (!p.ok) return p;
  const c = p.value;
  if (new Set(c.options).size !== c.options.length) return fail("invalid", "The options must be distinct.");
  const names = c.seats.map((s) => s.name.toLowerCase());
  if (new Set(names).size !== names.length) return fail("invalid", "Each seat needs its own name.");
  const seats = await seatData(db, c.seats);
  if (!seats.ok) return seats;
  const facilitatorId = who.kind === "user" ? who.userId : who.kind === "agent" ? who.ownerId : 0;
  return ok({ input: c, seats: seats.value, facilitatorId, demo: opts.demo ?? null });
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
      context: c.context?.trim() ?? "",
      options: c.options,
      aggregator: c.aggregator ?? DEFAULT_AGGREGATOR,
      valuesKeywords: c.values_keywords ?? [...DEFAULT_VALUES_KEYWORDS],
      facilitatorId: v.facilitatorId,
      roundDeadlineMs: c.round_deadline_ms ?? ROUND_DEADLINE_DEFAULT_MS,
      demo: v.demo,
      createdAt: new Date(now),
    },
    select: { id: true },
  });
  await tx.councilSeat.createMany({
    data: v.seats.map((s) => ({ ...s, councilId: council.id })),
  });
  await announceChange(tx, council.id, "council.convened", { question: c.question });
  await lockCouncil(tx, council.id);
  await advanceIn(tx, council.id, now);
  return council.id;
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
  opts: { demo?: string } = {},
): Promise<Result<{ id: number }>> {
  const prepared = await prepareConvening(db, who, input, opts);
  if (!prepared.ok) return prepared;
  const id = await db.$transaction((tx) => writeConvening(tx, prepared.value, now));
  kickModels(id);
  return ok({ id });
}
